#pragma once
// The typed door's queue (api.h): the scheduler queue's waiting and running entries, as `queue
// list --json` shows them (GET /v1/queue).
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

Result<Queue> queue_from_json(const nlohmann::json& j);

} // namespace tl::client
