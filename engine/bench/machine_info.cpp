#include "bench/machine_info.h"

#include <chrono>
#include <ctime>
#include <fstream>

#include <stdlib.h>
#include <unistd.h>

#include "codec/crc32c.h"
#include "codec/hash.h"

namespace tl::bench {

MachineInfo read_machine_info(Clock& clock) {
    MachineInfo m;
    const long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
    m.cpus = cpus > 0 ? static_cast<unsigned>(cpus) : 0;
    const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page > 0) m.memory = static_cast<std::uint64_t>(pages) * page;
    std::ifstream info("/proc/cpuinfo");
    for (std::string line; std::getline(info, line);) {
        if (line.rfind("model name", 0) != 0) continue;
        const auto colon = line.find(':');
        if (colon != std::string::npos)
            m.cpu_model = line.substr(line.find_first_not_of(" \t", colon + 1));
        break;
    }
    m.checksums = std::string("XXH3 ") + codec::hash_kernel_name() + ", CRC32C " +
                  (codec::crc32c_folding_available()    ? "vpclmulqdq"
                   : codec::crc32c_hardware_available() ? "sse4.2"
                                                        : "table");
    double load[1] = {0};
    if (::getloadavg(load, 1) == 1) m.load_average = load[0];
    const std::time_t now = std::chrono::system_clock::to_time_t(clock.wall());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    m.date = buf;
    return m;
}

} // namespace tl::bench
