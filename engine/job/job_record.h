#pragma once
// One job of the history as the catalog holds it (table jobs): what ran, how it ended and its
// stored report. For readers that show or export a job (the console's Reports page); the
// writers are the jobs themselves. Not thread-safe: use it on the thread that owns `db`.
#include <cstdint>
#include <string>

#include "catalog/db.h"
#include "job/job_report.h"

namespace tl::job {

struct JobRecord {
    std::int64_t id = 0;
    std::string kind, name, level, status; // level is only meaningful for a backup
    long long started = 0, ended = 0;      // unix seconds; ended 0 = still running
    std::uint64_t files = 0, bytes = 0;
    bool has_report = false;
    JobReport report; // when has_report
};

// NotFound names the job.
Result<JobRecord> load_job_record(catalog::Db& db, std::int64_t id);

// Records a restore that was refused before it began (e.g. its volumes are outside the
// library) as a failed restore job with `error`, so the history shows it. Returns its id.
Result<std::int64_t> record_refused_restore(catalog::Db& db, const std::string& name,
                                            long long when, const std::string& error);

} // namespace tl::job
