#include "catalog/clone_store.h"

#include "catalog/store_rows.h"

namespace tl::catalog {

namespace {
OriginalSaveset read_original(const Stmt& q) {
    OriginalSaveset s;
    s.id = q.i64(0);
    s.session_id = q.i64(1);
    s.stream_id = static_cast<std::uint32_t>(q.i64(2));
    s.source = q.text(3);
    s.kind = q.text(4);
    s.codec = q.text(5);
    s.stored = static_cast<std::uint64_t>(q.i64(6));
    s.bytes = static_cast<std::uint64_t>(q.i64(7));
    s.files = static_cast<std::uint64_t>(q.i64(8));
    s.block_size = static_cast<std::uint32_t>(q.i64(9));
    return s;
}
} // namespace

Result<std::optional<CloneSourceJob>> clone_source_job(Db& db, std::int64_t job_id) {
    auto q = db.prepare("SELECT j.kind, j.status, coalesce(j.pool_id,0), coalesce(p.name,''), "
                        "j.started FROM jobs j LEFT JOIN pools p ON p.id=j.pool_id WHERE j.id=?");
    if (!q) return q.error();
    q->bind(1, job_id);
    return first_row(q.value(), [](const Stmt& s) {
        return CloneSourceJob{s.text(0), s.text(1), s.i64(2), s.text(3), s.i64(4)};
    });
}

Result<std::vector<OriginalSaveset>> original_savesets(Db& db, std::int64_t job_id) {
    auto q = db.prepare("SELECT s.id, s.session_id, s.stream_id, s.source, s.kind, s.codec, "
                        "s.stored, s.bytes, s.files, se.block_size FROM savesets s JOIN sessions "
                        "se ON se.id=s.session_id WHERE s.job_id=? AND s.clone_of IS NULL "
                        "ORDER BY s.id");
    if (!q) return q.error();
    q->bind(1, job_id);
    return collect_rows(q.value(), read_original);
}

Result<std::optional<SavesetInPool>> saveset_in_pool(Db& db, std::int64_t saveset_id,
                                                     std::int64_t pool_id) {
    auto q = db.prepare("SELECT DISTINCT v.barcode, s.clone_of IS NOT NULL FROM savesets s JOIN "
                        "extents e ON e.saveset_id=s.id JOIN volumes v ON v.id=e.volume_id WHERE "
                        "(s.id=?1 OR (s.clone_of=?1 AND s.status='cloned')) AND v.pool_id=?2");
    if (!q) return q.error();
    q->bind(1, saveset_id).bind(2, pool_id);
    return first_row(q.value(), [](const Stmt& s) {
        return SavesetInPool{s.text(0), s.i64(1) != 0};
    });
}

Result<bool> has_copy_in_pool(Db& db, std::int64_t saveset_id, std::int64_t pool_id) {
    auto q = db.prepare("SELECT count(*) FROM savesets s JOIN extents e ON e.saveset_id=s.id "
                        "JOIN volumes v ON v.id=e.volume_id WHERE s.clone_of=? AND "
                        "s.status='cloned' AND v.pool_id=?");
    if (!q) return q.error();
    q->bind(1, saveset_id).bind(2, pool_id);
    auto n = first_i64(q.value());
    if (!n) return n.error();
    return n.value() > 0;
}

Result<std::int64_t> insert_copy_session(Db& db, std::int64_t job_id, const std::uint8_t* uuid16,
                                         const std::string& drive, std::uint32_t block_size) {
    auto ins = db.prepare("INSERT INTO sessions(job_id, uuid, drive, block_size) VALUES(?,?,?,?)");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, job_id)
               .bind_blob(2, uuid16, 16)
               .bind(3, drive)
               .bind(4, static_cast<std::int64_t>(block_size))
               .run());
    return db.last_insert_rowid();
}

Result<std::int64_t> insert_copy_saveset(Db& db, const NewCopy& c) {
    auto ins = db.prepare(
        "INSERT INTO savesets(job_id,session_id,stream_id,source,kind,codec,status,files,"
        "bytes,stored,clone_of) VALUES(?,?,?,?,'copy',?,'cloning',?,?,?,?)");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, c.job_id)
               .bind(2, c.session_id)
               .bind(3, static_cast<std::int64_t>(c.stream_id))
               .bind(4, c.source)
               .bind(5, c.codec)
               .bind(6, c.files)
               .bind(7, c.bytes)
               .bind(8, c.stored)
               .bind(9, c.clone_of)
               .run());
    return db.last_insert_rowid();
}

