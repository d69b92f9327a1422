#include "common/path_json.h"

#include <cstdint>

namespace tl {

namespace {
int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
} // namespace

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
