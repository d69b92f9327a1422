#pragma once
// Why a job or save set named by its ID has nothing to restore, browse or verify, worded for the
// error: it does not exist (or prune removed it), it is not a backup, it wrote nothing, its save
// sets are of another kind, or the save set is a copy. Plain functions over a catalog::Db the
// caller owns.
#include <cstdint>
#include <string>

#include "catalog/db.h"
#include "catalog/job_store.h"
#include "common/result.h"

namespace tl::job {

// The job `job_id` when it is a backup; else NotFound (no such job, or pruned) or
// InvalidArgument (another kind), naming it and what to do.
Result<catalog::JobRecord> require_backup_job(catalog::Db& db, std::int64_t job_id);

// NotFound (no such job) or InvalidArgument (another kind of job, a backup that wrote nothing),
// naming the job and what to do; `wanted` is what was looked for ("save sets", "file-tree save
// sets").
Error no_savesets(catalog::Db& db, std::int64_t job_id, const std::string& wanted);

// Why save set `saveset_id` cannot be restored or browsed by its ID: it is a copy (a clone's;
// InvalidArgument naming its original, which a restore reads or replaces by the copy, and the
// verify of the copies), else NotFound with `otherwise`.
Error no_saveset(catalog::Db& db, std::int64_t saveset_id, const std::string& otherwise);

} // namespace tl::job
