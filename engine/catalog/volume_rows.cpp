// The volume rows of catalog/volume_store.h: reading volumes and their history, and the writes
// of the volume state machine.
#include "catalog/entry_names.h"
#include "catalog/store_rows.h"
#include "catalog/volume_store.h"

namespace tl::catalog {

namespace {
constexpr const char* kVolumeSelect =
    "SELECT v.id, v.barcode, coalesce(p.name,''), coalesce(v.pool_id,0), v.state, v.bytes, "
    "v.capacity, v.jobs, v.next_file, v.block_size, v.labeled, coalesce(v.first_written,0), "
    "coalesce(v.last_written,0), v.location, coalesce(v.library,''), coalesce(v.slot,0), "
    "coalesce(v.site,''), coalesce(v.left_at,0), "
    "coalesce((SELECT group_concat(DISTINCT se.key_id) FROM tape_files t JOIN sessions se ON "
    "se.id=t.session_id WHERE t.volume_id=v.id AND se.key_id IS NOT NULL), '') "
    "FROM volumes v LEFT JOIN pools p ON p.id=v.pool_id ";

VolumeRow read_volume(const Stmt& q) {
    VolumeRow v;
    v.id = q.i64(0);
    v.barcode = q.text(1);
    v.pool = q.text(2);
    v.pool_id = q.i64(3);
    v.state = q.text(4);
    v.bytes = q.i64(5);
    v.capacity = q.i64(6);
    v.jobs = q.i64(7);
    v.next_file = q.i64(8);
    v.block_size = q.i64(9);
    v.labeled = q.i64(10);
    v.first_written = q.i64(11);
    v.last_written = q.i64(12);
    v.location = q.text(13);
    v.library = q.text(14);
    v.slot = static_cast<int>(q.i64(15));
    v.site = q.text(16);
    v.left_at = q.i64(17);
    v.encryption_keys = q.text(18);
    return v;
}

Status run_with_id(Db& db, const char* sql, std::int64_t id) {
    auto s = db.prepare(sql);
    if (!s) return s.error();
    return s->bind(1, id).run();
}
} // namespace

Result<std::optional<VolumeRow>> find_volume_row(Db& db, const std::string& barcode) {
    auto q = db.prepare(std::string(kVolumeSelect) + "WHERE v.barcode=?");
    if (!q) return q.error();
    q->bind(1, barcode);
    return first_row(q.value(), read_volume);
}

Result<std::optional<VolumeRow>> find_volume_row(Db& db, std::int64_t id) {
    auto q = db.prepare(std::string(kVolumeSelect) + "WHERE v.id=?");
    if (!q) return q.error();
    q->bind(1, id);
    return first_row(q.value(), read_volume);
}

Result<std::vector<VolumeRow>> list_volume_rows(Db& db, const VolumeRowFilter& f) {
    std::string sql = kVolumeSelect;
    std::vector<std::string> where, binds;
    const std::pair<const char*, const std::string*> terms[] = {
        {"p.name=?", &f.pool}, {"v.state=?", &f.state}, {"v.library=?", &f.library}};
    for (const auto& [term, value] : terms)
        if (!value->empty()) {
            where.push_back(term);
            binds.push_back(*value);
        }
    for (std::size_t i = 0; i < where.size(); ++i)
        sql += (i ? " AND " : " WHERE ") + where[i];
    sql += " ORDER BY v.barcode";
    auto q = db.prepare(sql);
    if (!q) return q.error();
    for (std::size_t i = 0; i < binds.size(); ++i)
        q->bind(static_cast<int>(i + 1), binds[i]);
    return collect_rows(q.value(), read_volume);
}

Result<std::vector<VolumeHistoryRow>> volume_history_rows(Db& db, std::int64_t volume_id) {
    auto q = db.prepare("SELECT time, coalesce(from_state,''), to_state, reason FROM "
                        "volume_history WHERE volume_id=? ORDER BY id");
    if (!q) return q.error();
    q->bind(1, volume_id);
    return collect_rows(q.value(), [](const Stmt& s) {
        return VolumeHistoryRow{s.i64(0), s.text(1), s.text(2), s.text(3)};
    });
}

Status insert_volume_history(Db& db, std::int64_t volume_id, const std::optional<std::string>& from,
                             const std::string& to, const std::string& reason, long long now) {
    auto ins = db.prepare("INSERT INTO volume_history(volume_id, time, from_state, to_state, "
                          "reason) VALUES(?,?,?,?,?)");
    if (!ins) return ins.error();
    ins->bind(1, volume_id).bind(2, now);
    bind_or_null(ins.value(), 3, from);
    return ins->bind(4, to).bind(5, reason).run();
}

Status set_volume_state(Db& db, std::int64_t volume_id, const std::string& state) {
    auto upd = db.prepare("UPDATE volumes SET state=? WHERE id=?");
    if (!upd) return upd.error();
    return upd->bind(1, state).bind(2, volume_id).run();
}

Status set_volume_place(Db& db, std::int64_t volume_id, const VolumePlace& place) {
    auto u = db.prepare(
        "UPDATE volumes SET location=?, library=?, slot=?, site=?, left_at=? WHERE id=?");
    if (!u) return u.error();
    u->bind(1, place.location);
    if (place.location == "outside") {
        u->bind_null(2).bind_null(3).bind(4, place.site).bind(5, place.left_at);
    } else {
        u->bind(2, place.library);
        if (place.slot > 0)
            u->bind(3, place.slot);
        else
            u->bind_null(3);
        u->bind_null(4).bind_null(5);
    }
    return u->bind(6, volume_id).run();
}

Result<std::vector<std::int64_t>> jobs_with_data_on(Db& db, std::int64_t volume_id) {
    auto q = db.prepare("SELECT DISTINCT s.job_id FROM tape_files t JOIN sessions s ON "
                        "s.id=t.session_id WHERE t.volume_id=? UNION SELECT DISTINCT ss.job_id "
                        "FROM extents e JOIN savesets ss ON ss.id=e.saveset_id WHERE "
                        "e.volume_id=? ORDER BY 1");
    if (!q) return q.error();
    q->bind(1, volume_id).bind(2, volume_id);
    return collect_rows(q.value(), [](const Stmt& s) { return s.i64(0); });
}

Status delete_volume_contents(Db& db, std::int64_t volume_id,
                              const std::vector<std::int64_t>& jobs) {
    auto del = db.prepare("DELETE FROM jobs WHERE id=?");
    if (!del) return del.error();
    for (auto id : jobs)
        TL_TRY(del->bind(1, id).run());
    // File entries carry the volume without a foreign key: none may point at it any more.
    TL_TRY(run_with_id(db, "DELETE FROM files WHERE volume_id=?", volume_id));
    // PostgreSQL: their save sets' name keys are built again (entry_names.h).
    return refill_pending_entry_names(db);
}

Result<std::int64_t> insert_labeled_volume(Db& db, const LabeledVolume& v) {
    auto ins = db.prepare("INSERT INTO volumes(barcode, uuid, pool_id, state, block_size, "
                          "capacity, labeled, mounts, location, library) "
                          "VALUES(?,?,?,'append',?,?,?,1,'library',?)");
    if (!ins) return ins.error();
    ins->bind(1, v.barcode).bind_blob(2, v.uuid.data(), v.uuid.size());
    ins->bind(3, v.pool_id).bind(4, v.block_size).bind(5, v.capacity).bind(6, v.labeled);
    TL_TRY(ins->bind(7, v.library).run());
    return db.last_insert_rowid();
}

Status relabel_volume(Db& db, std::int64_t id, const LabeledVolume& v) {
    auto upd = db.prepare("UPDATE volumes SET uuid=?, pool_id=?, block_size=?, capacity=?, "
                          "bytes=0, next_file=1, labeled=?, last_written=NULL, jobs=0, "
                          "first_written=NULL, mounts=mounts+1 WHERE id=?");
    if (!upd) return upd.error();
    upd->bind_blob(1, v.uuid.data(), v.uuid.size());
    upd->bind(2, v.pool_id).bind(3, v.block_size).bind(4, v.capacity).bind(5, v.labeled);
    return upd->bind(6, id).run();
}

Result<std::int64_t> insert_unlabeled_volume(Db& db, const std::string& barcode,
                                             const std::string& state, const VolumePlace& place) {
    auto ins = db.prepare("INSERT INTO volumes(barcode, state, block_size, labeled, "
                          "location, library, slot) VALUES(?,?,0,0,?,?,?)");
    if (!ins) return ins.error();
    ins->bind(1, barcode).bind(2, state).bind(3, place.location).bind(4, place.library);
    if (place.slot)
        ins->bind(5, place.slot);
    else
        ins->bind_null(5);
    TL_TRY(ins->run());
    return db.last_insert_rowid();
}

} // namespace tl::catalog
