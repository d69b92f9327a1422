#include "bench/blocksize_bench.h"

#include <algorithm>
#include <sstream>

#include "bench/data_gen.h"
#include "bench/passes.h"
#include "bench/report_util.h"
#include "bench/scratch_backup.h"
#include "common/units.h"

namespace tl::bench {

namespace {

// The CPU/GiB of the smallest block size, the baseline the ratios are relative to.
double smallest_cpu(const BlocksizeBenchResult& r) {
    const BlocksizeLevel* best = nullptr;
    for (const auto& l : r.levels)
        if (!best || l.block_size < best->block_size) best = &l;
    return best ? best->cpu_per_gib() : 0;
}

} // namespace

double BlocksizeLevel::cpu_per_gib() const {
    return bench::cpu_per_gib(report.cpu_seconds, static_cast<double>(report.tape_bytes));
}

Result<BlocksizeBenchResult> run_blocksize_bench(const BlocksizeBenchOptions& o, Clock& clock) {
    BlocksizeBenchResult r;
    r.machine = read_machine_info(clock);
    r.options = o;
    r.options.cancel = nullptr;
    auto tmp = make_scratch_dir(o.scratch);
    if (!tmp) return tmp.error();
    ScratchDir scratch{tmp.value()};
    std::vector<std::string> sources = o.sources;
    if (sources.empty()) {
        auto set = generate_random_files(scratch.path + "/data", o.files, o.size,
                                         o.drives * o.sessions_per_drive);
        if (!set) return set.error();
        sources = set->sources;
        r.generated = true;
    }
    auto files = list_files(sources);
    if (!files) return files.error();
    // Page cache first, so the first block size does not pay for the disk alone.
    auto warm = read_pass(files.value(), 2u << 20, clock);
    if (!warm) return warm.error();
    auto once = [&](std::size_t block, const std::string& home) {
        ScratchBackup b;
        b.sources = sources;
        b.bytes = warm->bytes;
        b.drives = o.drives;
        b.sessions_per_drive = o.sessions_per_drive;
        b.block_size = block;
        b.cancel = o.cancel;
        auto rep = backup_to_scratch(b, home, clock);
        ScratchDir done{home}; // a fresh data directory per run, its tapes freed at once
        return rep;
    };
    if (auto w = once(o.sizes.front(), scratch.path + "/warm"); !w) return w.error();
    for (std::size_t i = 0; i < o.sizes.size(); ++i) {
        BlocksizeLevel l;
        l.block_size = o.sizes[i];
        for (std::size_t k = 0; k < std::max<std::size_t>(o.repeat, 1); ++k) {
            TL_TRY(cancelled_check(o.cancel));
            auto rep = once(o.sizes[i], scratch.path + "/home");
            if (!rep) return rep.error();
            l.run_seconds.push_back(rep->elapsed);
            if (k == 0 || rep->elapsed < l.report.elapsed) l.report = rep.value();
        }
        r.levels.push_back(std::move(l));
    }
    return r;
}

nlohmann::json to_json(const BlocksizeBenchResult& r) {
    const double base = smallest_cpu(r);
    nlohmann::json levels = nlohmann::json::array();
    for (const auto& l : r.levels) {
        const auto& b = l.report;
        levels.push_back({{"block_size", l.block_size},
                          {"job_status", b.status},
                          {"bytes", b.bytes},
                          {"tape_bytes", b.tape_bytes},
                          {"seconds", b.elapsed},
                          {"mb_s", mb_per_s(static_cast<double>(b.bytes), b.elapsed)},
                          {"cpu_seconds", b.cpu_seconds},
                          {"cpu_s_per_gib", l.cpu_per_gib()},
                          {"cpu_ratio_to_smallest", base > 0 ? l.cpu_per_gib() / base : 0.0},
                          {"run_seconds", l.run_seconds}});
    }
    return {{"date", r.machine.date},
            {"machine", machine_json(r.machine)},
            {"generated", r.generated},
            {"drives", r.options.drives},
            {"sessions_per_drive", r.options.sessions_per_drive},
            {"repeat", r.options.repeat},
            {"levels", levels}};
}

std::string format_blocksize_bench(const BlocksizeBenchResult& r) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(2);
    const double base = smallest_cpu(r);
    o << "Tapeloom bench blocksize, " << r.machine.date << " (load " << r.machine.load_average
      << " at start)\n  " << r.options.drives << " drive(s) x " << r.options.sessions_per_drive
      << " session(s), virtual drives on " << r.options.scratch
      << (r.generated ? ", generated incompressible data" : "") << "; fastest of "
      << r.options.repeat << " run(s) per size\n"
      << "  block size        MB/s   CPU s/GiB (tape)   vs smallest   seconds\n";
    for (const auto& l : r.levels) {
        o << "  ";
        o.width(10);
        o << format_bytes(l.block_size);
        o.width(12);
        o << mb_per_s(static_cast<double>(l.report.bytes), l.report.elapsed);
        o.width(19);
        o << l.cpu_per_gib();
        o.width(14);
        o << (base > 0 ? l.cpu_per_gib() / base : 0.0);
        o.width(10);
        o << l.report.elapsed << "\n";
    }
    return o.str();
}

} // namespace tl::bench
