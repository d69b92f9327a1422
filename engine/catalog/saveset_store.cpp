#include "catalog/saveset_store.h"

#include <algorithm>

#include "catalog/entry_names.h"
#include "catalog/name_search_tail.h"
#include "catalog/savepoint.h"
#include "catalog/text_rows.h"
#include "common/log.h"

namespace tl::catalog {

namespace {
constexpr const char* kSavesetColumns =
    "SELECT s.id, s.job_id, s.source, s.kind, s.stored, s.session_id FROM savesets s ";

SavesetRow saveset_row(const Stmt& q) {
    SavesetRow s;
    s.id = q.i64(0);
    s.job_id = q.i64(1);
    s.source = q.text(2);
    s.kind = q.text(3);
    s.stored = static_cast<std::uint64_t>(q.i64(4));
    s.session_id = q.i64(5);
    return s;
}

Result<std::vector<SavesetRow>> saveset_rows(Stmt& q) {
    std::vector<SavesetRow> out;
    TL_TRY(for_each_row(q, [&](const Stmt& r) { out.push_back(saveset_row(r)); }));
    return out;
}

// The WHERE clause of a pick: ?1 is the save set, the job or the source, ?2 the time.
std::string pick_sql(const SavesetPick& p) {
    std::string sql =
        std::string(kSavesetColumns) + "JOIN jobs j ON j.id=s.job_id WHERE j.kind='backup' AND ";
    if (p.files_only) sql += "s.kind='files' AND ";
    if (p.originals_only) sql += "s.clone_of IS NULL AND ";
    if (p.saveset_id)
        sql += "s.id=?1";
    else if (p.job_id)
        sql += "s.job_id=?1";
    else
        sql += "s.job_id=(SELECT j2.id FROM jobs j2 JOIN savesets s2 ON s2.job_id=j2.id WHERE "
               "s2.source=?1 AND j2.kind='backup' AND j2.status IN "
               "('completed','warnings','partial') AND j2.started<=?2 "
               "ORDER BY j2.started DESC, j2.id DESC LIMIT 1) AND s.source=?1";
    return sql + " ORDER BY s.id";
}
} // namespace

Result<std::vector<std::string>> file_sources(Db& db) {
    auto q = db.prepare("SELECT DISTINCT source FROM savesets WHERE kind = 'files' ORDER BY 1");
    if (!q) return q.error();
    return text_rows(q.value());
}

Result<std::vector<SavesetRow>> backup_savesets(Db& db, const SavesetPick& p) {
    if (!p.saveset_id && !p.job_id && p.source.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "choose the save sets: a save set, a job, or a source and a time");
    auto q = db.prepare(pick_sql(p));
    if (!q) return q.error();
    if (p.saveset_id)
        q->bind(1, p.saveset_id);
    else if (p.job_id)
        q->bind(1, p.job_id);
    else
        q->bind(1, p.source).bind(2, static_cast<std::int64_t>(p.at > 0 ? p.at : (1ll << 62)));
    return saveset_rows(q.value());
}

Result<std::optional<SavesetRow>> find_saveset(Db& db, std::int64_t id) {
    auto q = db.prepare(std::string(kSavesetColumns) + "WHERE s.id=?");
    if (!q) return q.error();
    q->bind(1, id);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<SavesetRow>{};
    return std::optional<SavesetRow>(saveset_row(q.value()));
}

Result<std::vector<SavesetRow>> job_savesets(Db& db, std::int64_t job_id) {
    // A clone's save sets carry the job id of the original; they are not the job's own.
    auto q = db.prepare(std::string(kSavesetColumns) +
                        "WHERE s.job_id=? AND s.clone_of IS NULL ORDER BY s.id");
    if (!q) return q.error();
    q->bind(1, job_id);
    return saveset_rows(q.value());
}

Result<std::vector<FileTreeSaveset>> file_tree_savesets(Db& db) {
    auto q = db.prepare("SELECT s.id, j.id, j.started, j.level, s.source FROM savesets s "
                        "JOIN jobs j ON j.id=s.job_id WHERE s.kind='files' "
                        "ORDER BY j.started, j.id, s.id");
    if (!q) return q.error();
    std::vector<FileTreeSaveset> out;
    TL_TRY(for_each_row(q.value(), [&](const Stmt& r) {
        out.push_back({r.i64(0), r.i64(1), r.i64(2), r.text(3), r.text(4)});
    }));
    return out;
}

Result<std::vector<std::int64_t>> base_chain(Db& db, std::int64_t saveset_id) {
    auto q = db.prepare("SELECT base_id FROM savesets WHERE id=?");
    if (!q) return q.error();
    std::vector<std::int64_t> chain;
    std::int64_t id = saveset_id;
    while (id != 0) {
        if (chain.size() > 100000 || std::find(chain.begin(), chain.end(), id) != chain.end())
            return make_error(ErrorKind::Corrupt, "save set " + std::to_string(saveset_id) +
                                                      ": its chain of bases loops");
        q->reset();
        q->bind(1, id);
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value())
            return make_error(ErrorKind::NotFound,
                              "save set " + std::to_string(id) + ", the base of save set " +
                                  std::to_string(chain.empty() ? saveset_id : chain.back()) +
                                  ", is no longer in the catalog");
        chain.push_back(id);
        id = q->is_null(0) ? 0 : q->i64(0);
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
}

Result<std::optional<SavesetRef>> newest_usable_saveset(Db& db, const std::string& source,
                                                        const std::string& job_name,
                                                        bool full_only) {
    std::string sql = "SELECT s.id, s.job_id FROM savesets s JOIN jobs j ON j.id=s.job_id "
                      "WHERE j.kind='backup' AND s.source=? AND j.name=? "
                      "AND j.status IN ('completed','warnings','partial') "
                      "AND s.status IN ('completed','warnings')";
    if (full_only) sql += " AND j.level='full'";
    sql += " ORDER BY j.started DESC, j.id DESC, s.id DESC LIMIT 1";
    auto q = db.prepare(sql);
    if (!q) return q.error();
    q->bind(1, source).bind(2, job_name);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<SavesetRef>{};
    return std::optional<SavesetRef>(SavesetRef{q->i64(0), q->i64(1)});
}

Result<std::optional<std::uint64_t>> last_source_bytes(Db& db, const std::string& source) {
    auto q = db.prepare("SELECT s.bytes FROM savesets s JOIN jobs j ON j.id = s.job_id "
                        "WHERE s.source=? AND s.status IN ('completed','warnings') "
                        "AND j.kind='backup' ORDER BY s.id DESC LIMIT 1");
    if (!q) return q.error();
    q->bind(1, source);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value()) return std::optional<std::uint64_t>{};
    return std::optional<std::uint64_t>(static_cast<std::uint64_t>(q->i64(0)));
}

