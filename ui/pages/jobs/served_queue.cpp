#include "pages/jobs/served_queue.h"

namespace tl::ui {

Result<ServedQueue> readQueue(const DoorAddress& door) {
    return readService<ServedQueue>(
        door, "queue list", [](client::Api& api) -> Result<ServedQueue> {
            auto queue = api.queue();
            if (!queue) return queue.error();
            auto live = api.live_jobs();
            if (!live) return live.error();
            return ServedQueue{std::move(queue.value()), std::move(live.value())};
        });
}

Result<client::LiveJobs> readLiveJobs(const DoorAddress& door) {
    return readService<client::LiveJobs>(door, "running jobs",
                                         [](client::Api& api) { return api.live_jobs(); });
}

QString cancelQueueEntry(const DoorAddress& door, std::int64_t id) {
    return callService(door, "queue cancel " + std::to_string(id),
                       [id](client::Api& api) { return api.cancel_queue_entry(id); });
}

QString cancelRunningJob(const DoorAddress& door, const std::string& definition, std::int64_t job) {
    return callService(
        door, "cancel job " + std::to_string(job), [&definition, job](client::Api& api) -> Status {
            auto queue = api.queue();
            if (!queue) return queue.error();
            for (const auto& e : queue->entries)
                if (e.state == schedule::QueueEntry::State::Running && e.definition == definition)
                    return api.cancel_queue_entry(e.id);
            return api.cancel_job(job);
        });
}

} // namespace tl::ui
