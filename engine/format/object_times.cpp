#include "format/object_times.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <string>

namespace tl::format {

namespace {
constexpr std::int64_t kNsPerSecond = 1'000'000'000;

bool fits(const timespec& t) {
    constexpr auto lo = std::numeric_limits<std::int64_t>::min() / kNsPerSecond;
    constexpr auto hi = std::numeric_limits<std::int64_t>::max() / kNsPerSecond;
    // The ends themselves: lo * 1e9 + nsec and hi * 1e9 + nsec may still fit; take them apart.
    return t.tv_sec > lo && t.tv_sec < hi;
}

std::string exact_text(const timespec& t) {
    std::string ns = std::to_string(t.tv_nsec);
    return std::to_string(static_cast<long long>(t.tv_sec)) + "." +
           std::string(9 - std::min<std::size_t>(9, ns.size()), '0') + ns;
}

// The property `name` as a timespec; false when absent or not "<seconds>.<9 digits>".
bool exact_property(const ObjectHeader& h, const char* name, timespec& out) {
    for (const auto& [k, v] : h.properties) {
        if (k != name) continue;
        const auto dot = v.find('.');
        if (dot == std::string::npos || v.size() - dot - 1 != 9) return false;
        long long sec = 0, nsec = 0;
        const char* end = v.data() + v.size();
        if (std::from_chars(v.data(), v.data() + dot, sec).ptr != v.data() + dot ||
            std::from_chars(v.data() + dot + 1, end, nsec).ptr != end || nsec < 0)
            return false;
        out.tv_sec = static_cast<time_t>(sec);
        out.tv_nsec = static_cast<long>(nsec);
        return true;
    }
    return false;
}

void keep_exact(ObjectHeader& h, const char* name, const timespec& t) {
    if (!fits(t)) h.properties.push_back({name, exact_text(t)});
}
} // namespace

std::int64_t time_ns(const timespec& t) {
    if (fits(t)) return static_cast<std::int64_t>(t.tv_sec) * kNsPerSecond + t.tv_nsec;
    return t.tv_sec < 0 ? std::numeric_limits<std::int64_t>::min()
                        : std::numeric_limits<std::int64_t>::max();
}

timespec timespec_of(std::int64_t ns) {
    std::int64_t sec = ns / kNsPerSecond, rest = ns % kNsPerSecond;
    if (rest < 0) {
        --sec;
        rest += kNsPerSecond;
    }
    timespec t{};
    t.tv_sec = static_cast<time_t>(sec);
    t.tv_nsec = static_cast<long>(rest);
    return t;
}

void set_times(ObjectHeader& h, const timespec& atime, const timespec& mtime,
               const timespec& ctime) {
    h.atime_ns = time_ns(atime);
    h.mtime_ns = time_ns(mtime);
    h.ctime_ns = time_ns(ctime);
    keep_exact(h, "atime", atime);
    keep_exact(h, "mtime", mtime);
}

timespec access_time(const ObjectHeader& h) {
    timespec t{};
    return exact_property(h, "atime", t) ? t : timespec_of(h.atime_ns);
}

timespec modification_time(const ObjectHeader& h) {
    timespec t{};
    return exact_property(h, "mtime", t) ? t : timespec_of(h.mtime_ns);
}

} // namespace tl::format
