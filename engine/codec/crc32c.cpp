#include "codec/crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TL_CRC32C_X86 1
#endif

namespace tl::codec {
namespace {

constexpr std::uint32_t kPoly = 0x82F63B78u; // reflected Castagnoli polynomial

// Slicing-by-8 tables: table[k][b] is the CRC of byte b followed by k zero bytes.
using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

constexpr Tables make_tables() {
    Tables t{};
    for (std::uint32_t b = 0; b < 256; ++b) {
        std::uint32_t c = b;
        for (int i = 0; i < 8; ++i)
            c = (c & 1u) ? (c >> 1) ^ kPoly : c >> 1;
        t[0][b] = c;
    }
    for (std::size_t k = 1; k < 8; ++k)
        for (std::size_t b = 0; b < 256; ++b)
            t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xFFu];
    return t;
}

constexpr Tables kTables = make_tables();

std::uint64_t load64(const unsigned char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8); // host order; the table code below assumes little-endian hosts
    return v;
}

} // namespace

std::uint32_t crc32c_portable(const void* data, std::size_t n, std::uint32_t seed) {
    static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "slicing-by-8 assumes little-endian");
    const auto* p = static_cast<const unsigned char*>(data);
    std::uint32_t c = ~seed;
    while (n >= 8) {
        const std::uint64_t v = load64(p) ^ c;
        c = kTables[7][v & 0xFF] ^ kTables[6][(v >> 8) & 0xFF] ^ kTables[5][(v >> 16) & 0xFF] ^
            kTables[4][(v >> 24) & 0xFF] ^ kTables[3][(v >> 32) & 0xFF] ^
            kTables[2][(v >> 40) & 0xFF] ^ kTables[1][(v >> 48) & 0xFF] ^ kTables[0][v >> 56];
        p += 8;
        n -= 8;
    }
    while (n--)
        c = (c >> 8) ^ kTables[0][(c ^ *p++) & 0xFFu];
    return ~c;
}

#ifdef TL_CRC32C_X86
namespace {
// GF(2) arithmetic modulo the reflected polynomial (bit 31 is x^0), as zlib's crc32_combine:
// a(x) * b(x) mod P. `a` must not be zero (it is always a power of x here).
constexpr std::uint32_t multmodp(std::uint32_t a, std::uint32_t b) {
    std::uint32_t m = 1u << 31, p = 0;
    for (;;) {
        if (a & m) {
            p ^= b;
            if ((a & (m - 1)) == 0) break;
        }
        m >>= 1;
        b = (b & 1u) ? (b >> 1) ^ kPoly : b >> 1;
    }
    return p;
}

// x^(2^k) mod P for k = 0..31.
constexpr std::array<std::uint32_t, 32> make_x2n() {
    std::array<std::uint32_t, 32> t{};
    std::uint32_t p = 1u << 30; // x^1
    t[0] = p;
    for (std::size_t k = 1; k < 32; ++k)
        t[k] = p = multmodp(p, p);
    return t;
}
constexpr auto kX2n = make_x2n();

// x^(8 n) mod P: what appending n zero bytes multiplies a CRC by.
std::uint32_t x8nmodp(std::size_t n) {
    std::uint32_t p = 1u << 31; // x^0
    for (unsigned k = 3; n != 0; n >>= 1, ++k)
        if (n & 1) p = multmodp(kX2n[k & 31], p);
    return p;
}

} // namespace

__attribute__((target("sse4.2"))) std::uint32_t crc32c_hardware(const void* data, std::size_t n,
                                                                std::uint32_t seed) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::uint64_t c = ~seed;
    // One lane runs at ~8 bytes per 3 cycles (the instruction's latency); three independent
    // lanes over thirds of a large buffer keep the unit busy every cycle, and their CRCs are
    // combined (x8nmodp: a few hundred cycles, once per call). Every block is checked on
    // read and computed on write, so this is most of the CPU a restore spends outside the
    // kernel's copies.
    constexpr std::size_t kLaneMin = 8192;
    if (n >= 3 * kLaneMin) {
        const std::size_t lane = (n / 3) & ~std::size_t{7};
        const unsigned char* p1 = p + lane;
        const unsigned char* p2 = p1 + lane;
        std::uint64_t c1 = 0xFFFFFFFFu, c2 = 0xFFFFFFFFu;
        for (std::size_t i = 0; i < lane; i += 8) {
            c = _mm_crc32_u64(c, load64(p + i));
            c1 = _mm_crc32_u64(c1, load64(p1 + i));
            c2 = _mm_crc32_u64(c2, load64(p2 + i));
        }
        const std::uint32_t shift = x8nmodp(lane);
        std::uint32_t crc = ~static_cast<std::uint32_t>(c);
        crc = multmodp(shift, crc) ^ ~static_cast<std::uint32_t>(c1);
        crc = multmodp(shift, crc) ^ ~static_cast<std::uint32_t>(c2);
        c = ~crc;
        p += 3 * lane;
        n -= 3 * lane;
    }
    while (n >= 8) {
        c = _mm_crc32_u64(c, load64(p));
        p += 8;
        n -= 8;
    }
    auto c32 = static_cast<std::uint32_t>(c);
    while (n--)
        c32 = _mm_crc32_u8(c32, *p++);
    return ~c32;
}

bool crc32c_hardware_available() {
    static const bool available = __builtin_cpu_supports("sse4.2");
    return available;
}
#else
std::uint32_t crc32c_hardware(const void* data, std::size_t n, std::uint32_t seed) {
    return crc32c_portable(data, n, seed);
}
bool crc32c_hardware_available() {
    return false;
}
#endif

std::uint32_t crc32c(const void* data, std::size_t n, std::uint32_t seed) {
    static const bool hw = crc32c_hardware_available();
    return hw ? crc32c_hardware(data, n, seed) : crc32c_portable(data, n, seed);
}

} // namespace tl::codec
