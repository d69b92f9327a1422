#include "metrics/sustained_rate.h"

#include <algorithm>

namespace tl::metrics {

SustainedRate sustained_rate(const std::vector<double>& samples) {
    SustainedRate r;
    std::vector<double> positive;
    for (double s : samples)
        if (s > 0) positive.push_back(s);
    if (positive.empty()) return r;
    std::vector<double> sorted = positive;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<long>(sorted.size() / 2),
                     sorted.end());
    const double median = sorted[sorted.size() / 2];
    const double low = 0.8 * median, high = 1.5 * median;

    std::size_t first = 0, last = samples.size();
    while (first < last && samples[first] < low)
        ++first;
    while (last > first && samples[last - 1] < low)
        --last;
    r.ramp_up = first;
    r.ramp_down = samples.size() - last;
    double sum = 0;
    for (std::size_t i = first; i < last; ++i) {
        if (samples[i] > high) {
            ++r.spikes;
            continue;
        }
        sum += samples[i];
        ++r.used;
    }
    if (r.used >= 3) {
        r.rate = sum / static_cast<double>(r.used);
        r.steady = true;
        return r;
    }
    double all = 0;
    for (double s : positive)
        all += s;
    r.rate = all / static_cast<double>(positive.size());
    r.used = positive.size();
    r.steady = false;
    return r;
}

} // namespace tl::metrics
