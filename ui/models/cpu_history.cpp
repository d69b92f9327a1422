#include "models/cpu_history.h"

namespace tl::ui {

void CpuHistory::add(double t, const metrics::CpuSample& sample) {
    if (busy_.size() != sample.per_cpu.size()) { // CPUs hot-plugged: start again
        busy_.assign(sample.per_cpu.size(), {});
        times_.clear();
        iowait_.clear();
        head_ = 0;
    }
    auto put = [this](std::vector<double>& ring, double v) {
        if (ring.size() < capacity_)
            ring.push_back(v);
        else
            ring[head_] = v;
    };
    const bool full = times_.size() == capacity_;
    put(times_, t);
    put(iowait_, sample.all.iowait);
    for (std::size_t i = 0; i < busy_.size(); ++i)
        put(busy_[i], sample.per_cpu[i].busy());
    if (full) head_ = (head_ + 1) % capacity_;
}

std::vector<double> CpuHistory::ordered(const std::vector<double>& ring) const {
    if (ring.size() < capacity_) return ring;
    std::vector<double> out;
    out.reserve(ring.size());
    for (std::size_t i = 0; i < ring.size(); ++i)
        out.push_back(ring[(head_ + i) % ring.size()]);
    return out;
}

} // namespace tl::ui
