#pragma once
// The engine process's own CPU time and resident memory, from /proc/self.
#include <cstdint>

namespace tl::metrics {

struct ProcessStat {
    double cpu_seconds = 0;           // user + system, whole process, all threads
    std::uint64_t rss_bytes = 0;      // resident set now
    std::uint64_t peak_rss_bytes = 0; // high-water mark (VmHWM)
};

ProcessStat read_process_stat();

} // namespace tl::metrics
