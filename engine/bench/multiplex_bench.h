#pragma once
// `tapeloom-cli bench multiplex`: the seed-000 table on this host. For each drive count D,
// D x K sources (each a `cmd:` running `tapeloom-cli bench-source`: incompressible bytes at
// the source rate, like the seed's 4.5 MB/s disks) are backed up to D virtual drives whose
// streaming model runs at the drive rate (buffer, reposition penalty: tape-notes §4.3). Each
// row: sustained and wall rate, CPU, bytes, elapsed and shoe-shine events per drive, next to
// what the planner's model predicts for the same setup.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/machine_info.h"
#include "bench/planner.h"
#include "common/clock.h"
#include "common/result.h"
#include "job/job_report.h"

namespace tl::bench {

struct MultiplexBenchOptions {
    std::vector<std::size_t> drives = {1, 2, 4};
    std::size_t sessions_per_drive = 4; // K
    double source_rate = 4.5e6;         // bytes/s per source; 0 = unthrottled
    double drive_rate = 11e6;           // the drives' native rate R
    double buffer = 8e6;                // drive buffer B_d
    double reposition_s = 3.0;          // T_r
    // "" = the one-speed model above; "lto9"/"lto8": the drive type's model (speed steps,
    // buffer, backhitch, load and locate times) scaled to drive_rate (rate_scale = drive_rate /
    // native), its mechanical times divided by time_scale; buffer_given: `buffer` replaces the
    // type's (real bytes).
    std::string model;
    double time_scale = 10;
    bool buffer_given = false;
    std::uint64_t size = 64ull << 20; // bytes per drive (split over its K sources)
    std::size_t block_size = 256u << 10;
    std::string source_program; // the tapeloom-cli that provides `bench-source`
    std::string scratch = "/dev/shm";
    std::atomic<bool>* cancel = nullptr;
};

struct MultiplexLevel {
    std::size_t drives = 0;
    std::size_t sessions = 0;
    job::JobReport report;
    std::vector<double> per_cpu_busy; // percent per CPU over the job (machine-wide, as iostat)
    double all_cpu_busy = 0;
    Plan predicted;
};

struct MultiplexBenchResult {
    MachineInfo machine;
    MultiplexBenchOptions options;
    std::vector<MultiplexLevel> levels;
};

Result<MultiplexBenchResult> run_multiplex_bench(const MultiplexBenchOptions& o, Clock& clock);
nlohmann::json to_json(const MultiplexBenchResult& r);
std::string format_multiplex_bench(const MultiplexBenchResult& r);

} // namespace tl::bench
