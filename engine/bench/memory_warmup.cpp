#include "bench/memory_warmup.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <sys/mman.h>
#include <unistd.h>

namespace tl::bench {

Status warm_memory(std::uint64_t bytes) {
    const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    // Never more than half of the memory free now: the warm-up must not push out the page
    // cache or the sources on tmpfs, nor run the machine out of memory.
    const auto free_now = static_cast<std::uint64_t>(::sysconf(_SC_AVPHYS_PAGES)) * page;
    bytes = std::min(bytes, free_now / 2);
    if (bytes == 0) return {};
    const std::size_t length = static_cast<std::size_t>((bytes + page - 1) / page * page);
    void* p = ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return make_error(ErrorKind::Io, "cannot map " + std::to_string(length) +
                                             " bytes to warm the memory: " + std::strerror(errno));
    std::memset(p, 0x5a, length);
    ::munmap(p, length);
    return {};
}

} // namespace tl::bench
