#pragma once
// A schedule and a job definition as the configuration's routes answer them (config_routes.cpp
// reads, definition_routes.cpp writes).
#include <nlohmann/json.hpp>

#include "common/result.h"
#include "schedule/definition_store.h"

namespace tl::service {

// {"id", "definition", "rule", "name", "checked_until"}
nlohmann::json schedule_json(const schedule::StoredSchedule& s);
// The definition as `job export` writes it, with "schedules": [schedule_json...].
Result<nlohmann::json> definition_json(schedule::DefinitionStore& store,
                                       const schedule::JobDefinition& d);

} // namespace tl::service
