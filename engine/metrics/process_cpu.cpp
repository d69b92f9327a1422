#include "metrics/process_cpu.h"

#include <algorithm>
#include <chrono>

#include <sched.h>
#include <unistd.h>

#include "metrics/process_stat.h"

namespace tl::metrics {

unsigned usable_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return static_cast<unsigned>(CPU_COUNT(&set));
    const long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? static_cast<unsigned>(online) : 1;
}

ProcessCpuMeter::ProcessCpuMeter(unsigned cpus) : cpus_(std::max(cpus, 1u)) {}

double ProcessCpuMeter::sample(double cpu_seconds, double wall_seconds) {
    if (!base_) {
        base_ = Base{cpu_seconds, wall_seconds};
        return 0;
    }
    const double wall = wall_seconds - base_->wall;
    if (wall < kMinWindow) return last_;
    const double percent = 100.0 * (cpu_seconds - base_->cpu) / wall;
    last_ = std::clamp(percent, 0.0, 100.0 * cpus_);
    base_ = Base{cpu_seconds, wall_seconds};
    return last_;
}

double ProcessCpuMeter::sample_now() {
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    return sample(read_process_stat().cpu_seconds, wall);
}

} // namespace tl::metrics
