#include "catalog/volume_wear_store.h"

namespace tl::catalog {

Status add_volume_wear(Db& db, const VolumeWearRow& d, long long now) {
    auto q = db.prepare(
        "INSERT INTO volume_wear(barcode, mounts, bytes_written, bytes_read, soft_errors, "
        "hard_errors, first_use, last_use) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT(barcode) DO UPDATE SET mounts = volume_wear.mounts + excluded.mounts, "
        "bytes_written = volume_wear.bytes_written + excluded.bytes_written, "
        "bytes_read = volume_wear.bytes_read + excluded.bytes_read, "
        "soft_errors = volume_wear.soft_errors + excluded.soft_errors, "
        "hard_errors = volume_wear.hard_errors + excluded.hard_errors, "
        "last_use = excluded.last_use");
    if (!q) return q.error();
    q->bind(1, d.barcode).bind(2, d.mounts).bind(3, d.bytes_written).bind(4, d.bytes_read);
    q->bind(5, d.soft_errors).bind(6, d.hard_errors).bind(7, now).bind(8, now);
    auto done = q->step();
    if (!done) return done.error();
    return {};
}

Result<std::vector<VolumeWearRow>> volume_wear(Db& db, const std::string& barcode) {
    auto q = db.prepare("SELECT barcode, mounts, bytes_written, bytes_read, soft_errors, "
                        "hard_errors, first_use, last_use FROM volume_wear "
                        "WHERE ? = '' OR barcode = ? ORDER BY barcode");
    if (!q) return q.error();
    q->bind(1, barcode).bind(2, barcode);
    std::vector<VolumeWearRow> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out.push_back({q->text(0), q->i64(1), static_cast<std::uint64_t>(q->i64(2)),
                       static_cast<std::uint64_t>(q->i64(3)), q->i64(4), q->i64(5), q->i64(6),
                       q->i64(7)});
    }
    return out;
}

} // namespace tl::catalog
