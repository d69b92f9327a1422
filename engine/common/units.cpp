#include "common/units.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tl {

namespace {
std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool parse_number(std::string_view text, double& value, std::string& suffix) {
    std::string s(text);
    if (s.empty()) return false;
    char* end = nullptr;
    value = std::strtod(s.c_str(), &end);
    if (end == s.c_str() || !std::isfinite(value) || value < 0) return false;
    suffix = lower(std::string_view(end));
    return true;
}
} // namespace

Result<std::uint64_t> parse_size(std::string_view text) {
    double v = 0;
    std::string suf;
    if (!parse_number(text, v, suf))
        return make_error(ErrorKind::InvalidArgument,
                          "'" + std::string(text) + "' is not a size; use e.g. 256K, 2M or 4G");
    double mul = 1;
    if (suf.empty() || suf == "b")
        mul = 1;
    else if (suf == "k" || suf == "kib" || suf == "kb")
        mul = 1024.0;
    else if (suf == "m" || suf == "mib" || suf == "mb")
        mul = 1024.0 * 1024;
    else if (suf == "g" || suf == "gib" || suf == "gb")
        mul = 1024.0 * 1024 * 1024;
    else if (suf == "t" || suf == "tib" || suf == "tb")
        mul = 1024.0 * 1024 * 1024 * 1024;
    else
        return make_error(ErrorKind::InvalidArgument, "'" + std::string(text) +
                                                          "' has an unknown unit '" + suf +
                                                          "'; use K, M, G or T");
    double bytes = v * mul;
    if (bytes > 1.8e19)
        return make_error(ErrorKind::InvalidArgument, "'" + std::string(text) + "' is too large");
    return static_cast<std::uint64_t>(std::llround(bytes));
}

Result<double> parse_seconds(std::string_view text) {
    double v = 0;
    std::string suf;
    if (!parse_number(text, v, suf))
        return make_error(ErrorKind::InvalidArgument,
                          "'" + std::string(text) + "' is not a duration; use e.g. 500ms, 1s, 2m");
    if (suf.empty() || suf == "s") return v;
    if (suf == "ms") return v / 1000.0;
    if (suf == "m" || suf == "min") return v * 60.0;
    if (suf == "h") return v * 3600.0;
    return make_error(ErrorKind::InvalidArgument,
                      "'" + std::string(text) + "' has an unknown unit; use ms, s, m or h");
}

std::string format_bytes(std::uint64_t bytes) {
    static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024.0 && u < 5) {
        v /= 1024.0;
        ++u;
    }
    char buf[64];
    if (u == 0)
        std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
    else
        std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
    return buf;
}

std::string format_rate(double bps) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f MB/s", bps / 1e6);
    return buf;
}

Result<double> parse_decimal(const std::string& text) {
    std::string t = text;
    auto strip = [&](const std::string& suffix) {
        if (t.size() > suffix.size() &&
            std::equal(suffix.rbegin(), suffix.rend(), t.rbegin(),
                       [](char a, char b) { return std::tolower(a) == std::tolower(b); }))
            t.resize(t.size() - suffix.size());
    };
    strip("/s");
    strip("B");
    char* end = nullptr;
    double v = std::strtod(t.c_str(), &end);
    double mul = 1;
    if (end && *end) {
        const char s = static_cast<char>(std::toupper(static_cast<unsigned char>(*end)));
        mul = s == 'K' ? 1e3 : s == 'M' ? 1e6 : s == 'G' ? 1e9 : s == 'T' ? 1e12 : 0;
        if (mul != 0 && end[1] != '\0') mul = 0;
    }
    if (t.empty() || end == t.c_str() || mul == 0 || !std::isfinite(v) || v < 0)
        return make_error(ErrorKind::InvalidArgument,
                          "'" + text + "' is not a rate or size such as 11M, 4.5MB/s or 160M");
    return v * mul;
}

} // namespace tl
