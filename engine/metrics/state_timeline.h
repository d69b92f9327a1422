#pragma once
// A drive's activity over a job: the spans it spent writing, positioning, mounting, waiting
// for media or idle (waiting for data from its sources), with start and end times in seconds
// since the job started (monotonic). The drive thread enters states; the monitor reads the
// spans and the time per state. Time per state is exact; spans shorter than 50 ms (a drive
// waiting a few microseconds for the next chunk, many times a second) are folded into the span
// before them, so the list stays small over a long job. Thread-safe (a short mutex per change).
#include <array>
#include <mutex>
#include <string>
#include <vector>

namespace tl::metrics {

enum class Activity { Idle = 0, Mounting, Positioning, Writing, Reading, WaitingMedia, Done };
inline constexpr std::size_t kActivityCount = 7;
const char* activity_name(Activity a);

struct ActivitySpan {
    Activity activity = Activity::Idle;
    double start = 0, end = 0; // end == start while the span is open (see current())
};

class StateTimeline {
public:
    // Enters `a` at time `t` (seconds); entering the current state again is a no-op.
    void enter(Activity a, double t);
    Activity current() const;
    // All spans, the open one ending at `now`.
    std::vector<ActivitySpan> spans(double now) const;
    // Seconds spent in each state up to `now`, indexed by Activity.
    std::array<double, kActivityCount> seconds(double now) const;

private:
    mutable std::mutex mutex_;
    std::vector<ActivitySpan> closed_;
    std::array<double, kActivityCount> seconds_{}; // of the closed spans, exact
    ActivitySpan open_;
    bool started_ = false;
};

} // namespace tl::metrics
