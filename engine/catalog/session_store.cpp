#include "catalog/session_store.h"

#include "catalog/text_rows.h"

namespace tl::catalog {

namespace {
Result<std::optional<SessionKey>> key_row(Db& db, const char* sql, std::int64_t id) {
    auto q = db.prepare(sql);
    if (!q) return q.error();
    q->bind(1, id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<SessionKey>{};
    return std::optional<SessionKey>(SessionKey{q->text(0), q->i64(1) != 0});
}
} // namespace

Result<std::int64_t> add_session(Db& db, std::int64_t job_id, const void* uuid,
                                 const std::string& drive, std::uint64_t block_size) {
    auto q = db.prepare("INSERT INTO sessions(job_id, uuid, drive, block_size) VALUES(?,?,?,?)");
    if (!q) return q.error();
    TL_TRY(q->bind(1, job_id)
               .bind_blob(2, uuid, 16)
               .bind(3, drive)
               .bind(4, static_cast<std::int64_t>(block_size))
               .run());
    return db.last_insert_rowid();
}

Result<bool> session_known(Db& db, const void* uuid) {
    auto q = db.prepare("SELECT count(*) FROM sessions WHERE uuid=?");
    if (!q) return q.error();
    q->bind_blob(1, uuid, 16);
    auto row = q->step();
    if (!row) return row.error();
    return q->i64(0) > 0;
}

Result<std::optional<SessionKey>> session_key(Db& db, std::int64_t session_id) {
    return key_row(db, "SELECT coalesce(key_id, ''), names_sealed FROM sessions WHERE id=?",
                   session_id);
}

Result<std::optional<SessionKey>> saveset_session_key(Db& db, std::int64_t saveset_id) {
    return key_row(db,
                   "SELECT coalesce(se.key_id, ''), se.names_sealed FROM savesets s JOIN "
                   "sessions se ON se.id=s.session_id WHERE s.id=?",
                   saveset_id);
}

Result<std::vector<std::string>> needed_key_ids(Db& db, std::int64_t saveset_id,
                                                std::int64_t job_id) {
    auto q = db.prepare(saveset_id ? "SELECT DISTINCT se.key_id FROM savesets s JOIN sessions "
                                     "se ON se.id=s.session_id WHERE s.id=? AND "
                                     "coalesce(se.key_id, '')<>''"
                                   : "SELECT DISTINCT se.key_id FROM savesets s JOIN sessions "
                                     "se ON se.id=s.session_id WHERE s.job_id=? AND s.clone_of "
                                     "IS NULL AND coalesce(se.key_id, '')<>''");
    if (!q) return q.error();
    q->bind(1, saveset_id ? saveset_id : job_id);
    std::vector<std::string> ids;
    TL_TRY(for_each_row(q.value(), [&](const Stmt& r) { ids.push_back(r.text(0)); }));
    return ids;
}

Status set_session_key(Db& db, std::int64_t session_id, const std::string& key_id,
                       bool names_sealed) {
    auto q = db.prepare("UPDATE sessions SET key_id=?, names_sealed=? WHERE id=?");
    if (!q) return q.error();
    return q->bind(1, key_id).bind(2, names_sealed ? 1 : 0).bind(3, session_id).run();
}

Status set_copy_seal(Db& db, std::int64_t session_id, const std::uint8_t* seal_uuid16) {
    auto q = db.prepare("UPDATE sessions SET seal_uuid=? WHERE id=?");
    if (!q) return q.error();
    return q->bind_blob(1, seal_uuid16, 16).bind(2, session_id).run();
}

Result<std::optional<SavesetStream>> saveset_stream(Db& db, std::int64_t saveset_id) {
    auto q = db.prepare("SELECT s.stream_id, se.uuid, coalesce(se.key_id, ''), "
                        "coalesce(se.seal_uuid, se.uuid) FROM savesets s JOIN sessions se ON "
                        "se.id=s.session_id WHERE s.id=?");
    if (!q) return q.error();
    q->bind(1, saveset_id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<SavesetStream>{};
    return std::optional<SavesetStream>(
        SavesetStream{static_cast<std::uint32_t>(q->i64(0)), q->blob(1), q->text(2), q->blob(3)});
}

Result<std::optional<std::uint64_t>> saveset_block_size(Db& db, std::int64_t saveset_id) {
    auto q = db.prepare("SELECT se.block_size FROM savesets s JOIN sessions se ON "
                        "se.id=s.session_id WHERE s.id=?");
    if (!q) return q.error();
    q->bind(1, saveset_id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<std::uint64_t>{};
    return std::optional<std::uint64_t>(static_cast<std::uint64_t>(q->i64(0)));
}

} // namespace tl::catalog
