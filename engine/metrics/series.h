#pragma once
// A job's recorded time series: sample times (seconds since the job started) and any number of
// named series of the same length (per-drive rate in B/s, per-CPU utilization in %...). Kept
// with the job in the catalog (catalog/series_store.h) and exported as CSV.
#include <string>
#include <vector>

namespace tl::metrics {

struct Series {
    std::string name; // "drive:LTO-0", "total", "cpu:0", "cpu:all", "iowait", "process"
    std::string unit; // "B/s", "%", "B"
    std::vector<double> values;
};

struct SeriesSet {
    std::vector<double> times; // seconds since the job started
    std::vector<Series> series;

    const Series* find(const std::string& name) const;
    // Series whose name starts with `prefix` (e.g. "drive:"), in stored order.
    std::vector<const Series*> with_prefix(const std::string& prefix) const;
};

// CSV: a header "time_s,<name> (<unit>),..." and one row per sample.
std::string to_csv(const SeriesSet& s);

} // namespace tl::metrics
