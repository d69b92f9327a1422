#pragma once
// Why a job named by its ID has no save sets to restore, browse or verify, worded for the error:
// it does not exist (or prune removed it), it is not a backup, it wrote nothing, or its save sets
// are of another kind. Plain function over a catalog::Db the caller owns.
#include <cstdint>
#include <string>

#include "catalog/db.h"
#include "common/result.h"

namespace tl::job {

// NotFound (no such job) or InvalidArgument (another kind of job, a backup that wrote nothing),
// naming the job and what to do; `wanted` is what was looked for ("save sets", "file-tree save
// sets").
Error no_savesets(catalog::Db& db, std::int64_t job_id, const std::string& wanted);

} // namespace tl::job
