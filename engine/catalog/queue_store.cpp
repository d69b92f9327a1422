#include "catalog/queue_store.h"

#include "catalog/store_rows.h"

namespace tl::catalog {

namespace {
QueueRow read_queue_row(const Stmt& q) {
    QueueRow e;
    e.id = q.i64(0);
    e.definition = q.text(1);
    e.level = q.text(2);
    e.reason = q.text(3);
    e.state = q.text(4);
    e.attempt = static_cast<int>(q.i64(5));
    e.not_before = q.i64(6);
    e.enqueued = q.i64(7);
    e.started = q.i64(8);
    e.cancel_requested = q.i64(9) != 0;
    return e;
}

Status upsert(Stmt& up, const QueueRow& e) {
    up.bind(1, e.id)
        .bind(2, e.definition)
        .bind(3, e.level)
        .bind(4, e.reason)
        .bind(5, e.state)
        .bind(6, e.attempt)
        .bind(7, e.not_before)
        .bind(8, e.enqueued);
    if (e.started)
        up.bind(9, e.started);
    else
        up.bind_null(9);
    return up.run();
}
} // namespace

Result<std::vector<QueueRow>> list_queue_rows(Db& db) {
    auto q = db.prepare("SELECT id, definition, level, reason, state, attempt, not_before, "
                        "enqueued, coalesce(started, 0), cancel_requested FROM job_queue "
                        "ORDER BY state DESC, id");
    if (!q) return q.error();
    return collect_rows(q.value(), read_queue_row);
}

Status mirror_queue(Db& db, const std::vector<QueueRow>& rows) {
    auto tx = Transaction::begin(db);
    if (!tx) return tx.error();
    std::string keep;
    for (const auto& e : rows)
        keep += (keep.empty() ? "" : ",") + std::to_string(e.id);
    // An empty NOT IN () is SQLite's extension; PostgreSQL refuses it.
    TL_TRY(db.exec(keep.empty() ? std::string("DELETE FROM job_queue")
                                : "DELETE FROM job_queue WHERE id NOT IN (" + keep + ")"));
    auto up = db.prepare(
        "INSERT INTO job_queue(id, definition, level, reason, state, attempt, not_before, "
        "enqueued, started) VALUES(?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET "
        "level=excluded.level, state=excluded.state, started=excluded.started");
    if (!up) return up.error();
    for (const auto& e : rows)
        TL_TRY(upsert(up.value(), e));
    return tx->commit();
}

Result<std::vector<std::int64_t>> queue_cancel_requests(Db& db) {
    auto q = db.prepare("SELECT id FROM job_queue WHERE cancel_requested=1");
    if (!q) return q.error();
    return collect_rows(q.value(), [](const Stmt& s) { return s.i64(0); });
}

Result<bool> request_queue_cancel(Db& db, std::int64_t id) {
    auto upd = db.prepare("UPDATE job_queue SET cancel_requested=1 WHERE id=?");
    if (!upd) return upd.error();
    TL_TRY(upd->bind(1, id).run());
    return db.changes() > 0;
}

Status delete_queue_entry(Db& db, std::int64_t id) {
    auto del = db.prepare("DELETE FROM job_queue WHERE id=?");
    if (!del) return del.error();
    return del->bind(1, id).run();
}

Result<std::int64_t> max_queue_id(Db& db) {
    return db.scalar("SELECT coalesce(max(id), 0) FROM job_queue");
}

} // namespace tl::catalog
