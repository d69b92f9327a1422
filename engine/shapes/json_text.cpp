#include "shapes/json_text.h"

#include <charconv>
#include <cmath>

#include <nlohmann/json.hpp>

#include "common/path_json.h"

namespace tl::shapes {

namespace {
bool plain_ascii(std::string_view s) {
    for (unsigned char c : s)
        if (c >= 0x80) return false;
    return true;
}

template <class Whole> void append_whole(std::string& out, Whole v) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}
} // namespace

void append_json_string(std::string& out, std::string_view s) {
    // Text beyond ASCII is rare in these answers (names, paths): dump() checks its UTF-8.
    if (!plain_ascii(s)) {
        out += nlohmann::json(std::string(s))
                   .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        return;
    }
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                out += "\\u00";
                out += kHex[(c >> 4) & 0xf];
                out += kHex[c & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void append_json_number(std::string& out, double v) {
    if (!std::isfinite(v)) {
        out += "null";
        return;
    }
    out += nlohmann::json(v).dump();
}

void append_json_number(std::string& out, std::int64_t v) {
    append_whole(out, v);
}

void append_json_number(std::string& out, std::uint64_t v) {
    append_whole(out, v);
}

void append_json_path(std::string& out, const std::string& path) {
    if (plain_ascii(path)) return append_json_string(out, path);
    out += path_json(path).dump();
}

} // namespace tl::shapes
