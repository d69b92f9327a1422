#pragma once
// What a scan (job/scan_job.h) writes when it rebuilds the catalog from media, beyond the rows
// every backup writes: the jobs it makes up, the save sets and jobs it finds incomplete, and the
// counts it fills in at the end. Functions use the caller's connection.
#include <cstdint>
#include <string>

#include "catalog/db.h"

namespace tl::catalog {

// The name of the jobs a scan makes up.
inline constexpr const char* kScannedJobName = "rebuilt by scan";

// A completed backup job for a session found on media, started at `started` (unix seconds).
Result<std::int64_t> add_scanned_job(Db& db, long long started);
// A session trailer of the job read: the job ended no earlier than its end time (unix seconds).
Status note_scanned_end(Db& db, std::int64_t job_id, long long end_time);
// The save sets of a session marked incomplete.
Status mark_session_incomplete(Db& db, std::int64_t session_id);
// A rebuilt job marked partial, its report naming why (`error`).
Status mark_job_incomplete(Db& db, std::int64_t job_id, const std::string& error);
// A scanned save set's stream length (the largest seen) and its file count.
Status note_scanned_stream(Db& db, std::int64_t saveset_id, std::uint64_t stream_end);
// Files and bytes of every rebuilt job, counted from its entries.
Status recount_scanned_jobs(Db& db);

} // namespace tl::catalog
