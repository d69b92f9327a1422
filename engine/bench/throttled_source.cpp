#include "bench/throttled_source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>
#include <vector>

#include <unistd.h>

#include "bench/xorshift.h"

namespace tl::bench {

namespace {
std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}
} // namespace

std::string throttled_source_spec(const std::string& program, std::uint64_t size, double rate,
                                  std::uint64_t seed) {
    std::ostringstream c;
    c.precision(17);
    c << "cmd:" << shell_quote(program) << " bench-source --size " << size << " --rate " << rate
      << " --seed " << seed;
    return c.str();
}

Status write_throttled(int fd, std::uint64_t size, double rate, std::uint64_t seed, Clock& clock) {
    constexpr std::size_t kChunk = 64u << 10; // small enough that pacing is smooth at 1 MB/s
    std::vector<char> buf(kChunk);
    XorShift rng(seed);
    auto next = clock.now();
    std::uint64_t left = size;
    while (left > 0) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, left));
        rng.fill(buf.data(), n);
        if (rate > 0) {
            const auto now = clock.now();
            if (next > now)
                clock.sleep_for(next - now);
            else
                next = now; // fell behind (blocked downstream): no catching up in a burst
            next += std::chrono::nanoseconds(
                static_cast<long long>(static_cast<double>(n) / rate * 1e9));
        }
        const char* p = buf.data();
        std::size_t todo = n;
        while (todo > 0) {
            const ssize_t w = ::write(fd, p, todo);
            if (w < 0 && errno == EINTR) continue;
            if (w < 0)
                return make_error(ErrorKind::Io,
                                  std::string("bench-source: write: ") + std::strerror(errno));
            p += w;
            todo -= static_cast<std::size_t>(w);
        }
        left -= n;
    }
    return {};
}

} // namespace tl::bench
