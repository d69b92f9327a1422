#pragma once
// `tapeloom-cli bench read`: the seeds' "backup to the NULL device" — how fast this host can
// read the sources at all, with 1, 2, 4... concurrent readers (2 MiB reads, discarded), and
// what it costs in CPU. The files are read once untimed first so every level reads from the
// page cache (a cold first level would otherwise measure the disk, the others memory).
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/machine_info.h"
#include "common/clock.h"
#include "common/result.h"

namespace tl::bench {

struct ReadBenchOptions {
    std::vector<std::string> paths;
    std::vector<std::size_t> concurrency = {1, 2, 4, 8};
    std::size_t buffer = 2u << 20;
    std::atomic<bool>* cancel = nullptr;
};

struct ReadLevel {
    std::size_t concurrency = 0;
    std::uint64_t bytes = 0;
    double seconds = 0;
    double cpu_seconds = 0; // getrusage(RUSAGE_SELF): every reader thread
};

struct ReadBenchResult {
    MachineInfo machine;
    std::uint64_t files = 0;
    std::uint64_t bytes = 0;
    double warm_seconds = 0;
    std::vector<ReadLevel> levels;
};

Result<ReadBenchResult> run_read_bench(const ReadBenchOptions& o, Clock& clock);
nlohmann::json to_json(const ReadBenchResult& r);
std::string format_read_bench(const ReadBenchResult& r);

} // namespace tl::bench
