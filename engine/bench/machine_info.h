#pragma once
// What a benchmark figure needs next to it to mean anything: the machine it ran on.
#include <cstdint>
#include <string>

#include "common/clock.h"

namespace tl::bench {

struct MachineInfo {
    unsigned cpus = 0;        // online CPUs (nproc)
    std::uint64_t memory = 0; // physical memory, bytes
    std::string cpu_model;    // /proc/cpuinfo "model name"
    double load_average = 0;  // 1-minute load when the bench started (a busy machine shows)
    std::string checksums;    // the hash and CRC code in use: "XXH3 avx512, CRC32C vpclmulqdq"
    std::string date;         // UTC, ISO 8601
};

MachineInfo read_machine_info(Clock& clock);

} // namespace tl::bench
