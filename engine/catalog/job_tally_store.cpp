#include "catalog/job_tally_store.h"

namespace tl::catalog {

Result<std::vector<TalliedJob>> jobs_from(Db& db, std::int64_t from_id) {
    auto q = db.prepare("SELECT id, started, coalesce(ended, 0), kind, status, name, report "
                        "FROM jobs WHERE id >= ? ORDER BY id");
    if (!q) return q.error();
    q->bind(1, from_id);
    std::vector<TalliedJob> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        TalliedJob j;
        j.id = q->i64(0);
        j.started = q->i64(1);
        j.ended = q->i64(2);
        j.kind = q->text(3);
        j.status = q->text(4);
        j.name = q->text(5);
        if (!q->is_null(6)) j.report = q->text(6);
        out.push_back(std::move(j));
    }
    return out;
}

} // namespace tl::catalog
