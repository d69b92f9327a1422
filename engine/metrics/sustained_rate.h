#pragma once
// The seeds' "sustained rate": the mean of the summed per-drive rate samples once the drives
// stream, with ramp-up, cache-fill spikes and ramp-down discarded. The rule (docs/metrics.md):
//   m = median of the samples above zero;
//   ramp-up   = the leading samples below 0.8 m;
//   ramp-down = the trailing samples below 0.8 m;
//   spikes    = samples above 1.5 m (a cache filling at memory speed, not the drives);
//   sustained = mean of what remains (mid-run dips — a drive waiting for a volume — count).
// With fewer than 3 samples left the run never reached a steady state; the mean of the samples
// above zero is returned instead (and `steady` is false).
#include <cstddef>
#include <vector>

namespace tl::metrics {

struct SustainedRate {
    double rate = 0;           // bytes per second
    std::size_t used = 0;      // samples averaged
    std::size_t ramp_up = 0;   // samples discarded at the start
    std::size_t ramp_down = 0; // samples discarded at the end
    std::size_t spikes = 0;    // samples discarded as spikes
    bool steady = false;
};

// `samples`: summed rate per poll interval, bytes per second, in time order.
SustainedRate sustained_rate(const std::vector<double>& samples);

} // namespace tl::metrics
