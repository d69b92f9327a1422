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

// The CRC instruction has a latency of three cycles and a throughput of one, so one chain of
// instructions runs at a third of what the CPU can do. crc32c_hardware() runs three chains on
// three adjacent spans and joins them: the CRC register of span A followed by span B equals
// A's register advanced over |B| zero bytes, XORed with B's register from zero (the CRC is
// linear). Advancing over a fixed number of zeros is a 32x32 matrix over GF(2), applied byte
// by byte through four tables (Mark Adler's method, as in zlib's crc32_combine).
constexpr std::size_t kLong = 8192; // span of each chain in the big loop
constexpr std::size_t kShort = 256; // span of each chain for what is left

using ZeroTables = std::array<std::array<std::uint32_t, 256>, 4>;

std::uint32_t gf2_times(const std::array<std::uint32_t, 32>& mat, std::uint32_t vec) {
    std::uint32_t sum = 0;
    for (std::size_t i = 0; vec; vec >>= 1, ++i)
        if (vec & 1u) sum ^= mat[i];
    return sum;
}

std::array<std::uint32_t, 32> gf2_square(const std::array<std::uint32_t, 32>& mat) {
    std::array<std::uint32_t, 32> sq{};
    for (std::size_t i = 0; i < 32; ++i)
        sq[i] = gf2_times(mat, mat[i]);
    return sq;
}

// The operator that advances a CRC register over `bytes` zero bytes (a power of two).
std::array<std::uint32_t, 32> zeros_operator(std::size_t bytes) {
    std::array<std::uint32_t, 32> op{}; // one zero bit
    op[0] = kPoly;
    for (std::size_t i = 1; i < 32; ++i)
        op[i] = 1u << (i - 1);
    for (std::size_t bits = 1; bits < bytes * 8; bits *= 2)
        op = gf2_square(op);
    return op;
}

ZeroTables zero_tables(std::size_t bytes) {
    const auto op = zeros_operator(bytes);
    ZeroTables t{};
    for (std::uint32_t b = 0; b < 256; ++b)
        for (std::size_t k = 0; k < 4; ++k)
            t[k][b] = gf2_times(op, b << (8 * k));
    return t;
}

std::uint32_t shift(const ZeroTables& t, std::uint32_t crc) {
    return t[0][crc & 0xFFu] ^ t[1][(crc >> 8) & 0xFFu] ^ t[2][(crc >> 16) & 0xFFu] ^
           t[3][crc >> 24];
}

struct Shifts {
    ZeroTables over_long = zero_tables(kLong);
    ZeroTables over_short = zero_tables(kShort);
};

const Shifts& shifts() {
    static const Shifts s;
    return s;
}

// Three chains over three adjacent spans of `span` bytes each, joined; while n allows.
__attribute__((target("sse4.2"))) std::uint64_t three_chains(const unsigned char*& p,
                                                             std::size_t& n, std::uint64_t c0,
                                                             std::size_t span,
                                                             const ZeroTables& over_span) {
    while (n >= 3 * span) {
        std::uint64_t c1 = 0, c2 = 0;
        for (const unsigned char* end = p + span; p < end; p += 8) {
            c0 = _mm_crc32_u64(c0, load64(p));
            c1 = _mm_crc32_u64(c1, load64(p + span));
            c2 = _mm_crc32_u64(c2, load64(p + 2 * span));
        }
        c0 = shift(over_span, static_cast<std::uint32_t>(c0)) ^ c1;
        c0 = shift(over_span, static_cast<std::uint32_t>(c0)) ^ c2;
        p += 2 * span;
        n -= 3 * span;
    }
    return c0;
}

} // namespace

__attribute__((target("sse4.2"))) std::uint32_t crc32c_hardware(const void* data, std::size_t n,
                                                                std::uint32_t seed) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::uint64_t c = ~seed;
    const Shifts& s = shifts();
    c = three_chains(p, n, c, kLong, s.over_long);
    c = three_chains(p, n, c, kShort, s.over_short);
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
    static const bool fold = crc32c_folding_available();
    static const bool hw = crc32c_hardware_available();
    if (fold) return crc32c_folding(data, n, seed);
    return hw ? crc32c_hardware(data, n, seed) : crc32c_portable(data, n, seed);
}

} // namespace tl::codec

#undef TL_CRC32C_X86 // not into the next file of a unity batch
