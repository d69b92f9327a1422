#include "catalog/retention_store.h"

#include "catalog/store_rows.h"

namespace tl::catalog {

// A job run from a definition with its own retention (`job define --retention-days N`) keeps
// that retention, for its entries too; the others keep their pool's.
Result<std::vector<RetainedJob>> finished_backups(Db& db) {
    auto q = db.prepare(
        "SELECT j.id, j.name, j.level, coalesce(p.name,''), j.started, "
        "coalesce(d.days, p.retention_days, 30), "
        "coalesce(d.days, p.file_retention_days, p.retention_days, 30), "
        "(SELECT count(*) FROM files f JOIN savesets s ON s.id=f.saveset_id WHERE s.job_id=j.id) "
        "FROM jobs j LEFT JOIN pools p ON p.id=j.pool_id LEFT JOIN (SELECT name, "
        "json_extract(spec, '$.retention_days') AS days FROM job_definitions WHERE "
        "json_extract(spec, '$.retention_days') > 0) d ON d.name=j.name "
        "WHERE j.kind='backup' AND j.status NOT IN ('running','waiting') ORDER BY j.started, j.id");
    if (!q) return q.error();
    return collect_rows(q.value(), [](const Stmt& s) {
        return RetainedJob{s.i64(0), s.text(1), s.text(2), s.text(3),
                           s.i64(4), s.i64(5),  s.i64(6),  s.i64(7)};
    });
}

Result<std::vector<CopyPool>> copy_pools(Db& db) {
    auto q = db.prepare("SELECT DISTINCT s.job_id, p.name, p.retention_days, "
                        "coalesce(p.file_retention_days, p.retention_days) FROM savesets s JOIN "
                        "extents e ON e.saveset_id=s.id JOIN volumes v ON v.id=e.volume_id JOIN "
                        "pools p ON p.id=v.pool_id WHERE s.clone_of IS NOT NULL AND "
                        "s.status='cloned' ORDER BY 1, 2");
    if (!q) return q.error();
    return collect_rows(q.value(), [](const Stmt& s) {
        return CopyPool{s.i64(0), s.text(1), s.i64(2), s.i64(3)};
    });
}

Result<BaseJobs> BaseJobs::open(Db& db) {
    BaseJobs b;
    // A PostgreSQL catalog is always at this build's schema (it has base_id); asking it SQLite's
    // pragma_table_info would fail and abort the caller's transaction.
    if (!db.postgres()) {
        auto n =
            db.scalar("SELECT count(*) FROM pragma_table_info('savesets') WHERE name='base_id'");
        if (!n || n.value() == 0) return b;
    }
    auto q = db.prepare("SELECT DISTINCT b.job_id FROM savesets s JOIN savesets b ON "
                        "b.id=s.base_id WHERE s.job_id=? AND b.job_id<>s.job_id");
    if (!q) return q.error();
    b.q_ = std::move(q.value());
    b.available_ = true;
    return b;
}

Result<std::vector<std::int64_t>> BaseJobs::of(std::int64_t job_id) {
    if (!available_) return std::vector<std::int64_t>{};
    q_.reset();
    q_.bind(1, job_id);
    return collect_rows(q_, [](const Stmt& s) { return s.i64(0); });
}

} // namespace tl::catalog
