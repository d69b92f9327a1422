#pragma once
// `tapeloom-cli bench service` (issue 16's figures): the Tapeloom service on a scratch data
// directory, measured from a client as the CLI and the console use it.
// - latency: a catalog of `entries` file entries (bench catalog's tree) and `jobs` more jobs in
//   the history; `calls` timed calls each of `jobs list` (GET /v1/jobs in pages, as the CLI runs
//   it), GET /v1/jobs?limit=100 (the console's first page) and one 1,000-entry page of a directory
//   (GET /v1/files), as objects and in the compact shape files ls reads; median, p99 and worst.
// - stream: a backup of `stream_drives` x `stream_sessions` throttled sources; the service's
//   CPU over windows of `window` seconds without a client, then with `followers` clients each
//   following the job's live stream and `followers` the event stream, then without again: what
//   the streams cost, per pair of followers.
// - during-backup: a history of `history` jobs and a save set with one directory of
//   `dir_entries` entries; while a backup on 2 drives x 4 throttled sources of `backup_rate`
//   runs through the service, `calls` timed client calls each of a user's `jobs list` and
//   `files ls DIR` (every page), then `processes` runs of the real tapeloom-cli for each;
//   refused when the backup was not running before and after every series of calls.
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
    bool latency = true, stream = true, during_backup = true, backup = true;
    std::uint64_t entries = 1'000'000;
    std::uint64_t jobs = 1'000;
    std::size_t calls = 300;
    std::uint64_t history = 10'000;    // during-backup: jobs in the history
    std::uint64_t dir_entries = 5'000; // during-backup: entries of the listed directory
    double backup_rate = 8e6;          // during-backup: bytes/s per source of the backup
    double backup_seconds = 300;       // during-backup: what each source holds at that rate
    std::size_t processes = 20;        // during-backup: tapeloom-cli runs per command
    std::size_t stream_drives = 16, stream_sessions = 4;
    double stream_rate = 256e3; // bytes/s per throttled source
    double window = 15;         // seconds per CPU window
    std::size_t followers = 8;  // pairs of stream followers in the middle window (1 to 8)
    std::uint64_t size = 1ull << 30;
    std::uint64_t files = 4;
    std::size_t drives = 2, sessions_per_drive = 4;
    std::size_t runs = 3;
    std::string scratch = "/dev/shm";
    std::string source_program; // the tapeloom-cli: `bench-source`, and the CLI a user runs
    StartService start_service;
    std::atomic<bool>* cancel = nullptr;
};

struct CallTiming {
    std::string what;
    std::size_t calls = 0;
    double median = 0, p99 = 0, worst = 0; // seconds
    std::uint64_t rows = 0;                // rows in the (last) answer
    // The service's own handling time of a call (its Server-Timing headers), when measured.
    bool has_service_time = false;
    double service_median = 0, service_p99 = 0, service_worst = 0; // seconds
};

// The load the during-backup part's calls ran under, and the proof that they did.
struct DuringBackup {
    std::uint64_t jobs = 0, dir_entries = 0;
    std::size_t drives = 0, sources = 0;
    double rate = 0;                // bytes/s per source, as asked
    std::uint64_t backup_bytes = 0; // what the backup had read when it was cancelled
    double backup_seconds = 0;      // its elapsed until then
    std::size_t checks = 0;         // "running" seen before and after each series of calls
    std::vector<CallTiming> calls;
};

struct StreamCost {
    std::size_t drives = 0, sessions = 0;
    double window = 0;
    std::size_t followers = 0;                              // pairs of followers
    double without_before = 0, with = 0, without_after = 0; // service CPU, percent of a core
    std::uint64_t events = 0;                               // events the followers got
    // What one pair of followers costs: the middle window over the mean of the others, divided
    // by the pairs.
    double per_pair() const {
        return followers ? (with - (without_before + without_after) / 2) / followers : 0;
    }
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
    DuringBackup during;
    BackupPair backup;
};

Result<ServiceBenchResult> run_service_bench(const ServiceBenchOptions& o, Clock& clock);
nlohmann::json to_json(const ServiceBenchResult& r);
std::string format_service_bench(const ServiceBenchResult& r);

} // namespace tl::bench
