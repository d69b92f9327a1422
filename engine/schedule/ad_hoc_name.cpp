#include "schedule/ad_hoc_name.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>

namespace tl::schedule {

namespace {
// FNV-1a, 64 bits: the same on every machine and in every release (std::hash is neither).
std::uint64_t fnv1a(const std::vector<std::string>& parts) {
    std::uint64_t h = 14695981039346656037ull;
    auto add = [&](unsigned char c) {
        h ^= c;
        h *= 1099511628211ull;
    };
    for (const auto& p : parts) {
        // The length first: "ab","c" and "a","bc" hash apart.
        for (int shift = 0; shift < 64; shift += 8)
            add(static_cast<unsigned char>(p.size() >> shift));
        for (unsigned char c : p)
            add(c);
    }
    return h;
}

// The last path part of SOURCE ("/srv/www/" -> "www", "raw:/dev/sdb" -> "sdb"), with every
// character a definition name does not allow made '_', at most 32 characters.
std::string readable_part(const std::string& source) {
    std::string s = source;
    while (s.size() > 1 && s.back() == '/')
        s.pop_back();
    const auto slash = s.find_last_of("/:");
    if (slash != std::string::npos && slash + 1 < s.size()) s = s.substr(slash + 1);
    std::string out;
    for (unsigned char c : s) {
        if (out.size() == 32) break;
        out += std::isalnum(c) || c == '.' || c == '_' || c == '-' ? static_cast<char>(c) : '_';
    }
    return out.empty() ? "root" : out;
}
} // namespace

std::string ad_hoc_name(std::vector<std::string> sources) {
    std::sort(sources.begin(), sources.end());
    sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
    const std::string first = sources.empty() ? std::string() : sources.front();
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a(sources)));
    return "adhoc-" + readable_part(first) + "-" + std::string(hex, 12);
}

} // namespace tl::schedule
