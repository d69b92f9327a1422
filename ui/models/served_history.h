#pragma once
// The job history as the service of the data directory holds it, read through the typed door
// (GET /v1/jobs?rates=true, client::Api::job_history): the newest `max` jobs, newest first, each
// with its elapsed time and rates from its report. Blocking: call it on a worker thread.
#include <vector>

#include "bridge/typed_door.h"

namespace tl::ui {

struct JobRow;

// Its error (logged once) when the service cannot answer.
Result<std::vector<JobRow>> readJobHistory(const DoorAddress& door, std::int64_t max);

} // namespace tl::ui
