#include "device/streaming_model.h"

#include <algorithm>

namespace tl::device {

namespace {
std::chrono::nanoseconds to_ns(double s) {
    return std::chrono::nanoseconds(static_cast<std::int64_t>(s * 1e9));
}
} // namespace

StreamingModel::StreamingModel(StreamingConfig config) : c_(std::move(config)) {
    steps_ = c_.steps.empty() ? std::vector<double>{c_.rate} : c_.steps;
    std::sort(steps_.begin(), steps_.end());
    step_ = steps_.size() - 1;
    lowest_used_ = steps_[step_];
    // A window long enough to drain an eighth of the buffer at the native rate.
    window_s_ = c_.buffer / (8 * steps_.back());
    const double fill = c_.start_fill > 0 && c_.start_fill <= 1 ? c_.start_fill : 1.0;
    start_level_ = fill * c_.buffer;
}

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
        const double drained = speed() * (t - last_);
        if (drained >= level_) { // ran dry: the drive stops and will have to reposition
            moving_s_ += level_ / speed();
            level_ = 0;
            streaming_ = false;
            after_sync_ = false;
        } else {
            level_ -= drained;
            moving_s_ += t - last_;
        }
    }
    last_ = t;
}

double StreamingModel::start_if_stopped(double t) {
    if (streaming_) return 0;
    double penalty = 0;
    if (ever_streamed_) {
        penalty = c_.reposition_s;
        ++(after_sync_ ? sync_restarts_ : repositions_);
        lost_ += to_ns(penalty);
    }
    streaming_ = true;
    if (!ever_streamed_ && first_start_ < 0) first_start_ = t + penalty;
    ever_streamed_ = true;
    after_sync_ = false;
    lowest_used_ = std::min(lowest_used_, speed());
    last_ = t + penalty; // drains from the end of the reposition
    return penalty;
}

void StreamingModel::match_speed(double offered) {
    if (window_blocked_ && step_ + 1 < steps_.size()) {
        ++step_; // the host waited on a full buffer: it can give more
        return;
    }
    // More than the start level in the buffer: reserve enough to ride out a dip of the host's
    // rate at full speed; the drive slows down only to keep from running dry.
    if (level_ > start_level_) {
        step_ = steps_.size() - 1;
        return;
    }
    std::size_t best = 0;
    for (std::size_t i = 0; i < steps_.size(); ++i)
        if (steps_[i] <= offered) best = i;
    step_ = best;
    if (streaming_) lowest_used_ = std::min(lowest_used_, speed());
}

void StreamingModel::observe(std::uint64_t bytes, double t) {
    if (steps_.size() < 2) return;
    window_bytes_ += static_cast<double>(bytes);
    ++window_writes_;
    const double span = t - window_start_;
    if (span >= window_s_ && window_writes_ >= 4) {
        match_speed(window_bytes_ / span);
        window_start_ = t;
        window_bytes_ = 0;
        window_writes_ = 0;
        window_blocked_ = false;
    }
}

std::chrono::nanoseconds StreamingModel::write(std::uint64_t bytes, Clock::Mono now) {
    double t = seconds(now);
    advance(t);
    observe(bytes, t);
    const double start = t;
    auto remaining = static_cast<double>(bytes);
    while (remaining > 0) {
        const double space = std::max(0.0, c_.buffer - level_);
        if (remaining <= space) {
            level_ += remaining;
            remaining = 0;
            if (!streaming_ && ready_to_start()) t += start_if_stopped(t);
            break;
        }
        level_ += space; // now full
        remaining -= space;
        if (!streaming_) {
            t += start_if_stopped(t);
            continue;
        }
        // Streaming with a full buffer: the host waits for the drive to make room.
        const double wait = remaining / speed();
        t += wait;
        moving_s_ += wait;
        last_ = t;
        remaining = 0;
        window_blocked_ = true;
    }
    return to_ns(t - start);
}

std::optional<Clock::Mono> StreamingModel::first_start() const {
    if (first_start_ < 0) return std::nullopt;
    return origin_ + std::chrono::duration_cast<Clock::Mono::duration>(
                         std::chrono::duration<double>(first_start_));
}

std::chrono::nanoseconds StreamingModel::moving_time() const {
    return to_ns(moving_s_);
}

std::chrono::nanoseconds StreamingModel::flush(Clock::Mono now) {
    double t = seconds(now);
    advance(t);
    const double start = t;
    if (level_ > 0) {
        t += start_if_stopped(t);
        t += level_ / speed();
        moving_s_ += level_ / speed();
        level_ = 0;
        last_ = t;
    }
    if (ever_streamed_) after_sync_ = true;
    streaming_ = false; // a synchronous filemark stops the tape
    return to_ns(t - start);
}

std::chrono::nanoseconds StreamingModel::positioned(Clock::Mono now) {
    const auto d = flush(now);
    ever_streamed_ = false;
    first_start_ = -1;
    after_sync_ = false;
    return d;
}

} // namespace tl::device
