#pragma once
// Writes of job rows outside a running job's own bookkeeping: a run that failed before it
// started, prune's deletions of expired jobs and file entries, and the repairs of a catalog
// recovery. The reads of the history are in job_store.h. Functions use the caller's connection
// and its thread; they run inside the caller's transaction when one is open.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"
#include "catalog/job_writer.h" // set_job_report

namespace tl::catalog {

// A backup job that ended before it ran (its report already final).
struct EndedBackup {
    std::string name, level;
    std::string pool; // by name; NULL when no such pool
    std::string status;
    std::int64_t pid = 0;
    long long started = 0, ended = 0;
    std::string report; // JSON text
};
// Returns the new job id.
Result<std::int64_t> insert_ended_backup(Db& db, const EndedBackup& job);

// Deletes the jobs with everything they own (sessions, save sets, extents, file entries).
Status delete_jobs(Db& db, const std::vector<std::int64_t>& ids);
// Deletes the file entries of the jobs' save sets (the jobs stay).
Status delete_job_files(Db& db, const std::vector<std::int64_t>& ids);

// Jobs still 'running' or 'waiting'.
Result<std::int64_t> count_unfinished_jobs(Db& db);
Status delete_unfinished_jobs(Db& db);
// Names the jobs that wrote the media session with this 16-byte UUID.
Status rename_jobs_of_session(Db& db, const std::string& session_uuid, const std::string& name);

} // namespace tl::catalog
