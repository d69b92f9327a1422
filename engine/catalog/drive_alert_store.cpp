#include "catalog/drive_alert_store.h"

namespace tl::catalog {

namespace {
constexpr const char* kAlertColumns =
    "SELECT id, drive, volume, phase, flag, severity, at, coalesce(job_id, 0) FROM drive_alerts ";

Result<std::vector<DriveAlertRow>> alert_rows(Stmt& q) {
    std::vector<DriveAlertRow> out;
    for (;;) {
        auto row = q.step();
        if (!row) return row.error();
        if (!row.value()) break;
        out.push_back({q.i64(0), q.text(1), q.text(2), q.text(3), static_cast<int>(q.i64(4)),
                       q.text(5), q.i64(6), q.i64(7)});
    }
    return out;
}
} // namespace

Status insert_drive_alert(Db& db, const DriveAlertRow& r) {
    auto q = db.prepare("INSERT INTO drive_alerts(drive, volume, phase, flag, severity, at, "
                        "job_id) VALUES (?, ?, ?, ?, ?, ?, ?)");
    if (!q) return q.error();
    q->bind(1, r.drive).bind(2, r.volume).bind(3, r.phase).bind(4, r.flag);
    q->bind(5, r.severity).bind(6, r.at);
    if (r.job_id > 0)
        q->bind(7, r.job_id);
    else
        q->bind_null(7);
    auto done = q->step();
    if (!done) return done.error();
    return {};
}

Result<std::vector<DriveAlertRow>> recent_drive_alerts(Db& db, const std::string& drive,
                                                       int limit) {
    auto q = db.prepare(std::string(kAlertColumns) +
                        "WHERE ? = '' OR drive = ? ORDER BY id DESC LIMIT ?");
    if (!q) return q.error();
    q->bind(1, drive).bind(2, drive).bind(3, limit);
    return alert_rows(q.value());
}

Result<std::vector<DriveAlertRow>> volume_alerts(Db& db, const std::string& volume) {
    auto q = db.prepare(std::string(kAlertColumns) + "WHERE volume = ? ORDER BY id");
    if (!q) return q.error();
    q->bind(1, volume);
    return alert_rows(q.value());
}

Status set_drive_out_of_service(Db& db, const DriveServiceRow& r) {
    auto q = db.prepare("INSERT INTO drive_service(drive, reason, since) VALUES (?, ?, ?) "
                        "ON CONFLICT(drive) DO UPDATE SET reason = excluded.reason, "
                        "since = excluded.since");
    if (!q) return q.error();
    q->bind(1, r.drive).bind(2, r.reason).bind(3, r.since);
    auto done = q->step();
    if (!done) return done.error();
    return {};
}

Result<bool> return_drive_to_service(Db& db, const std::string& drive) {
    auto q = db.prepare("DELETE FROM drive_service WHERE drive = ?");
    if (!q) return q.error();
    q->bind(1, drive);
    auto done = q->step();
    if (!done) return done.error();
    return db.changes() > 0;
}

Result<std::map<std::pair<std::string, std::string>, std::int64_t>> drive_alert_counts(Db& db) {
    auto q =
        db.prepare("SELECT drive, severity, COUNT(*) FROM drive_alerts GROUP BY drive, severity");
    if (!q) return q.error();
    std::map<std::pair<std::string, std::string>, std::int64_t> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out[{q->text(0), q->text(1)}] = q->i64(2);
    }
    return out;
}

Result<std::vector<DriveServiceRow>> drives_out_of_service(Db& db) {
    auto q = db.prepare("SELECT drive, reason, since FROM drive_service ORDER BY drive");
    if (!q) return q.error();
    std::vector<DriveServiceRow> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out.push_back({q->text(0), q->text(1), q->i64(2)});
    }
    return out;
}

} // namespace tl::catalog
