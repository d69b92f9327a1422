#pragma once
// Small helpers the bench reports share: units as the docs print them (decimal MB/s, CPU
// seconds per binary GiB, as `bench backup` has always reported) and the machine block.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/machine_info.h"

namespace tl::bench {

inline constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

inline double mb_per_s(double bytes, double seconds) {
    return seconds > 0 ? bytes / seconds / 1e6 : 0.0;
}
inline double cpu_per_gib(double cpu_seconds, double bytes) {
    return bytes > 0 ? cpu_seconds / (bytes / kGiB) : 0.0;
}
inline nlohmann::json machine_json(const MachineInfo& m) {
    return {{"cpus", m.cpus},
            {"memory_bytes", m.memory},
            {"cpu_model", m.cpu_model},
            {"load_average_1m", m.load_average},
            {"checksums", m.checksums}};
}

} // namespace tl::bench
