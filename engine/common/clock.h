#pragma once
// Time is injected: every engine component that waits, schedules or timestamps takes a
// Clock&, so tests run simulated hours in milliseconds. Implementations are thread-safe.
#include <chrono>
#include <memory>

namespace tl {

class Clock {
public:
    using Mono = std::chrono::steady_clock::time_point;
    using Wall = std::chrono::system_clock::time_point;
    virtual ~Clock() = default;
    virtual Mono now() const = 0;  // monotonic: for rates and durations
    virtual Wall wall() const = 0; // calendar time: for catalog timestamps
    virtual void sleep_for(std::chrono::nanoseconds d) = 0;
};

// The real clock.
class SystemClock final : public Clock {
public:
    Mono now() const override { return std::chrono::steady_clock::now(); }
    Wall wall() const override { return std::chrono::system_clock::now(); }
    void sleep_for(std::chrono::nanoseconds d) override;
};

// A simulated clock: sleep_for advances time instantly; advance() moves it by hand.
class ManualClock final : public Clock {
public:
    explicit ManualClock(Wall start = Wall{std::chrono::seconds(1'800'000'000)});
    Mono now() const override;
    Wall wall() const override;
    void sleep_for(std::chrono::nanoseconds d) override { advance(d); }
    void advance(std::chrono::nanoseconds d);

private:
    struct State;
    std::shared_ptr<State> s_;
};

double seconds_between(Clock::Mono a, Clock::Mono b);
long long to_unix_seconds(Clock::Wall w);

} // namespace tl
