#pragma once
// A host-side model of a streaming tape drive's buffer (tape-notes §4.3): native rate R, a
// buffer of B bytes and a reposition penalty T_r. The tape starts moving once the buffer holds
// `start_fill` x B (1 = only when full, tape-notes' model; a drive type starts earlier, as real
// drives do: docs/devices.md "Drive models"), after a load or position as after running dry.
// With speed-matching steps (LTO: about 12 from a lowest rate up to R) the drive runs at
// the step matched to the rate the host delivers, measured over short windows: the highest step
// at or below it, one step up while the host waits on a full buffer, the top step while the
// buffer holds more than its start level (a dip of the host's rate is ridden out at full speed). It
// shoe-shines only below the lowest step: the buffer runs dry, the drive stops and must reposition
// (T_r) before the next start. Without steps it runs at R only. A synchronous filemark drains the
// buffer and stops the tape; the restart after it costs a reposition too, counted apart
// (sync_restarts). A positioning operation (locate, space, rewind) leaves the tape stopped at the
// place the next write starts from, its travel charged by the caller: that start costs no
// reposition. Fed with (bytes, arrival time), write() returns how long the host is blocked:
// back-pressure while the buffer is full plus the reposition time. No sleeping here: the caller
// sleeps on its Clock (a ManualClock in tests, the SystemClock for real time). Not thread-safe (one
// per drive).
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "common/clock.h"

namespace tl::device {

struct StreamingConfig {
    double rate = 11e6;        // native rate R, bytes per second (decimal MB/s as rated)
    double buffer = 8e6;       // drive buffer B, bytes
    double reposition_s = 3.0; // penalty T_r per stop/start, seconds
    std::vector<double> steps; // speed-matching rates, ascending, ending at R; empty = R only
    double start_fill = 1.0;   // the tape starts once the buffer holds this part of B, (0, 1]
};

class StreamingModel {
public:
    explicit StreamingModel(StreamingConfig config);

    // `bytes` arrive at time `now`; returns how long the write blocks.
    std::chrono::nanoseconds write(std::uint64_t bytes, Clock::Mono now);
    // A synchronous filemark: blocks until the buffer is written out.
    std::chrono::nanoseconds flush(Clock::Mono now);
    // The tape moves to a position: the buffer is written out first (as flush()), then the
    // next start is from the position reached, without a reposition.
    std::chrono::nanoseconds positioned(Clock::Mono now);

    std::uint64_t repositions() const { return repositions_; }     // shoe-shine: buffer ran dry
    std::uint64_t sync_restarts() const { return sync_restarts_; } // restarts after a filemark
    std::chrono::nanoseconds reposition_time() const { return lost_; }
    // How long the tape has moved writing (streaming, repositions not counted), up to the
    // model time of the last call.
    std::chrono::nanoseconds moving_time() const;
    bool streaming() const { return streaming_; }
    double buffered() const { return level_; }
    double speed() const { return steps_[step_]; } // the step the drive runs at, bytes/s
    double lowest_speed_used() const { return lowest_used_; }
    double start_level() const { return start_level_; } // bytes buffered that start the tape
    // When the tape first moved writing since the model began or was last positioned (the
    // end of a load or locate): the first byte's way onto tape. Unset while it has not moved.
    std::optional<Clock::Mono> first_start() const;

private:
    void advance(double t);
    bool ready_to_start() const { return level_ >= start_level_; }
    double start_if_stopped(double t); // returns the penalty paid
    void observe(std::uint64_t bytes, double t);
    void match_speed(double offered);
    double seconds(Clock::Mono t);

    StreamingConfig c_;
    std::vector<double> steps_;
    std::size_t step_ = 0;
    bool have_origin_ = false;
    Clock::Mono origin_{};
    double last_ = 0;  // model time (s since origin) of level_
    double level_ = 0; // bytes in the drive buffer
    bool streaming_ = false;
    bool ever_streamed_ = false; // a stop after streaming costs a reposition on restart
    double first_start_ = -1;    // model time of the first start since positioned (-1: none)
    bool after_sync_ = false;    // stopped by a filemark, not by an empty buffer
    std::uint64_t repositions_ = 0, sync_restarts_ = 0;
    std::chrono::nanoseconds lost_{0};
    double moving_s_ = 0;
    double lowest_used_ = 0;
    double start_level_ = 0;
    // The host's rate over the current window: bytes that arrived and whether it waited.
    double window_start_ = 0, window_bytes_ = 0, window_s_ = 0;
    int window_writes_ = 0;
    bool window_blocked_ = false;
};

} // namespace tl::device