Status mark_copy_cloned(Db& db, std::int64_t copy_id, std::uint64_t stored) {
    auto done = db.prepare("UPDATE savesets SET status='cloned', stored=? WHERE id=?");
    if (!done) return done.error();
    return done->bind(1, stored).bind(2, copy_id).run();
}

Status delete_session(Db& db, std::int64_t session_id) {
    auto del = db.prepare("DELETE FROM sessions WHERE id=?");
    if (!del) return del.error();
    return del->bind(1, session_id).run();
}

Result<std::vector<CopyRow>> finished_copies(Db& db, std::int64_t job_id) {
    auto q = db.prepare("SELECT c.clone_of, c.id, c.source FROM savesets c JOIN savesets o ON "
                        "o.id=c.clone_of WHERE o.job_id=? AND c.status='cloned' ORDER BY c.id");
    if (!q) return q.error();
    q->bind(1, job_id);
    return collect_rows(q.value(), [](const Stmt& s) {
        return CopyRow{s.i64(0), s.i64(1), s.text(2)};
    });
}

Result<std::vector<SavesetCopyRow>> saveset_copies(Db& db, std::int64_t saveset_id) {
    auto q = db.prepare("SELECT id, session_id, clone_of IS NULL FROM savesets WHERE id=?1 "
                        "OR (clone_of=?1 AND status='cloned') ORDER BY clone_of IS NOT NULL, "
                        "id");
    if (!q) return q.error();
    q->bind(1, saveset_id);
    return collect_rows(q.value(), [](const Stmt& s) {
        return SavesetCopyRow{s.i64(0), s.i64(1), s.i64(2) != 0};
    });
}

Result<std::optional<CopyOrigin>> copy_origin(Db& db, std::int64_t saveset_id) {
    auto q = db.prepare("SELECT c.clone_of, o.job_id, coalesce((SELECT p.name FROM extents e JOIN "
                        "volumes v ON v.id=e.volume_id JOIN pools p ON p.id=v.pool_id WHERE "
                        "e.saveset_id=c.id ORDER BY e.offset LIMIT 1), '') FROM savesets c JOIN "
                        "savesets o ON o.id=c.clone_of WHERE c.id=?");
    if (!q) return q.error();
    q->bind(1, saveset_id);
    return first_row(q.value(), [](const Stmt& s) {
        return CopyOrigin{s.i64(0), s.i64(1), s.text(2)};
    });
}

Result<std::vector<SavesetVolume>> saveset_volumes(Db& db, std::int64_t saveset_id) {
    auto q = db.prepare("SELECT v.barcode, v.state, coalesce(p.name,''), min(e.offset) "
                        "FROM extents e JOIN volumes v ON v.id=e.volume_id LEFT JOIN pools p ON "
                        "p.id=v.pool_id WHERE e.saveset_id=? GROUP BY v.id, p.name ORDER BY 4");
    if (!q) return q.error();
    q->bind(1, saveset_id);
    return collect_rows(q.value(), [](const Stmt& s) {
        return SavesetVolume{s.text(0), s.text(1), s.text(2)};
    });
}

Result<std::optional<SessionSeal>> session_seal(Db& db, std::int64_t session_id) {
    auto q = db.prepare("SELECT coalesce(key_id, ''), names_sealed, coalesce(seal_uuid, uuid) "
                        "FROM sessions WHERE id=?");
    if (!q) return q.error();
    q->bind(1, session_id);
    return first_row(q.value(), [](const Stmt& s) {
        return SessionSeal{s.text(0), s.i64(1) != 0, s.blob(2)};
    });
}

Result<std::vector<InterruptedCopy>> interrupted_copies(Db& db) {
    auto q = db.prepare("SELECT session_id, job_id, coalesce(clone_of,0), source FROM "
                        "savesets WHERE status='cloning' ORDER BY id");
    if (!q) return q.error();
    return collect_rows(q.value(), [](const Stmt& s) {
        return InterruptedCopy{s.i64(0), s.i64(1), s.i64(2), s.text(3)};
    });
}

} // namespace tl::catalog
