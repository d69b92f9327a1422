#pragma once
// The service's JobRunner: forwards to the real runner and remembers how each run ended, so
// the API can tell a client which job a queue entry became (GET /v1/queue/{id}) after the
// entry has left the queue. finished() is called by the scheduler's thread; ended() by the
// API's threads.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>

#include "schedule/job_runner.h"
#include "service/event_hub.h"

namespace tl::service {

class RunTracker final : public schedule::JobRunner {
public:
    RunTracker(schedule::JobRunner& inner, EventHub& hub) : inner_(inner), hub_(hub) {}

    // Tells the streams "started" (after "queued", once per entry) when the run started.
    Status start(const schedule::RunRequest& request) override;
    void cancel(std::int64_t queue_id) override { inner_.cancel(queue_id); }
    // Tells the streams "ended" for each run collected.
    std::vector<schedule::RunResult> finished() override;
    bool has_finished() const override { return inner_.has_finished(); }
    void wait_all() override { inner_.wait_all(); }

    // How the run of queue entry `queue_id` ended; nullopt while it waits or runs, or when this
    // service never ran it.
    std::optional<schedule::RunResult> ended(std::int64_t queue_id) const;

private:
    schedule::JobRunner& inner_;
    EventHub& hub_;
    mutable std::mutex mutex_;
    std::map<std::int64_t, schedule::RunResult> ended_;
};

} // namespace tl::service
