#include "schedule/queue_store.h"

#include <string>

#include "catalog/queue_store.h"

namespace tl::schedule {

namespace {
QueueEntry entry_of(const catalog::QueueRow& r) {
    QueueEntry e;
    e.id = r.id;
    e.definition = r.definition;
    e.level = r.level;
    e.reason = r.reason;
    e.state = r.state == "running" ? QueueEntry::State::Running : QueueEntry::State::Queued;
    e.attempt = r.attempt;
    e.not_before = r.not_before;
    e.enqueued = r.enqueued;
    e.started = r.started;
    e.cancel_requested = r.cancel_requested;
    return e;
}

catalog::QueueRow row_of(const QueueEntry& e) {
    catalog::QueueRow r;
    r.id = e.id;
    r.definition = e.definition;
    r.level = e.level;
    r.reason = e.reason;
    r.state = to_string(e.state);
    r.attempt = e.attempt;
    r.not_before = e.not_before;
    r.enqueued = e.enqueued;
    r.started = e.started;
    return r;
}
} // namespace

Result<std::vector<QueueEntry>> QueueStore::list() {
    auto rows = catalog::list_queue_rows(db_);
    if (!rows) return rows.error();
    std::vector<QueueEntry> out;
    for (const auto& r : rows.value())
        out.push_back(entry_of(r));
    return out;
}

Status QueueStore::mirror(const std::vector<QueueEntry>& entries) {
    std::vector<catalog::QueueRow> rows;
    for (const auto& e : entries)
        rows.push_back(row_of(e));
    return catalog::mirror_queue(db_, rows);
}

Result<std::vector<std::int64_t>> QueueStore::cancel_requests() {
    return catalog::queue_cancel_requests(db_);
}

Status QueueStore::request_cancel(std::int64_t id) {
    auto found = catalog::request_queue_cancel(db_, id);
    if (!found) return found.error();
    if (!found.value())
        return make_error(ErrorKind::NotFound, "queue entry " + std::to_string(id) +
                                                   " is neither queued nor running; see "
                                                   "tapeloom-cli queue list");
    return {};
}

Status QueueStore::remove(std::int64_t id) {
    return catalog::delete_queue_entry(db_, id);
}

Result<std::int64_t> QueueStore::max_id() {
    return catalog::max_queue_id(db_);
}

} // namespace tl::schedule
