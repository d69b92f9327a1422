#include "models/series_history.h"

namespace tl::ui {

std::vector<ZoomLevel> SeriesHistory::defaultLevels() {
    return {{0, 300, 300}, {12, 300, 3600}, {300, 288, 86400}};
}

SeriesHistory::SeriesHistory(std::vector<ZoomLevel> levels) : levels_(std::move(levels)) {
    reset({});
}

void SeriesHistory::Ring::push(double v, std::size_t capacity) {
    if (data.size() < capacity) {
        data.push_back(v);
        return;
    }
    data[head] = v;
    head = (head + 1) % capacity;
}

std::vector<double> SeriesHistory::Ring::ordered() const {
    std::vector<double> out;
    out.reserve(data.size());
    for (std::size_t i = 0; i < data.size(); ++i)
        out.push_back(data[(head + i) % data.size()]);
    return out;
}

void SeriesHistory::reset(std::vector<std::string> names) {
    names_ = std::move(names);
    data_.assign(levels_.size(), {});
    for (auto& lv : data_) {
        lv.series.assign(names_.size(), {});
        lv.sum.assign(names_.size(), 0.0);
    }
}

void SeriesHistory::push(Level& lv, const ZoomLevel& z, double t, const std::vector<double>& v) {
    lv.times.push(t, z.capacity);
    for (std::size_t s = 0; s < lv.series.size(); ++s)
        lv.series[s].push(s < v.size() ? v[s] : 0.0, z.capacity);
}

unsigned SeriesHistory::add(double t, const std::vector<double>& values) {
    unsigned gained = 0;
    for (std::size_t l = 0; l < levels_.size(); ++l) {
        auto& lv = data_[l];
        const auto& z = levels_[l];
        if (z.step <= 0) {
            push(lv, z, t, values);
            gained |= 1u << l;
            continue;
        }
        if (lv.bucket_start < 0) lv.bucket_start = t;
        if (t - lv.bucket_start >= z.step && lv.count > 0) {
            // The bucket is complete: its mean becomes one point at the bucket's end.
            std::vector<double> mean(lv.sum.size());
            for (std::size_t s = 0; s < mean.size(); ++s)
                mean[s] = lv.sum[s] / static_cast<double>(lv.count);
            push(lv, z, lv.bucket_start + z.step, mean);
            gained |= 1u << l;
            lv.bucket_start += z.step * static_cast<double>(
                                            static_cast<long long>((t - lv.bucket_start) / z.step));
            std::fill(lv.sum.begin(), lv.sum.end(), 0.0);
            lv.count = 0;
        }
        for (std::size_t s = 0; s < lv.sum.size(); ++s)
            lv.sum[s] += s < values.size() ? values[s] : 0.0;
        ++lv.count;
    }
    return gained;
}

std::size_t SeriesHistory::size(std::size_t level) const {
    return data_.at(level).times.data.size();
}

std::vector<double> SeriesHistory::times(std::size_t level) const {
    return data_.at(level).times.ordered();
}

std::vector<double> SeriesHistory::values(std::size_t level, std::size_t series) const {
    return data_.at(level).series.at(series).ordered();
}

} // namespace tl::ui
