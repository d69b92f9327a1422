#pragma once
// The typed door's reads of the service's machine (api.h, docs/api.md "The machine of the
// service"): what a console's Dashboard and Log page show, so that a console on another machine
// shows the service's CPUs and log rather than its own (its jobs: live_jobs.h). No Qt.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "metrics/cpu_stat.h"

namespace tl::client {

// GET /v1/host: cumulative counters, to be differenced between two readings.
struct HostReading {
    double time = 0;             // the service machine's wall clock, unix seconds
    double monotonic = 0;        // the service machine's steady clock, seconds
    metrics::CpuReading cpu;     // /proc/stat of the service's machine
    long long pid = 0;           // the service process
    double cpu_seconds = 0;      // its CPU time (user + system, every thread)
    std::uint64_t rss_bytes = 0; // its resident memory now
    std::uint64_t peak_rss_bytes = 0;
    unsigned usable_cpus = 1; // the CPUs it may run on
};

// One line of the service's log (GET /v1/log).
struct ServiceLogLine {
    long long time_ms = 0;
    int level = 2; // spdlog's: 0 trace .. 5 critical
    std::string module;
    long long pid = 0; // the process that wrote it, on the service's machine
    std::string message;
};

// Lines after a cursor, and the cursor to ask with next (empty `lines`: nothing new).
struct ServiceLog {
    std::vector<ServiceLogLine> lines;
    std::string next;
    bool more = false; // more lines wait after `next`: ask again at once
    long long service_pid = 0;
};

Result<HostReading> host_reading_from_json(const nlohmann::json& j);
Result<ServiceLog> service_log_from_json(const nlohmann::json& j);

} // namespace tl::client
