#include "catalog/pg_text.h"

#include <cstdint>

#include "common/utf8.h"

namespace tl::catalog {

namespace {
constexpr std::uint32_t kEscapeBase = 0x10FE00; // U+10FE00 + byte: a byte that is not UTF-8

bool is_escape(std::uint32_t cp) {
    return cp >= kEscapeBase && cp <= kEscapeBase + 0xFF;
}

void put_escape(std::string& out, unsigned char byte) {
    const std::uint32_t cp = kEscapeBase + byte;
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
}

// Whether `s` passes unchanged: valid UTF-8 without a code point of the escape block.
bool plain(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        if (static_cast<unsigned char>(s[i]) < 0x80) {
            ++i;
            continue;
        }
        std::uint32_t cp = 0;
        const std::size_t n = utf8_sequence(s, i, &cp);
        if (n == 0 || is_escape(cp)) return false;
        i += n;
    }
    return true;
}
} // namespace

std::string to_pg_text(std::string_view bytes) {
    if (plain(bytes)) return std::string(bytes);
    std::string out;
    out.reserve(bytes.size() + 16);
    for (std::size_t i = 0; i < bytes.size();) {
        std::uint32_t cp = 0;
        const std::size_t n = utf8_sequence(bytes, i, &cp);
        if (n != 0 && !is_escape(cp)) {
            out.append(bytes.substr(i, n));
            i += n;
            continue;
        }
        const std::size_t raw = n == 0 ? 1 : n; // an escape code point's own bytes, escaped
        for (std::size_t k = 0; k < raw; ++k)
            put_escape(out, static_cast<unsigned char>(bytes[i + k]));
        i += raw;
    }
    return out;
}

std::string from_pg_text(std::string_view text) {
    if (text.find('\xF4') == std::string_view::npos) return std::string(text); // no U+10xxxx
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        std::uint32_t cp = 0;
        const std::size_t n = utf8_sequence(text, i, &cp);
        if (n == 4 && is_escape(cp)) {
            out += static_cast<char>(cp - kEscapeBase);
            i += 4;
        } else {
            const std::size_t take = n == 0 ? 1 : n;
            out.append(text.substr(i, take));
            i += take;
        }
    }
    return out;
}

void append_copy_field(std::string& out, std::string_view bytes) {
    for (char c : to_pg_text(bytes)) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            out += c;
        }
    }
}

} // namespace tl::catalog
