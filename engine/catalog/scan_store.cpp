#include "catalog/scan_store.h"

#include "catalog/entry_names.h"

namespace tl::catalog {

Result<std::int64_t> add_scanned_job(Db& db, long long started) {
    auto q = db.prepare(
        "INSERT INTO jobs(kind,name,status,started,ended,report) VALUES('backup',?,'completed',?,"
        "?,json_object('note','catalog rebuilt from media by scan'))");
    if (!q) return q.error();
    TL_TRY(q->bind(1, kScannedJobName)
               .bind(2, static_cast<std::int64_t>(started))
               .bind(3, static_cast<std::int64_t>(started))
               .run());
    return db.last_insert_rowid();
}

Status note_scanned_end(Db& db, std::int64_t job_id, long long end_time) {
    auto q = db.prepare("UPDATE jobs SET ended=max(ended,?) WHERE id=?");
    if (!q) return q.error();
    return q->bind(1, static_cast<std::int64_t>(end_time)).bind(2, job_id).run();
}

Status mark_session_incomplete(Db& db, std::int64_t session_id) {
    auto q = db.prepare("UPDATE savesets SET status='incomplete' WHERE session_id=?");
    if (!q) return q.error();
    return q->bind(1, session_id).run();
}

Status mark_job_incomplete(Db& db, std::int64_t job_id, const std::string& error) {
    auto q = db.prepare(
        "UPDATE jobs SET status='partial', report=json_object('note','catalog rebuilt from "
        "media by scan','incomplete',1,'status','partial','error',CAST(? AS TEXT)) WHERE id=?");
    if (!q) return q.error();
    return q->bind(1, error).bind(2, job_id).run();
}

Status note_scanned_stream(Db& db, std::int64_t saveset_id, std::uint64_t stream_end) {
    auto q = db.prepare("UPDATE savesets SET stored=max(stored,?), files=(SELECT count(*) FROM "
                        "files WHERE saveset_id=?) WHERE id=?");
    if (!q) return q.error();
    return q->bind(1, stream_end).bind(2, saveset_id).bind(3, saveset_id).run();
}

Status recount_scanned_jobs(Db& db) {
    auto q = db.prepare(
        "UPDATE jobs SET files=(SELECT count(*) FROM files f JOIN savesets s ON s.id=f.saveset_id "
        "WHERE s.job_id=jobs.id), bytes=(SELECT coalesce(sum(f.size),0) FROM files f JOIN "
        "savesets s ON s.id=f.saveset_id WHERE s.job_id=jobs.id) WHERE name=?");
    if (!q) return q.error();
    TL_TRY(q->bind(1, kScannedJobName).run());
    // PostgreSQL: the scanned save sets' name keys, which wait for the scan's end
    // (entry_names.h); SQLite's came with their entries.
    return refill_pending_entry_names(db);
}

} // namespace tl::catalog
