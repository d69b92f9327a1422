#pragma once
// The JSON shape of the scheduler's queue, as `tapeloom-cli queue list --json` prints it and
// the service's GET /v1/queue returns it (docs/api.md).
#include <vector>

#include <nlohmann/json.hpp>

#include "schedule/scheduler.h"

namespace tl::shapes {

nlohmann::json queue_entry_json(const schedule::QueueEntry& e);

// {"service_pid": pid (0: none), "entries": [...]}
nlohmann::json queue_json(long service_pid, const std::vector<schedule::QueueEntry>& entries);

} // namespace tl::shapes
