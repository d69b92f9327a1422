#pragma once
// A fast, deterministic byte generator for bench and demo data. xorshift64* is plenty for
// "incompressible" (no codec finds structure in it) and runs at several GB/s, where
// /dev/urandom would cap generation at a few hundred MB/s and give different bytes each run.
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace tl::bench {

class XorShift {
public:
    explicit XorShift(std::uint64_t seed) : s_(seed ? seed : 0x9e3779b97f4a7c15ull) {}
    std::uint64_t next() {
        s_ ^= s_ >> 12;
        s_ ^= s_ << 25;
        s_ ^= s_ >> 27;
        return s_ * 0x2545f4914f6cdd1dull;
    }
    // Uniform-enough value in [lo, hi] for sizes and picks (modulo bias does not matter here).
    std::uint64_t between(std::uint64_t lo, std::uint64_t hi) {
        return lo + next() % (hi - lo + 1);
    }
    void fill(void* buf, std::size_t size) {
        auto* p = static_cast<unsigned char*>(buf);
        while (size >= 8) {
            const std::uint64_t v = next();
            std::memcpy(p, &v, 8);
            p += 8;
            size -= 8;
        }
        if (size) {
            const std::uint64_t v = next();
            std::memcpy(p, &v, size);
        }
    }

private:
    std::uint64_t s_;
};

} // namespace tl::bench
