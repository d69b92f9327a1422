#pragma once
// Fixed-size history of per-CPU utilization for the live graph: one ring per CPU plus the
// overall iowait, `capacity` points each (300 at 1 s = the last 5 minutes). Pure data, no widgets;
// GUI thread only.
#include <cstddef>
#include <vector>

#include "metrics/cpu_stat.h"

namespace tl::ui {

class CpuHistory {
public:
    explicit CpuHistory(std::size_t capacity = 300) : capacity_(capacity) {}

    // Appends one sample taken at `t` seconds (any monotonic origin).
    void add(double t, const metrics::CpuSample& sample);

    std::size_t cpuCount() const { return busy_.size(); }
    std::size_t size() const { return times_.size(); }
    std::size_t capacity() const { return capacity_; }
    // Oldest first.
    std::vector<double> times() const { return ordered(times_); }
    std::vector<double> busy(std::size_t cpu) const { return ordered(busy_.at(cpu)); }
    std::vector<double> iowait() const { return ordered(iowait_); }

private:
    std::vector<double> ordered(const std::vector<double>& ring) const;
    std::size_t capacity_;
    std::size_t head_ = 0; // next write position once full
    std::vector<double> times_;
    std::vector<std::vector<double>> busy_;
    std::vector<double> iowait_;
};

} // namespace tl::ui
