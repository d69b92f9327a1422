#include "common/clock.h"

#include <atomic>
#include <thread>

namespace tl {

void SystemClock::sleep_for(std::chrono::nanoseconds d) {
    std::this_thread::sleep_for(d);
}

struct ManualClock::State {
    Wall start;
    std::atomic<long long> offset_ns{0};
};

ManualClock::ManualClock(Wall start) : s_(std::make_shared<State>()) {
    s_->start = start;
}

Clock::Mono ManualClock::now() const {
    return Mono{} + std::chrono::nanoseconds(s_->offset_ns.load());
}

Clock::Wall ManualClock::wall() const {
    return s_->start + std::chrono::duration_cast<Wall::duration>(
                           std::chrono::nanoseconds(s_->offset_ns.load()));
}

void ManualClock::advance(std::chrono::nanoseconds d) {
    s_->offset_ns += d.count();
}

double seconds_between(Clock::Mono a, Clock::Mono b) {
    return std::chrono::duration<double>(b - a).count();
}

long long to_unix_seconds(Clock::Wall w) {
    return std::chrono::duration_cast<std::chrono::seconds>(w.time_since_epoch()).count();
}

} // namespace tl
