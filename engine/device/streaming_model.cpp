#include "device/streaming_model.h"

#include <algorithm>

namespace tl::device {

namespace {
std::chrono::nanoseconds to_ns(double s) {
    return std::chrono::nanoseconds(static_cast<std::int64_t>(s * 1e9));
}
} // namespace

double StreamingModel::seconds(Clock::Mono t) {
    if (!have_origin_) {
        origin_ = t;
        have_origin_ = true;
    }
    return std::chrono::duration<double>(t - origin_).count();
}

void StreamingModel::advance(double t) {
    if (t <= last_) return;
    if (streaming_) {
        const double drained = c_.rate * (t - last_);
        if (drained >= level_) { // ran dry: the drive stops and will have to reposition
            level_ = 0;
            streaming_ = false;
        } else {
            level_ -= drained;
        }
    }
    last_ = t;
}

double StreamingModel::start_if_stopped(double t) {
    if (streaming_) return 0;
    double penalty = 0;
    if (ever_streamed_) {
        penalty = c_.reposition_s;
        ++repositions_;
        lost_ += to_ns(penalty);
    }
    streaming_ = true;
    ever_streamed_ = true;
    last_ = t + penalty; // drains from the end of the reposition
    return penalty;
}

std::chrono::nanoseconds StreamingModel::write(std::uint64_t bytes, Clock::Mono now) {
    double t = seconds(now);
    advance(t);
    const double start = t;
    auto remaining = static_cast<double>(bytes);
    while (remaining > 0) {
        const double space = std::max(0.0, c_.buffer - level_);
        if (remaining <= space) {
            level_ += remaining;
            remaining = 0;
            if (!streaming_ && level_ >= c_.buffer) t += start_if_stopped(t);
            break;
        }
        level_ += space; // now full
        remaining -= space;
        if (!streaming_) {
            t += start_if_stopped(t);
            continue;
        }
        // Streaming with a full buffer: the host waits for the drive to make room.
        const double wait = remaining / c_.rate;
        t += wait;
        last_ = t;
        remaining = 0;
    }
    return to_ns(t - start);
}

std::chrono::nanoseconds StreamingModel::flush(Clock::Mono now) {
    double t = seconds(now);
    advance(t);
    const double start = t;
    if (level_ > 0) {
        t += start_if_stopped(t);
        t += level_ / c_.rate;
        level_ = 0;
        last_ = t;
    }
    streaming_ = false; // a synchronous filemark stops the tape
    return to_ns(t - start);
}

} // namespace tl::device
