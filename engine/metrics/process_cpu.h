#pragma once
// A process's CPU use as a share of one core: the delta of its CPU time (user + system, every
// thread) over the delta of a monotonic wall clock. Two readings a few milliseconds apart say
// nothing (the CPU time moves in steps), so a reading closer than kMinWindow to the base keeps
// the last figure; a figure is never above 100 % × the CPUs the process may run on.
#include <optional>

namespace tl::metrics {

// The CPUs this process may run on (its affinity mask; the online CPUs if that is unknown).
unsigned usable_cpus();

class ProcessCpuMeter {
public:
    static constexpr double kMinWindow = 0.1; // seconds of wall time between two bases

    explicit ProcessCpuMeter(unsigned cpus = usable_cpus());
    // `cpu_seconds`: the process's CPU time now; `wall_seconds`: a monotonic clock now. Returns
    // the % of one core since the base, in [0, 100 × cpus]; 0 at the first reading.
    double sample(double cpu_seconds, double wall_seconds);
    // The same from the process's own CPU time and the steady clock.
    double sample_now();

private:
    struct Base {
        double cpu = 0, wall = 0;
    };
    unsigned cpus_;
    std::optional<Base> base_;
    double last_ = 0;
};

} // namespace tl::metrics