Result<std::vector<ExtentRow>> saveset_extents(Db& db, std::int64_t saveset_id) {
    auto q = db.prepare(
        "SELECT e.offset, e.end_offset, e.volume_id, v.barcode, e.file_number, "
        "e.first_block, e.last_block, tf.start_pos, tf.volume_seq FROM extents e JOIN savesets s "
        "ON s.id=e.saveset_id JOIN volumes v ON v.id=e.volume_id JOIN tape_files tf ON "
        "tf.session_id=s.session_id AND tf.volume_id=e.volume_id AND "
        "tf.file_number=e.file_number WHERE e.saveset_id=? ORDER BY e.offset");
    if (!q) return q.error();
    q->bind(1, saveset_id);
    std::vector<ExtentRow> out;
    TL_TRY(for_each_row(q.value(), [&](const Stmt& r) {
        ExtentRow e;
        e.offset = static_cast<std::uint64_t>(r.i64(0));
        e.end_offset = static_cast<std::uint64_t>(r.i64(1));
        e.volume_id = r.i64(2);
        e.barcode = r.text(3);
        e.file_number = static_cast<std::uint32_t>(r.i64(4));
        e.first_block = static_cast<std::uint32_t>(r.i64(5));
        e.last_block = static_cast<std::uint32_t>(r.i64(6));
        e.start_pos = static_cast<std::uint64_t>(r.i64(7));
        e.volume_seq = static_cast<std::uint32_t>(r.i64(8));
        out.push_back(std::move(e));
    }));
    return out;
}

Result<std::vector<std::int64_t>> saveset_volume_ids(Db& db, std::int64_t saveset_id) {
    auto q = db.prepare("SELECT DISTINCT volume_id FROM extents WHERE saveset_id=?");
    if (!q) return q.error();
    q->bind(1, saveset_id);
    std::vector<std::int64_t> out;
    TL_TRY(for_each_row(q.value(), [&](const Stmt& r) { out.push_back(r.i64(0)); }));
    return out;
}

Result<std::vector<std::string>> job_volume_barcodes(Db& db,
                                                     const std::vector<std::int64_t>& job_ids) {
    auto q = db.prepare("SELECT DISTINCT v.barcode FROM savesets s JOIN extents e ON "
                        "e.saveset_id=s.id JOIN volumes v ON v.id=e.volume_id WHERE s.job_id=?");
    if (!q) return q.error();
    std::vector<std::string> out;
    for (const auto id : job_ids) {
        q->reset();
        q->bind(1, id);
        TL_TRY(for_each_row(q.value(), [&](const Stmt& r) { out.push_back(r.text(0)); }));
    }
    return out;
}

Result<std::int64_t> add_saveset(Db& db, const NewSaveset& s) {
    const bool status = !s.status.empty();
    auto q = db.prepare(std::string("INSERT INTO savesets(job_id,session_id,stream_id,source,kind,"
                                    "codec,base_id") +
                        (status ? ",status" : "") + ") VALUES(?,?,?,?,?,?,?" +
                        (status ? ",?" : "") + ")");
    if (!q) return q.error();
    q->bind(1, s.job_id)
        .bind(2, s.session_id)
        .bind(3, static_cast<std::int64_t>(s.stream_id))
        .bind(4, s.source)
        .bind(5, s.kind)
        .bind(6, s.codec);
    if (s.base_id)
        q->bind(7, s.base_id);
    else
        q->bind_null(7);
    if (status) q->bind(8, s.status);
    TL_TRY(q->run());
    return db.last_insert_rowid();
}

// The save set's name keys are built here, with its outcome (entry_names.h). Keys that cannot be
// built leave the save set pending (the next open for writing builds them), not its outcome
// unwritten.
Status finish_saveset(Db& db, std::int64_t id, const std::string& status, std::uint64_t files,
                      std::uint64_t bytes, std::uint64_t stored) {
    Savepoint sp(db, "finish_saveset");
    auto q = db.prepare("UPDATE savesets SET status=?, files=?, bytes=?, stored=? WHERE id=?");
    if (!q) return q.error();
    TL_TRY(q->bind(1, status).bind(2, files).bind(3, bytes).bind(4, stored).bind(5, id).run());
    if (auto keys = fill_one(db, id); !keys)
        log::get("catalog")->warn("save set {}: its name keys wait for the next open ({})", id,
                                  keys.error().message);
    index_new_names_or_warn(db); // its new names into the name search's index
    return sp.release();
}

} // namespace tl::catalog
