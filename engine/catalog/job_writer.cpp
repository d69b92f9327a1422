#include "catalog/job_writer.h"

#include <functional>
#include <utility>
#include <vector>

#include "catalog/dialect.h"
#include "catalog/entry_names.h"
#include "catalog/name_search_tail.h"

namespace tl::catalog {

Result<std::int64_t> add_job(Db& db, const NewJob& j) {
    std::vector<std::pair<const char*, std::function<void(Stmt&, int)>>> cols = {
        {"kind", [&](Stmt& s, int i) { s.bind(i, j.kind); }},
        {"name", [&](Stmt& s, int i) { s.bind(i, j.name); }},
        {"status", [&](Stmt& s, int i) { s.bind(i, j.status); }},
        {"started", [&](Stmt& s, int i) { s.bind(i, static_cast<std::int64_t>(j.started)); }},
    };
    if (j.level) cols.push_back({"level", [&](Stmt& s, int i) { s.bind(i, *j.level); }});
    if (j.pool_id) cols.push_back({"pool_id", [&](Stmt& s, int i) { s.bind(i, *j.pool_id); }});
    if (j.pid) cols.push_back({"pid", [&](Stmt& s, int i) { s.bind(i, *j.pid); }});
    if (j.ended)
        cols.push_back(
            {"ended", [&](Stmt& s, int i) { s.bind(i, static_cast<std::int64_t>(*j.ended)); }});
    if (j.report) cols.push_back({"report", [&](Stmt& s, int i) { s.bind(i, *j.report); }});
    std::string names, marks;
    for (const auto& c : cols) {
        names += (names.empty() ? "" : ",") + std::string(c.first);
        marks += marks.empty() ? "?" : ",?";
    }
    auto q = db.prepare("INSERT INTO jobs(" + names + ") VALUES(" + marks + ")");
    if (!q) return q.error();
    for (std::size_t i = 0; i < cols.size(); ++i)
        cols[i].second(q.value(), static_cast<int>(i + 1));
    TL_TRY(q->run());
    return db.last_insert_rowid();
}

Status update_job(Db& db, std::int64_t id, const JobUpdate& u) {
    std::string sql = "UPDATE jobs SET status=?";
    if (u.clear_wait) sql += ", wait_reason=NULL";
    if (u.ended) sql += ", ended=?";
    if (u.files) sql += ", files=?";
    if (u.bytes) sql += ", bytes=?";
    if (u.report) sql += ", report=?";
    auto q = db.prepare(sql + " WHERE id=?");
    if (!q) return q.error();
    int i = 1;
    q->bind(i++, u.status);
    if (u.ended) q->bind(i++, static_cast<std::int64_t>(*u.ended));
    if (u.files) q->bind(i++, *u.files);
    if (u.bytes) q->bind(i++, *u.bytes);
    if (u.report) q->bind(i++, *u.report);
    return q->bind(i, id).run();
}

Status set_job_waiting(Db& db, std::int64_t id, const std::string& reason) {
    auto q = db.prepare("UPDATE jobs SET status=?, wait_reason=? WHERE id=?");
    if (!q) return q.error();
    q->bind(1, reason.empty() ? "running" : "waiting").bind(3, id);
    if (reason.empty())
        q->bind_null(2);
    else
        q->bind(2, reason);
    return q->run();
}

Status set_job_report(Db& db, std::int64_t id, const std::string& report) {
    auto q = db.prepare("UPDATE jobs SET report=? WHERE id=?");
    if (!q) return q.error();
    return q->bind(1, report).bind(2, id).run();
}

Result<int> fail_interrupted_jobs(Db& db) {
    TL_TRY(db.exec(std::string("UPDATE jobs SET status='failed', ended=") + dialect::kUnixNow +
                   ", report=json_object('job_id', id, 'kind', kind, 'status', 'failed', "
                   "'error', 'interrupted: the process running it ended before the job "
                   "finished'), wait_reason=NULL WHERE status IN ('running','waiting')"));
    const int failed = db.changes();
    // Their save sets ended too: the name search finds what they wrote (entry_names.h).
    auto filled = fill_pending_entry_names(db);
    if (!filled) return filled.error();
    index_new_names_or_warn(db); // and the names they added (name_search_tail.h)
    return failed;
}

Result<std::optional<double>> recent_backup_rate(Db& db) {
    auto q = db.prepare(
        "SELECT avg(json_extract(report,'$.wall_rate_Bps')) FROM (SELECT report FROM jobs WHERE "
        "kind='backup' AND status IN ('completed','warnings') AND report IS NOT NULL ORDER BY id "
        "DESC LIMIT 10)");
    if (!q) return q.error();
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value() || q->is_null(0) || q->f64(0) <= 0) return std::optional<double>{};
    return std::optional<double>(q->f64(0));
}

} // namespace tl::catalog
