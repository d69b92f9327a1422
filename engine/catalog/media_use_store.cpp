#include "catalog/media_use_store.h"

#include "catalog/dialect.h"
#include "catalog/text_rows.h"

namespace tl::catalog {

Result<std::optional<PoolChoice>> pool_by_name(Db& db, const std::string& name) {
    auto q = db.prepare("SELECT id, auto_label FROM pools WHERE name=?");
    if (!q) return q.error();
    q->bind(1, name);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<PoolChoice>{};
    return std::optional<PoolChoice>(PoolChoice{q->i64(0), q->i64(1) != 0});
}

Result<std::optional<PoolEncryption>> pool_encryption(Db& db, std::int64_t pool_id) {
    auto q = db.prepare("SELECT name, encryption, coalesce(key_name, ''), encrypt_names FROM pools "
                        "WHERE id=?");
    if (!q) return q.error();
    q->bind(1, pool_id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<PoolEncryption>{};
    return std::optional<PoolEncryption>(
        PoolEncryption{q->text(0), q->text(1), q->text(2), q->i64(3) != 0});
}

Result<std::int64_t> ensure_pool(Db& db, const std::string& name) {
    auto ins = db.prepare(std::string("INSERT OR IGNORE INTO pools(name, created) VALUES(?, ") +
                          dialect::kUnixNow + ")");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, name).run());
    auto q = db.prepare("SELECT id FROM pools WHERE name=?");
    if (!q) return q.error();
    q->bind(1, name);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return make_error(ErrorKind::Internal, "pool " + name + " vanished");
    return q->i64(0);
}

Status count_volume_job(Db& db, std::int64_t volume_id, long long now) {
    auto q = db.prepare("UPDATE volumes SET jobs=jobs+1, first_written=coalesce(first_written,"
                        "?) WHERE id=?");
    if (!q) return q.error();
    return q->bind(1, static_cast<std::int64_t>(now)).bind(2, volume_id).run();
}

Status count_volume_mount(Db& db, std::int64_t volume_id) {
    auto q = db.prepare("UPDATE volumes SET mounts=mounts+1 WHERE id=?");
    if (!q) return q.error();
    return q->bind(1, volume_id).run();
}

Result<std::string> volume_uuid(Db& db, std::int64_t volume_id) {
    auto q = db.prepare("SELECT uuid FROM volumes WHERE id=?");
    if (!q) return q.error();
    q->bind(1, volume_id);
    auto row = q->step();
    if (!row) return row.error();
    return row.value() ? q->blob(0) : std::string();
}

Result<std::optional<std::int64_t>> volume_id_of(Db& db, const std::string& barcode) {
    auto q = db.prepare("SELECT id FROM volumes WHERE barcode=?");
    if (!q) return q.error();
    q->bind(1, barcode);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<std::int64_t>{};
    return std::optional<std::int64_t>(q->i64(0));
}

Result<std::int64_t> add_append_volume(Db& db, const NewVolume& v) {
    auto q = db.prepare(std::string("INSERT INTO volumes(barcode, uuid, pool_id, state, "
                                    "block_size, labeled) VALUES(?,?,?,'append',?,") +
                        (v.labeled ? "?" : dialect::kUnixNow) + ")");
    if (!q) return q.error();
    q->bind(1, v.barcode).bind(3, v.pool_id).bind(4, static_cast<std::int64_t>(v.block_size));
    if (v.uuid.empty())
        q->bind_null(2);
    else
        q->bind_blob(2, v.uuid.data(), v.uuid.size());
    if (v.labeled) q->bind(5, static_cast<std::int64_t>(*v.labeled));
    TL_TRY(q->run());
    return db.last_insert_rowid();
}

Result<std::int64_t> library_count(Db& db) {
    return db.scalar("SELECT count(*) FROM libraries");
}

Result<std::int64_t> drive_count(Db& db) {
    return db.scalar("SELECT count(*) FROM drives");
}

} // namespace tl::catalog
