#include "common/path_json.h"

#include <cstdint>

namespace tl {

namespace {
// The length of the UTF-8 sequence that starts at `at` (1..4), 0 when none does.
std::size_t sequence_length(std::string_view t, std::size_t at) {
    const auto b = [&](std::size_t i) { return static_cast<std::uint8_t>(t[i]); };
    const std::uint8_t c = b(at);
    std::size_t n = 0;
    std::uint32_t min = 0;
    if (c < 0x80) return 1;
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
    return cp < min || cp > 0x10ffff || surrogate ? 0 : n;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
} // namespace

bool is_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = sequence_length(text, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

nlohmann::json path_json(const std::string& path) {
    if (is_utf8(path)) return path;
    static const char kDigits[] = "0123456789abcdef";
    std::string hex;
    for (const char c : path) {
        const auto b = static_cast<std::uint8_t>(c);
        hex += kDigits[b >> 4];
        hex += kDigits[b & 0xf];
    }
    return {{"hex", hex}};
}

Result<std::string> path_from_json(const nlohmann::json& j) {
    if (j.is_string()) return j.get<std::string>();
    const auto bad =
        make_error(ErrorKind::InvalidArgument,
                   "a path is a string, or {\"hex\": BYTES} for one that is no "
                   "UTF-8, not " +
                       j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    if (!j.is_object() || j.size() != 1 || !j.contains("hex") || !j["hex"].is_string()) return bad;
    const auto& hex = j["hex"].get_ref<const std::string&>();
    if (hex.size() % 2 != 0) return bad;
    std::string path;
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int hi = hex_value(hex[i]), lo = hex_value(hex[i + 1]);
        if (hi < 0 || lo < 0) return bad;
        path += static_cast<char>(hi * 16 + lo);
    }
    return path;
}

} // namespace tl
