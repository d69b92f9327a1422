#include "metrics/series.h"

#include <cstdio>

namespace tl::metrics {

const Series* SeriesSet::find(const std::string& name) const {
    for (const auto& s : series)
        if (s.name == name) return &s;
    return nullptr;
}

std::vector<const Series*> SeriesSet::with_prefix(const std::string& prefix) const {
    std::vector<const Series*> out;
    for (const auto& s : series)
        if (s.name.rfind(prefix, 0) == 0) out.push_back(&s);
    return out;
}

std::string to_csv(const SeriesSet& s) {
    std::string out = "time_s";
    for (const auto& x : s.series)
        out += "," + x.name + " (" + x.unit + ")";
    out += "\n";
    char buf[64];
    for (std::size_t i = 0; i < s.times.size(); ++i) {
        std::snprintf(buf, sizeof buf, "%.3f", s.times[i]);
        out += buf;
        for (const auto& x : s.series) {
            if (i < x.values.size())
                std::snprintf(buf, sizeof buf, ",%.6g", x.values[i]);
            else
                std::snprintf(buf, sizeof buf, ",");
            out += buf;
        }
        out += "\n";
    }
    return out;
}

} // namespace tl::metrics
