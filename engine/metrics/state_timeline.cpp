#include "metrics/state_timeline.h"

#include <algorithm>

namespace tl::metrics {

const char* activity_name(Activity a) {
    switch (a) {
    case Activity::Idle:
        return "idle";
    case Activity::Mounting:
        return "mounting";
    case Activity::Positioning:
        return "positioning";
    case Activity::Writing:
        return "writing";
    case Activity::Reading:
        return "reading";
    case Activity::WaitingMedia:
        return "waiting for media";
    case Activity::Done:
        return "done";
    }
    return "idle";
}

void StateTimeline::enter(Activity a, double t) {
    std::lock_guard lock(mutex_);
    if (started_ && open_.activity == a) return;
    if (started_) {
        open_.end = std::max(t, open_.start);
        seconds_[static_cast<std::size_t>(open_.activity)] += open_.end - open_.start;
        if (open_.end - open_.start >= 0.05 || closed_.empty())
            closed_.push_back(open_);
        else
            closed_.back().end = open_.end;
    }
    open_ = {a, t, t};
    started_ = true;
}

Activity StateTimeline::current() const {
    std::lock_guard lock(mutex_);
    return started_ ? open_.activity : Activity::Idle;
}

std::vector<ActivitySpan> StateTimeline::spans(double now) const {
    std::lock_guard lock(mutex_);
    auto out = closed_;
    if (started_) {
        auto last = open_;
        last.end = std::max(now, last.start);
        out.push_back(last);
    }
    return out;
}

std::array<double, kActivityCount> StateTimeline::seconds(double now) const {
    std::lock_guard lock(mutex_);
    auto s = seconds_;
    if (started_) s[static_cast<std::size_t>(open_.activity)] += std::max(0.0, now - open_.start);
    return s;
}

} // namespace tl::metrics
