#pragma once
// The files a backup or restore benchmark works on: the caller's sources, or a generated set of
// incompressible files under the scratch directory, listed in the order a backup reads them.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench/passes.h"
#include "bench/scratch_backup.h"
#include "common/clock.h"
#include "common/result.h"

namespace tl::bench {

// The read size of the benches' file passes: dd bs=2M, and a backup's read buffer.
inline constexpr std::size_t kBenchReadBuffer = 2u << 20;

struct BenchSources {
    std::vector<std::string> sources; // one backup source each
    std::vector<std::string> files;   // the regular files under them, in walk order
    bool generated = false;           // made under <scratch>/data for this run
    PassResult warm;                  // the warm-up read that put them in the page cache
};

struct BenchSourceRequest {
    std::vector<std::string> given; // the caller's --source paths; empty: generate
    std::uint64_t files = 0;        // generated: how many files
    std::uint64_t size = 0;         // generated: bytes in total
    std::size_t groups = 1;         // generated: one source directory per session
    std::string scratch;            // generated: made under scratch + "/data"
};

// The request of a backup or restore bench's options (both name these fields alike).
template <class Options>
BenchSourceRequest source_request(const Options& o, const std::string& scratch) {
    return {o.sources, o.files, o.size, o.drives * o.sessions_per_drive, scratch};
}

// Lists (or generates) the files, then reads them once into the page cache, as every pass
// after it expects. InvalidArgument when the sources hold no regular file; I/O errors name
// the path.
Result<BenchSources> prepare_bench_sources(const BenchSourceRequest& request, Clock& clock,
                                           const std::function<void(const std::string&)>& note);

// Where a backup, restore or agent bench runs: its scratch directory (removed with the stage)
// and its sources, prepared as above.
struct BenchStage {
    ScratchDir scratch;
    BenchSources prepared;
};

// Makes a scratch directory under `scratch_root`, then prepares `request` (generated files go
// under it: `request.scratch` is set here).
Result<std::unique_ptr<BenchStage>>
stage_bench(const std::string& scratch_root, BenchSourceRequest request, Clock& clock,
            const std::function<void(const std::string&)>& note);

// A bench's options as its result records them: without the caller's callbacks.
template <class Options> Options recorded_options(Options o) {
    o.note = {};
    o.cancel = nullptr;
    return o;
}

} // namespace tl::bench
