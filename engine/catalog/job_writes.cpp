#include "catalog/job_writes.h"

#include "catalog/entry_names.h"

namespace tl::catalog {

namespace {
Status for_each_id(Db& db, const char* sql, const std::vector<std::int64_t>& ids) {
    auto s = db.prepare(sql);
    if (!s) return s.error();
    for (const auto id : ids)
        TL_TRY(s->bind(1, id).run());
    return {};
}
} // namespace

Result<std::int64_t> insert_ended_backup(Db& db, const EndedBackup& j) {
    auto ins = db.prepare("INSERT INTO jobs(kind, name, level, pool_id, status, pid, started, "
                          "ended, report) VALUES('backup', ?, ?, (SELECT id FROM pools WHERE "
                          "name=?), ?, ?, ?, ?, ?)");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, j.name)
               .bind(2, j.level)
               .bind(3, j.pool)
               .bind(4, j.status)
               .bind(5, j.pid)
               .bind(6, j.started)
               .bind(7, j.ended)
               .bind(8, j.report)
               .run());
    return db.last_insert_rowid();
}

Status delete_jobs(Db& db, const std::vector<std::int64_t>& ids) {
    return for_each_id(db, "DELETE FROM jobs WHERE id=?", ids);
}

Status delete_job_files(Db& db, const std::vector<std::int64_t>& ids) {
    TL_TRY(for_each_id(
        db, "DELETE FROM files WHERE saveset_id IN (SELECT id FROM savesets WHERE job_id=?)", ids));
    // PostgreSQL: the save sets' name keys, now of no entries, are built again (entry_names.h).
    return refill_pending_entry_names(db);
}

Result<std::int64_t> count_unfinished_jobs(Db& db) {
    return db.scalar("SELECT count(*) FROM jobs WHERE status IN ('running','waiting')");
}

Status delete_unfinished_jobs(Db& db) {
    return db.exec("DELETE FROM jobs WHERE status IN ('running','waiting')");
}

Status rename_jobs_of_session(Db& db, const std::string& session_uuid, const std::string& name) {
    auto upd =
        db.prepare("UPDATE jobs SET name=? WHERE id IN (SELECT job_id FROM sessions WHERE uuid=?)");
    if (!upd) return upd.error();
    return upd->bind(1, name).bind_blob(2, session_uuid.data(), session_uuid.size()).run();
}

} // namespace tl::catalog
