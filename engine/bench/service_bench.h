#pragma once
// `tapeloom-cli bench service` (issue 16's figures): the Tapeloom service on a scratch data
// directory, measured from a client as the CLI and the console use it.
// - latency: a catalog of `entries` file entries (bench catalog's tree) and `jobs` more jobs in
//   the history; `calls` timed calls each of `jobs list` (POST /v1/queries, as the CLI runs it),
//   GET /v1/jobs?limit=100 (the console's first page) and one 1,000-entry page of a directory
//   (GET /v1/files); median, p99 and worst.
// - stream: a backup of `stream_drives` x `stream_sessions` throttled sources; the service's
//   CPU over windows of `window` seconds without a client, then with one following the job's
//   live stream and the event stream, then without again: what the streams cost.
// - backup: the same generated files backed up in process (bench backup's path) and through the
//   service (POST /v1/backups), `runs` times each, alternated; the job's own rate both ways.
// Everything it creates is removed at the end.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/bench_service.h"
#include "bench/catalog_bench.h"
#include "bench/machine_info.h"
#include "common/clock.h"
#include "common/result.h"

namespace tl::bench {

struct ServiceBenchOptions {
    bool latency = true, stream = true, backup = true;
    std::uint64_t entries = 1'000'000;
    std::uint64_t jobs = 1'000;
    std::size_t calls = 300;
    std::size_t stream_drives = 16, stream_sessions = 4;
    double stream_rate = 256e3; // bytes/s per throttled source
    double window = 15;         // seconds per CPU window
    std::uint64_t size = 1ull << 30;
    std::uint64_t files = 4;
    std::size_t drives = 2, sessions_per_drive = 4;
    std::size_t runs = 3;
    std::string scratch = "/dev/shm";
    std::string source_program; // the tapeloom-cli that provides `bench-source`
    StartService start_service;
    std::atomic<bool>* cancel = nullptr;
};

struct CallTiming {
    std::string what;
    std::size_t calls = 0;
    double median = 0, p99 = 0, worst = 0; // seconds
    std::uint64_t rows = 0;                // rows in the (last) answer
};

struct StreamCost {
    std::size_t drives = 0, sessions = 0;
    double window = 0;
    double without_before = 0, with = 0, without_after = 0; // service CPU, percent of a core
    std::uint64_t events = 0;                               // events the follower got
};

struct BackupPair {
    std::vector<double> in_process, service; // MB/s: the job's source bytes / its elapsed
    std::vector<double> service_wall;        // MB/s: source bytes / submit-to-ended
    std::uint64_t bytes = 0;
};

struct ServiceBenchResult {
    MachineInfo machine;
    ServiceBenchOptions options;
    std::uint64_t entries = 0, jobs = 0;
    std::vector<CallTiming> calls;
    StreamCost stream;
    BackupPair backup;
};

Result<ServiceBenchResult> run_service_bench(const ServiceBenchOptions& o, Clock& clock);
nlohmann::json to_json(const ServiceBenchResult& r);
std::string format_service_bench(const ServiceBenchResult& r);

} // namespace tl::bench
