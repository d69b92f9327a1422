#pragma once
// The scheduler's queue as the catalog mirrors it (table job_queue): the service writes its
// queued and running entries after every tick; the CLI lists them and asks for cancellation
// (the service acts on the request at its next tick). Not thread-safe: one Db per thread.
#include <cstdint>
#include <vector>

#include "catalog/db.h"
#include "schedule/scheduler.h"

namespace tl::schedule {

class QueueStore {
public:
    explicit QueueStore(catalog::Db& db) : db_(db) {}

    Result<std::vector<QueueEntry>> list();
    // Makes the table hold exactly `entries` (cancel requests on kept rows are preserved).
    Status mirror(const std::vector<QueueEntry>& entries);
    // Ids whose cancellation was asked for.
    Result<std::vector<std::int64_t>> cancel_requests();
    // Marks an entry for cancellation; NotFound when it is not in the queue.
    Status request_cancel(std::int64_t id);
    // Removes an entry (used when no service runs to act on a request).
    Status remove(std::int64_t id);
    Result<std::int64_t> max_id();

private:
    catalog::Db& db_;
};

} // namespace tl::schedule
