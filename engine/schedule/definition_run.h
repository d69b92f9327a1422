#pragma once
// Runs one job definition now, start to end: the pre-command (a failure fails the job with
// its reason), the backup at the given level, the post-command, the log line and the
// notification command (the job report as JSON on its stdin). Used by the service's runner
// and by `tapeloom-cli job run`. Blocking; call it from one thread per job.
#include <atomic>
#include <string>

#include "context/engine.h"
#include "job/job_report.h"
#include "schedule/job_definition.h"

namespace tl::schedule {

// Always returns the job's report. A job that could not start (pre-command failed, a source
// vanished, the pool was removed...) is recorded in the job history as failed with the reason,
// so `jobs list` shows it; report.job_id is its id. `wait_for_volume`: a pool without a volume
// to write on makes the job wait for the operator (job::BackupOptions::wait_for_volume).
job::JobReport run_definition(Engine& engine, const JobDefinition& d, const std::string& level,
                              std::atomic<bool>* cancel = nullptr, bool wait_for_volume = false);

} // namespace tl::schedule
