#include "common/utf8.h"

namespace tl {

std::size_t utf8_sequence(std::string_view t, std::size_t at, std::uint32_t* cp_out) {
    const auto b = [&](std::size_t i) { return static_cast<std::uint8_t>(t[i]); };
    const std::uint8_t c = b(at);
    std::size_t n = 0;
    std::uint32_t min = 0;
    if (c < 0x80) {
        if (cp_out) *cp_out = c;
        return 1;
    }
    if ((c & 0xe0) == 0xc0)
        n = 2, min = 0x80;
    else if ((c & 0xf0) == 0xe0)
        n = 3, min = 0x800;
    else if ((c & 0xf8) == 0xf0)
        n = 4, min = 0x10000;
    else
        return 0;
    if (at + n > t.size()) return 0;
    std::uint32_t cp = c & (0xff >> (n + 1));
    for (std::size_t i = 1; i < n; ++i) {
        if ((b(at + i) & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (b(at + i) & 0x3f);
    }
    const bool surrogate = cp >= 0xd800 && cp <= 0xdfff;
    if (cp < min || cp > 0x10ffff || surrogate) return 0;
    if (cp_out) *cp_out = cp;
    return n;
}

bool is_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_sequence(text, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

} // namespace tl
