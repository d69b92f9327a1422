#include "catalog/audit_store.h"

#include <algorithm>

namespace tl::catalog {

Status record_audit(Db& db, const AuditRecord& r) {
    auto q = db.prepare(
        "INSERT INTO audit_log(at, who, method, route, detail, status) VALUES (?, ?, ?, ?, ?, ?)");
    if (!q) return q.error();
    q->bind(1, r.at).bind(2, r.who).bind(3, r.method).bind(4, r.route).bind(5, r.detail);
    q->bind(6, r.status);
    auto done = q->step();
    if (!done) return done.error();
    return {};
}

Result<std::vector<AuditRecord>> list_audit(Db& db, const AuditQuery& query) {
    auto q = db.prepare("SELECT id, at, who, method, route, detail, status FROM audit_log "
                        "WHERE at >= ? ORDER BY id DESC LIMIT ?");
    if (!q) return q.error();
    q->bind(1, query.since).bind(2, static_cast<std::int64_t>(query.limit));
    std::vector<AuditRecord> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out.push_back({q->i64(0), q->i64(1), q->text(2), q->text(3), q->text(4), q->text(5),
                       static_cast<int>(q->i64(6))});
    }
    std::reverse(out.begin(), out.end());
    return out;
}

} // namespace tl::catalog
