#pragma once
// `tapeloom-cli bench blocksize`: the same backup (scratch library on tmpfs, as bench backup)
// once per tape block size, to show what the per-block costs (headers, CRCs, catalog extents,
// drive calls) add: MB/s and engine CPU seconds per GiB written to tape, and each size's CPU
// per GiB relative to the smallest size's. An untimed backup first touches the scratch memory
// (on a virtual machine first-touch writes are several times slower), then each size runs
// `repeat` times and its fastest run counts: on a busy machine the slow runs measure the
// neighbours, not the block size.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/machine_info.h"
#include "common/clock.h"
#include "common/result.h"
#include "job/job_report.h"

namespace tl::bench {

struct BlocksizeBenchOptions {
    std::vector<std::size_t> sizes = {64u << 10, 256u << 10, 1u << 20};
    std::vector<std::string> sources; // empty: generate `size` bytes of incompressible files
    std::uint64_t size = 256ull << 20;
    std::uint64_t files = 4;
    std::size_t drives = 1;
    std::size_t sessions_per_drive = 4;
    std::size_t repeat = 3; // runs per size; the fastest is reported (a shared machine's noise)
    std::string scratch = "/dev/shm";
    std::atomic<bool>* cancel = nullptr;
};

struct BlocksizeLevel {
    std::size_t block_size = 0;
    job::JobReport report;           // the fastest run
    std::vector<double> run_seconds; // every run, in order
    double cpu_per_gib() const;      // process CPU / GiB on tape
};

struct BlocksizeBenchResult {
    MachineInfo machine;
    BlocksizeBenchOptions options;
    bool generated = false;
    std::vector<BlocksizeLevel> levels; // in the order of options.sizes
};

Result<BlocksizeBenchResult> run_blocksize_bench(const BlocksizeBenchOptions& o, Clock& clock);
nlohmann::json to_json(const BlocksizeBenchResult& r);
std::string format_blocksize_bench(const BlocksizeBenchResult& r);

} // namespace tl::bench
