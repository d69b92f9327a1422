#pragma once
// The typed door's live jobs (api.h): the jobs running on the service's data directory as their
// live snapshots show them (GET /v1/live; metrics/live_snapshot.h), the service's own and those
// of another process on it, told apart by `service_pid`.
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "metrics/live_snapshot.h"

namespace tl::client {

struct LiveJobs {
    long service_pid = 0;
    std::vector<metrics::LiveSnapshot> jobs; // running ones first, then by job id
};

// Io when the answer has no list of jobs.
Result<LiveJobs> live_jobs_from_json(const nlohmann::json& j);

} // namespace tl::client
