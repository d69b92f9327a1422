#pragma once
// Per-CPU utilization from /proc/stat: a reading holds the cumulative jiffies per CPU; the
// utilization between two readings is derived here, in one place, from their deltas.
#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::metrics {

struct CpuTimes {
    std::uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
                  steal = 0;
    std::uint64_t total() const {
        return user + nice + system + idle + iowait + irq + softirq + steal;
    }
};

struct CpuReading {
    CpuTimes all;                  // the "cpu" line
    std::vector<CpuTimes> per_cpu; // "cpu0", "cpu1"...
};

// Utilization between two readings, in percent of that CPU's time (0..100 each).
struct CpuUsage {
    double user = 0;   // user + nice
    double system = 0; // system + irq + softirq
    double iowait = 0;
    double idle = 0;
    double busy() const { return user + system; }
};

Result<CpuReading> parse_proc_stat(const std::string& text);
// Reads and parses a /proc/stat-format file (injectable for tests).
Result<CpuReading> read_proc_stat(const std::string& path = "/proc/stat");

CpuUsage usage_between(const CpuTimes& before, const CpuTimes& after);

// Utilization per CPU and overall; CPUs that appear only in one reading are skipped.
struct CpuSample {
    CpuUsage all;
    std::vector<CpuUsage> per_cpu;
};
CpuSample usage_between(const CpuReading& before, const CpuReading& after);

} // namespace tl::metrics
