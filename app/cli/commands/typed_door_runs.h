#pragma once
// `job run` through the service's queue (typed_door_runs.cpp) and the printer it shares with
// the command run here (job_def.cpp).
#include <optional>
#include <string>

#include "client/service_client.h"
#include "context.h"
#include "job/job_report.h"

namespace tl::cli {

// The report of definition `name`'s run as `job run` prints it (text or --json), the failure
// said on stderr; the exit code of its status.
int print_job_run(Context& ctx, const std::string& name, const job::JobReport& report);

// job run NAME [--level L]: queued with POST /v1/backups, followed until its run ended, then its
// report read (GET /v1/jobs/{id}); nullopt for any other command.
std::optional<int> run_through_typed_door(Context& ctx, client::ServiceClient& c,
                                          const std::string& command);

} // namespace tl::cli
