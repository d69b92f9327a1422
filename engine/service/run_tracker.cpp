#include "service/run_tracker.h"

namespace tl::service {

std::vector<schedule::RunResult> RunTracker::finished() {
    auto results = inner_.finished();
    std::lock_guard lock(mutex_);
    for (const auto& r : results)
        ended_[r.queue_id] = r;
    return results;
}

std::optional<schedule::RunResult> RunTracker::ended(std::int64_t queue_id) const {
    std::lock_guard lock(mutex_);
    auto it = ended_.find(queue_id);
    if (it == ended_.end()) return std::nullopt;
    return it->second;
}

} // namespace tl::service
