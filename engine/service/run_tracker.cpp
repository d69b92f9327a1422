#include "service/run_tracker.h"

namespace tl::service {

Status RunTracker::start(const schedule::RunRequest& request) {
    const nlohmann::json run = {{"queue", request.queue_id},
                                {"definition", request.definition.name},
                                {"level", request.level},
                                {"attempt", request.attempt}};
    hub_.announce_queued(request.queue_id, run);
    auto st = inner_.start(request);
    if (st) hub_.publish("started", run);
    return st;
}

std::vector<schedule::RunResult> RunTracker::finished() {
    auto results = inner_.finished();
    std::lock_guard lock(mutex_);
    for (const auto& r : results) {
        ended_[r.queue_id] = r;
        hub_.publish(
            "ended",
            {{"queue", r.queue_id}, {"job", r.job_id}, {"status", r.status}, {"error", r.error}});
    }
    return results;
}

std::optional<schedule::RunResult> RunTracker::ended(std::int64_t queue_id) const {
    std::lock_guard lock(mutex_);
    auto it = ended_.find(queue_id);
    if (it == ended_.end()) return std::nullopt;
    return it->second;
}

} // namespace tl::service
