#include "codec/crc32c.h"

#include <array>

namespace tl::codec {

namespace {
constexpr std::uint32_t kCombinePoly = 0x82F63B78u; // reflected Castagnoli polynomial

// a * b modulo the polynomial, both reflected (bit 31 is x^0), as in zlib's multmodp.
constexpr std::uint32_t mult_mod_poly(std::uint32_t a, std::uint32_t b) {
    std::uint32_t product = 0;
    for (std::uint32_t m = 1u << 31; m != 0; m >>= 1) {
        if (a & m) {
            product ^= b;
            if ((a & (m - 1)) == 0) break;
        }
        b = (b & 1u) ? (b >> 1) ^ kCombinePoly : b >> 1;
    }
    return product;
}

// x^(2^k) modulo the polynomial for k = 0..31.
constexpr std::array<std::uint32_t, 32> make_powers() {
    std::array<std::uint32_t, 32> t{};
    std::uint32_t p = 1u << 30; // x^1
    for (auto& e : t) {
        e = p;
        p = mult_mod_poly(p, p);
    }
    return t;
}
constexpr std::array<std::uint32_t, 32> kPowers = make_powers();

// x^(n * 2^k) modulo the polynomial.
std::uint32_t x_pow_mod_poly(std::size_t n, unsigned k) {
    std::uint32_t p = 1u << 31; // x^0
    for (; n != 0; n >>= 1, ++k)
        if (n & 1u) p = mult_mod_poly(kPowers[k & 31], p);
    return p;
}
} // namespace

std::uint32_t crc32c_combine(std::uint32_t crc_a, std::uint32_t crc_b, std::size_t len_b) {
    return mult_mod_poly(x_pow_mod_poly(len_b, 3), crc_a) ^ crc_b; // len_b * 8 bits
}

} // namespace tl::codec
