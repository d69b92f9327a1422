#include "catalog/drive_history_store.h"

namespace tl::catalog {

namespace {
// The reports keep per-drive figures in $.drives and per-session ones in $.sessions.
Status add_drive_figures(Db& db, std::map<std::string, DriveUsage>& out) {
    auto q = db.prepare("SELECT json_extract(d.value, '$.name'), j.kind, "
                        "sum(coalesce(json_extract(d.value, '$.bytes'), 0)), "
                        "sum(coalesce(json_array_length(d.value, '$.volumes'), 0)) "
                        "FROM jobs j, json_each(j.report, '$.drives') d "
                        "WHERE j.report IS NOT NULL AND json_valid(j.report) GROUP BY 1, 2");
    if (!q) return q.error();
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        auto& u = out[q->text(0)];
        (q->text(1) == "backup" ? u.written : u.read) += static_cast<std::uint64_t>(q->i64(2));
        u.mounts += q->i64(3);
    }
    return {};
}

Status add_failed_sessions(Db& db, std::map<std::string, DriveUsage>& out) {
    auto q = db.prepare("SELECT json_extract(x.value, '$.drive'), count(*) "
                        "FROM jobs j, json_each(j.report, '$.sessions') x "
                        "WHERE j.report IS NOT NULL AND json_valid(j.report) AND "
                        "json_extract(x.value, '$.status') = 'failed' GROUP BY 1");
    if (!q) return q.error();
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out[q->text(0)].failed_sessions += q->i64(1);
    }
    return {};
}
} // namespace

Result<std::map<std::string, DriveUsage>> drive_usage(Db& db) {
    std::map<std::string, DriveUsage> out;
    TL_TRY(add_drive_figures(db, out));
    TL_TRY(add_failed_sessions(db, out));
    return out;
}

Result<std::optional<std::int64_t>> last_block_size(Db& db, const std::string& drive) {
    auto q = db.prepare("SELECT block_size FROM sessions WHERE drive = ? ORDER BY id DESC LIMIT 1");
    if (!q) return q.error();
    q->bind(1, drive);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<std::int64_t>();
    return std::optional(q->i64(0));
}

Result<std::optional<std::string>> last_codec(Db& db, const std::string& drive) {
    auto q = db.prepare("SELECT v.codec FROM savesets v JOIN sessions s ON s.id = v.session_id "
                        "WHERE s.drive = ? ORDER BY v.id DESC LIMIT 1");
    if (!q) return q.error();
    q->bind(1, drive);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<std::string>();
    return std::optional(q->text(0));
}

} // namespace tl::catalog
