#pragma once
// A host-side model of a streaming tape drive's buffer (tape-notes §4.3): native rate R, a
// buffer of B bytes and a reposition penalty T_r. The drive starts moving only when its buffer
// is full; it streams at R while the host keeps up, and when the buffer runs dry it stops and
// must reposition (shoe-shine, T_r) before the next start. Fed with (bytes, arrival time),
// write() returns how long the host is blocked: back-pressure while the buffer is full plus
// the reposition time. No sleeping here: the caller sleeps on its Clock (a ManualClock in
// tests, the SystemClock for "scaled real time" demos). Not thread-safe (one per drive).
#include <chrono>
#include <cstdint>

#include "common/clock.h"

namespace tl::device {

struct StreamingConfig {
    double rate = 11e6;        // native rate R, bytes per second (decimal MB/s as rated)
    double buffer = 8e6;       // drive buffer B, bytes
    double reposition_s = 3.0; // penalty T_r per stop/start, seconds
};

class StreamingModel {
public:
    explicit StreamingModel(StreamingConfig config) : c_(config) {}

    // `bytes` arrive at time `now`; returns how long the write blocks.
    std::chrono::nanoseconds write(std::uint64_t bytes, Clock::Mono now);
    // A synchronous filemark: blocks until the buffer is written out.
    std::chrono::nanoseconds flush(Clock::Mono now);

    std::uint64_t repositions() const { return repositions_; } // shoe-shine events
    std::chrono::nanoseconds reposition_time() const { return lost_; }
    bool streaming() const { return streaming_; }
    double buffered() const { return level_; }

private:
    void advance(double t);
    double start_if_stopped(double t); // returns the penalty paid
    double seconds(Clock::Mono t);

    StreamingConfig c_;
    bool have_origin_ = false;
    Clock::Mono origin_{};
    double last_ = 0;  // model time (s since origin) of level_
    double level_ = 0; // bytes in the drive buffer
    bool streaming_ = false;
    bool ever_streamed_ = false; // a stop after streaming costs a reposition on restart
    std::uint64_t repositions_ = 0;
    std::chrono::nanoseconds lost_{0};
};

} // namespace tl::device
