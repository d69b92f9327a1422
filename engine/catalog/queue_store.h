#pragma once
// The scheduler's queue as rows (table job_queue): listing, mirroring the scheduler's entries,
// cancel requests. schedule/queue_store.h turns the rows into QueueEntry. Functions use the
// caller's connection and its thread.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct QueueRow {
    std::int64_t id = 0;
    std::string definition, level, reason;
    std::string state; // "queued" | "running"
    int attempt = 0;
    long long not_before = 0, enqueued = 0, started = 0; // unix seconds; started 0 = not yet
    bool cancel_requested = false;
};

// Running entries first, then by id.
Result<std::vector<QueueRow>> list_queue_rows(Db& db);
// Makes the table hold exactly `rows` in one transaction; a kept row keeps its cancel request.
Status mirror_queue(Db& db, const std::vector<QueueRow>& rows);
Result<std::vector<std::int64_t>> queue_cancel_requests(Db& db);
// false when no entry has that id.
Result<bool> request_queue_cancel(Db& db, std::int64_t id);
Status delete_queue_entry(Db& db, std::int64_t id);
// The highest id ever mirrored that is still there (0 when empty).
Result<std::int64_t> max_queue_id(Db& db);

} // namespace tl::catalog
