#include "bench/bench_sources.h"

#include "bench/data_gen.h"
#include "bench/passes.h"
#include "common/units.h"

namespace tl::bench {

Result<BenchSources> prepare_bench_sources(const BenchSourceRequest& request, Clock& clock,
                                           const std::function<void(const std::string&)>& note) {
    BenchSources s;
    s.sources = request.given;
    if (s.sources.empty()) {
        if (note)
            note("generating " + std::to_string(request.files) + " incompressible file(s), " +
                 format_bytes(request.size) + " in total, under " + request.scratch + "/data");
        auto set = generate_random_files(request.scratch + "/data", request.files, request.size,
                                         request.groups);
        if (!set) return set.error();
        s.sources = set->sources;
        s.generated = true;
    }
    auto files = list_files(s.sources);
    if (!files) return files.error();
    if (files->empty())
        return make_error(ErrorKind::InvalidArgument, "the sources hold no regular files");
    s.files = std::move(files.value());
    if (note)
        note("warm-up: reading " + std::to_string(s.files.size()) + " file(s) into the page cache");
    auto warm = read_pass(s.files, kBenchReadBuffer, clock);
    if (!warm) return warm.error();
    s.warm = warm.value();
    return s;
}

Result<std::unique_ptr<BenchStage>>
stage_bench(const std::string& scratch_root, BenchSourceRequest request, Clock& clock,
            const std::function<void(const std::string&)>& note) {
    auto dir = make_scratch_dir(scratch_root);
    if (!dir) return dir.error();
    auto stage = std::make_unique<BenchStage>();
    stage->scratch.path = dir.value();
    request.scratch = stage->scratch.path;
    auto prepared = prepare_bench_sources(request, clock, note);
    if (!prepared) return prepared.error();
    stage->prepared = std::move(prepared.value());
    return stage;
}

} // namespace tl::bench
