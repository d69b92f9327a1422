#pragma once
// The Queue and Running tabs' reads and cancels through the service's typed door (docs/api.md):
// the scheduler queue (GET /v1/queue), the running jobs' live snapshots (GET /v1/live) and the
// cancel of a queue entry or of a job the API started. Blocking: call them on a worker thread.
#include <QString>
#include <cstdint>

#include "bridge/typed_door.h"
#include "client/live_jobs.h"
#include "client/queue.h"

namespace tl::ui {

// The queue and, beside it, what its running entries' jobs do or wait for.
struct ServedQueue {
    client::Queue queue;
    client::LiveJobs live;
};

// Their error (logged once) when the service cannot answer.
Result<ServedQueue> readQueue(const DoorAddress& door);
Result<client::LiveJobs> readLiveJobs(const DoorAddress& door);

// `queue cancel ID` (POST /v1/queue/{id}/cancel); the error text, or "" when asked.
QString cancelQueueEntry(const DoorAddress& door, std::int64_t id);
// Stops job `job` of definition `definition`: its running queue entry when the queue has one,
// else the job the API started (POST /v1/jobs/{id}/cancel: a restore, verify, clone); the error
// text, or "" when asked.
QString cancelRunningJob(const DoorAddress& door, const std::string& definition, std::int64_t job);

} // namespace tl::ui
