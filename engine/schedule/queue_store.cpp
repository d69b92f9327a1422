#include "schedule/queue_store.h"

#include <string>

namespace tl::schedule {

Result<std::vector<QueueEntry>> QueueStore::list() {
    auto q = db_.prepare("SELECT id, definition, level, reason, state, attempt, not_before, "
                         "enqueued, coalesce(started, 0), cancel_requested FROM job_queue "
                         "ORDER BY state DESC, id");
    if (!q) return q.error();
    std::vector<QueueEntry> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        QueueEntry e;
        e.id = q->i64(0);
        e.definition = q->text(1);
        e.level = q->text(2);
        e.reason = q->text(3);
        e.state = q->text(4) == "running" ? QueueEntry::State::Running : QueueEntry::State::Queued;
        e.attempt = static_cast<int>(q->i64(5));
        e.not_before = q->i64(6);
        e.enqueued = q->i64(7);
        e.started = q->i64(8);
        e.cancel_requested = q->i64(9) != 0;
        out.push_back(std::move(e));
    }
    return out;
}

Status QueueStore::mirror(const std::vector<QueueEntry>& entries) {
    auto tx = catalog::Transaction::begin(db_);
    if (!tx) return tx.error();
    std::string keep;
    for (const auto& e : entries)
        keep += (keep.empty() ? "" : ",") + std::to_string(e.id);
    TL_TRY(db_.exec("DELETE FROM job_queue WHERE id NOT IN (" + keep + ")"));
    auto up = db_.prepare(
        "INSERT INTO job_queue(id, definition, level, reason, state, attempt, not_before, "
        "enqueued, started) VALUES(?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET "
        "level=excluded.level, state=excluded.state, started=excluded.started");
    if (!up) return up.error();
    for (const auto& e : entries) {
        up->bind(1, e.id)
            .bind(2, e.definition)
            .bind(3, e.level)
            .bind(4, e.reason)
            .bind(5, to_string(e.state))
            .bind(6, e.attempt)
            .bind(7, e.not_before)
            .bind(8, e.enqueued);
        if (e.started)
            up->bind(9, e.started);
        else
            up->bind_null(9);
        TL_TRY(up->run());
    }
    return tx->commit();
}

Result<std::vector<std::int64_t>> QueueStore::cancel_requests() {
    auto q = db_.prepare("SELECT id FROM job_queue WHERE cancel_requested=1");
    if (!q) return q.error();
    std::vector<std::int64_t> ids;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        ids.push_back(q->i64(0));
    }
    return ids;
}

Status QueueStore::request_cancel(std::int64_t id) {
    auto upd = db_.prepare("UPDATE job_queue SET cancel_requested=1 WHERE id=?");
    if (!upd) return upd.error();
    TL_TRY(upd->bind(1, id).run());
    if (db_.changes() == 0)
        return make_error(ErrorKind::NotFound, "queue entry " + std::to_string(id) +
                                                   " is neither queued nor running; see "
                                                   "tapeloom-cli queue list");
    return {};
}

Status QueueStore::remove(std::int64_t id) {
    auto del = db_.prepare("DELETE FROM job_queue WHERE id=?");
    if (!del) return del.error();
    return del->bind(1, id).run();
}

Result<std::int64_t> QueueStore::max_id() {
    return db_.scalar("SELECT coalesce(max(id), 0) FROM job_queue");
}

} // namespace tl::schedule
