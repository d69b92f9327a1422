#include "catalog/job_store.h"

namespace tl::catalog {

namespace {
// wait_reason was added after report (ALTER TABLE): reading it walks the row past the report's
// overflow pages, so it is read only for the rows that wait (the others have none).
constexpr const char* kJobSelect =
    "SELECT id, kind, name, level, status, started, coalesce(ended, 0), files, bytes, "
    "CASE WHEN status = 'waiting' THEN coalesce(wait_reason, '') ELSE '' END";
constexpr const char* kRates =
    ", CASE WHEN json_valid(report) THEN coalesce(json_extract(report, '$.elapsed_s'), 0) "
    "ELSE 0 END, CASE WHEN json_valid(report) THEN coalesce(json_extract(report, "
    "'$.wall_rate_Bps'), 0) ELSE 0 END, CASE WHEN json_valid(report) THEN "
    "coalesce(json_extract(report, '$.sustained_rate_Bps'), 0) ELSE 0 END";

JobRecord read_row(const Stmt& q, bool with_rates) {
    JobRecord r;
    r.id = q.i64(0);
    r.kind = q.text(1);
    r.name = q.text(2);
    r.level = q.text(3);
    r.status = q.text(4);
    r.started = q.i64(5);
    r.ended = q.i64(6);
    r.files = q.i64(7);
    r.bytes = q.i64(8);
    r.waiting_for = q.text(9);
    if (with_rates) {
        r.elapsed_s = q.f64(10);
        r.wall_rate_Bps = q.f64(11);
        r.sustained_rate_Bps = q.f64(12);
    }
    return r;
}

std::string order_by(JobOrder o) {
    switch (o) {
    case JobOrder::OldestFirst:
        return " ORDER BY id";
    case JobOrder::NewestFirst:
        return " ORDER BY id DESC";
    case JobOrder::LatestStartedFirst:
        return " ORDER BY started DESC, id DESC";
    }
    return " ORDER BY id";
}
} // namespace

Result<std::vector<JobRecord>> list_jobs(Db& db, const JobQuery& query) {
    std::string sql = std::string(kJobSelect) + (query.with_rates ? kRates : "") + " FROM jobs";
    std::vector<std::string> where;
    if (!query.status.empty()) where.push_back("status = ?");
    if (!query.kind.empty()) where.push_back("kind = ?");
    if (query.finished_only) where.push_back("status NOT IN ('running', 'waiting')");
    for (std::size_t i = 0; i < where.size(); ++i)
        sql += (i == 0 ? " WHERE " : " AND ") + where[i];
    sql += order_by(query.order);
    if (query.limit > 0 || query.offset > 0)
        sql += " LIMIT " + (query.limit > 0 ? std::to_string(query.limit) : std::string("-1")) +
               " OFFSET " + std::to_string(query.offset);
    auto q = db.prepare(sql);
    if (!q) return q.error();
    int bind = 1;
    if (!query.status.empty()) q->bind(bind++, query.status);
    if (!query.kind.empty()) q->bind(bind++, query.kind);
    std::vector<JobRecord> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out.push_back(read_row(q.value(), query.with_rates));
    }
    return out;
}

Result<std::int64_t> count_jobs(Db& db) {
    return db.scalar("SELECT count(*) FROM jobs");
}

Result<std::optional<JobRecord>> find_job(Db& db, std::int64_t id) {
    auto q = db.prepare(std::string(kJobSelect) + " FROM jobs WHERE id = ?");
    if (!q) return q.error();
    q->bind(1, id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<JobRecord>();
    return std::optional(read_row(q.value(), false));
}

Result<std::optional<StoredReport>> stored_report(Db& db, std::int64_t id) {
    auto q = db.prepare("SELECT status, report, coalesce(wait_reason, '') FROM jobs WHERE id = ?");
    if (!q) return q.error();
    q->bind(1, id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<StoredReport>();
    StoredReport r;
    r.status = q->text(0);
    if (!q->is_null(1)) r.json = q->text(1);
    r.waiting_for = q->text(2);
    return std::optional(std::move(r));
}

} // namespace tl::catalog
