#include "format/uuid.h"

#include <cstdio>
#include <random>

namespace tl::format {

Uuid Uuid::random() {
    thread_local std::mt19937_64 gen{[] {
        std::random_device rd;
        return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
    }()};
    Uuid u;
    for (int i = 0; i < 2; ++i) {
        const std::uint64_t v = gen();
        for (int b = 0; b < 8; ++b)
            u.bytes[static_cast<std::size_t>(i * 8 + b)] = static_cast<std::uint8_t>(v >> (8 * b));
    }
    u.bytes[6] = static_cast<std::uint8_t>((u.bytes[6] & 0x0F) | 0x40); // version 4
    u.bytes[8] = static_cast<std::uint8_t>((u.bytes[8] & 0x3F) | 0x80); // RFC 4122 variant
    return u;
}

std::string Uuid::str() const {
    std::string s;
    static const char* hex = "0123456789abcdef";
    for (std::size_t i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) s += '-';
        s += hex[bytes[i] >> 4];
        s += hex[bytes[i] & 0xF];
    }
    return s;
}

Result<Uuid> Uuid::parse(const std::string& text) {
    Uuid u;
    std::size_t k = 0;
    const auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '-' && (i == 8 || i == 13 || i == 18 || i == 23)) continue;
        const int hi = nibble(text[i]);
        const int lo = i + 1 < text.size() ? nibble(text[i + 1]) : -1;
        if (hi < 0 || lo < 0 || k >= 16) {
            k = 99;
            break;
        }
        u.bytes[k++] = static_cast<std::uint8_t>(hi << 4 | lo);
        ++i;
    }
    if (k != 16) return make_error(ErrorKind::InvalidArgument, "'" + text + "' is not a UUID");
    return u;
}

bool Uuid::is_nil() const {
    for (auto b : bytes)
        if (b) return false;
    return true;
}

} // namespace tl::format
