#pragma once
// The typed door's queue (api.h): the scheduler queue's waiting and running entries, as `queue
// list --json` shows them (GET /v1/queue).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "schedule/scheduler.h"

namespace tl::client {

struct Queue {
    long service_pid = 0; // the service that runs the queue; 0 none
    std::vector<schedule::QueueEntry> entries;
    nlohmann::json document; // as the service sent it
};

// One entry of the queue as GET /v1/queue/{id} gives it: waiting or running, or how its run
// ended under this service.
struct QueuedRun {
    std::int64_t id = 0;
    std::string state;  // queued | running | ended
    std::string status; // ended: completed | warnings | partial | failed | cancelled
    std::int64_t job = 0;
    std::string error;

    bool ended() const { return state == "ended"; }
};

Result<Queue> queue_from_json(const nlohmann::json& j);

} // namespace tl::client
