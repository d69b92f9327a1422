#include "catalog/entry_writer.h"

#include <algorithm>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "catalog/dialect.h"
#include "catalog/name_search_tail.h"
#include "catalog/pg_copy_binary.h"
#include "catalog/pg_text.h"

namespace tl::catalog {

namespace {
// Past this many ids a cache starts again empty: bounded memory, the unique index answers.
constexpr std::size_t kMaxCached = 1u << 20;
// From this many new names in a batch, they are added in one statement (add_names).
constexpr std::int64_t kNoId = NameIdCache::kNoId;
constexpr std::size_t kBulkNames = 16;
// New names staged this many per INSERT (one statement run per name cost more than the row).
constexpr int kStageRows = 64;
// PostgreSQL: a batch's COPY goes to the server in pieces of about this many bytes (about 370
// rows of 178 bytes), each sent as soon as it is made (copy_entries).
constexpr std::size_t kCopyPiece = 64 * 1024;

// Id of a row of a lookup table (value UNIQUE): inserted when new, else found. Both statements
// are bound by `bind` and reset afterwards (an unfinished SELECT would hold its snapshot).
template <class Bind> Result<std::int64_t> insert_or_find(Db& db, Stmt& ins, Stmt& sel, Bind bind) {
    ins.reset();
    bind(ins);
    TL_TRY(ins.run());
    if (db.changes() == 1) return db.last_insert_rowid();
    sel.reset();
    bind(sel);
    auto row = sel.step();
    if (!row) return row.error();
    if (!row.value()) return make_error(ErrorKind::Internal, "catalog lookup row vanished");
    const auto id = sel.i64(0);
    sel.reset();
    return id;
}

// PostgreSQL loads a batch's entries with one binary COPY (Db::copy_rows straight into entries,
// or Db::copy_in through the merge once a batch met a path already there): one row of the
// binary format, every column BIGINT but the BYTEA hash.
constexpr const char* kEntryColumns = "saveset_id,dir_id,name_id,attr_id,size,mtime,ctime_delta,"
                                      "inode,hash,offset,volume_id,file_number,block,flags";
void append_copy_row(PgBinaryRows& out, const std::int64_t (&ids)[4], const FileRecord& f,
                     std::int64_t ctime_delta) {
    out.begin_row(14);
    for (auto id : ids)
        out.add_i64(id);
    out.add_i64(static_cast<std::int64_t>(f.size));
    out.add_i64(f.mtime_ns);
    out.add_i64(ctime_delta);
    out.add_i64(static_cast<std::int64_t>(f.inode));
    if (f.has_hash)
        out.add_bytes(f.hash.data(), f.hash.size());
    else
        out.add_null();
    out.add_i64(static_cast<std::int64_t>(f.offset));
    out.add_i64(f.volume_id);
    out.add_i64(f.file_number);
    out.add_i64(f.block);
    out.add_i64(f.flags);
}

// An INSERT OR REPLACE of `rows` entries (SQLite). Many rows per statement: each run of a
// statement costs its own transaction savepoint, cursor opening and halt, which for one row was
// about as much as the row's B-tree inserts (issue 17: 200,000 small files).
constexpr int kEntryRows = 32;
std::string entry_insert(int rows) {
    std::string sql = "INSERT OR REPLACE INTO entries(saveset_id,dir_id,name_id,attr_id,size,mtime,"
                      "ctime_delta,inode,hash,offset,volume_id,file_number,block,flags) VALUES";
    for (int i = 0; i < rows; ++i)
        sql += i ? ",(?,?,?,?,?,?,?,?,?,?,?,?,?,?)" : "(?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
    return sql;
}

// An INSERT of `rows` names into the staging table.
std::string stage_insert(const std::string& stage, int rows) {
    std::string sql = "INSERT INTO " + stage + "(name) VALUES(?)";
    for (int i = 1; i < rows; ++i)
        sql += ",(?)";
    return sql;
}

template <class Map, class Find>
Result<std::int64_t> cached(Map& cache, const std::string& key, Find find) {
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    auto id = find();
    if (!id) return id.error();
    if (cache.size() >= kMaxCached) cache.clear();
    cache.emplace(key, id.value());
    return id;
}
} // namespace

Result<EntryWriter::Statements> EntryWriter::prepare(Db& db) {
    Statements s;
    const std::pair<Stmt*, std::string> all[] = {
        {&s.dir_ins, "INSERT INTO dirs(path) VALUES(?) ON CONFLICT(path) DO NOTHING"},
        {&s.dir_sel, "SELECT id FROM dirs WHERE path=?"},
        {&s.name_ins, "INSERT INTO names(name) VALUES(?) ON CONFLICT(name) DO NOTHING"},
        {&s.name_sel, "SELECT id FROM names WHERE name=?"},
        {&s.attr_ins,
         "INSERT INTO attrs(kind,mode,uid,gid) VALUES(?,?,?,?) ON CONFLICT DO NOTHING"},
        {&s.attr_sel, "SELECT id FROM attrs WHERE kind=? AND mode=? AND uid=? AND gid=?"},
        {&s.entry, entry_insert(1)},
        {&s.entries, entry_insert(kEntryRows)},
        {&s.deletion, "INSERT OR REPLACE INTO deletions(saveset_id,dir_id,name,kind) "
                      "VALUES(?,?,?,?)"},
        {&s.extent, "INSERT OR REPLACE INTO extents(saveset_id,offset,end_offset,volume_id,"
                    "file_number,first_block,last_block) VALUES(?,?,?,?,?,?,?)"},
        {&s.tape_file, "INSERT OR REPLACE INTO tape_files(session_id,volume_id,volume_seq,"
                       "file_number,start_pos,blocks,first_seq) VALUES(?,?,?,?,?,?,?)"},
        {&s.volume_end, std::string("UPDATE volumes SET next_file=max(next_file,?), "
                                    "bytes=bytes+?, last_written=") +
                            dialect::kUnixNow +
                            ", state=CASE WHEN ? THEN 'full' ELSE state END WHERE id=?"},
    };
    for (const auto& [stmt, sql] : all) {
        auto q = db.prepare(sql);
        if (!q) return q.error();
        *stmt = std::move(q.value());
    }
    { // the name keys (entry_names.h); PostgreSQL's are only ever built at a save set's end
        std::vector<std::pair<Stmt*, std::string>> names = {
            {&s.names_pending, "INSERT OR IGNORE INTO entry_names_pending(saveset_id) VALUES(?)"}};
        if (!db.postgres()) {
            names.push_back({&s.saveset_status, "SELECT status FROM savesets WHERE id=?"});
            names.push_back({&s.entry_name, "INSERT OR IGNORE INTO entry_names(saveset_id,name_id,"
                                            "dir_id) VALUES(?,?,?)"});
        }
        for (const auto& [stmt, sql] : names) {
            auto q = db.prepare(sql);
            if (!q) return q.error();
            *stmt = std::move(q.value());
        }
    }
    // Each INSERT into names fires the trigram index's trigger, and SQLite's FTS5 flushes its
    // pending terms at every statement: one statement per new name cost 25 us of the catalog
    // thread per file (issue 17). New names go through a temporary table instead, one INSERT
    // for the batch. On PostgreSQL one round trip per new name was the cost: they are COPYed
    // into the temporary table (add_names), so a batch's new names take four statements.
    const bool pg = db.postgres();
    TL_TRY(db.exec(pg ? "CREATE TEMP TABLE IF NOT EXISTS batch_names(name TEXT COLLATE \"C\" "
                        "NOT NULL)"
                      : "CREATE TEMP TABLE IF NOT EXISTS batch_names(name TEXT NOT NULL)"));
    const std::string stage = pg ? "batch_names" : "temp.batch_names";
    const std::pair<Stmt*, std::string> bulk[] = {
        {&s.stage_name, stage_insert(stage, 1)},
        {&s.stage_names, stage_insert(stage, kStageRows)},
        {&s.names_from_stage, "INSERT INTO names(name) SELECT name FROM " + stage +
                                  " WHERE true ON CONFLICT(name) DO NOTHING"},
        // SQLite: the stage's rowid is the name's place in the batch's fresh names (the table
        // is empty before each batch, so its rowids count from 1).
        {&s.staged_ids, std::string("SELECT n.id, n.name, ") + (pg ? "0" : "b.rowid") + " FROM " +
                            stage + " b JOIN names n ON n.name = b.name"},
        {&s.stage_clear, "DELETE FROM " + stage},
    };
    for (const auto& [stmt, sql] : bulk) {
        auto q = db.prepare(sql);
        if (!q) return q.error();
        *stmt = std::move(q.value());
    }
    return s;
}

Result<EntryWriter> EntryWriter::open(const std::string& db_path) {
    auto db = Db::open(db_path, false);
    if (!db) return db.error();
    // A larger page cache than SQLite's 2 MiB default: the name index takes inserts all over
    // its save set's range, about 13 bytes per entry (127 MiB at 10 M entries), which a 64 MiB
    // cache no longer held (docs/notes/2026-11-30..12-03-catalog-lab-notes.md
    // "SQLite at 10 M: the writer's page cache").
    // SQLite fills it only as pages are used.
    TL_TRY(db->exec("PRAGMA cache_size=-262144"));
    if (!db->postgres()) TL_TRY(db->exec("PRAGMA temp_store=MEMORY"));
    // Fewer, larger WAL checkpoints on this connection (SQLite's default is every 1,000 pages,
    // i.e. after about every batch): a page that several batches change (the B-trees' upper
    // levels, the name index, the search index) is copied into the database once per
    // checkpoint, and the checkpoints ran on this thread (issue 17).
    if (!db->postgres()) TL_TRY(db->exec("PRAGMA wal_autocheckpoint=8192"));
    auto s = prepare(db.value());
    if (!s) return s.error();
    return EntryWriter(std::move(db.value()), std::move(s.value()));
}

// One lookup per file: a cached id, or the slot a new name's id goes to. A tree of unique
// names looked each one up three times before (issue 17).
Status EntryWriter::name_ids(const CatalogBatch& b, std::vector<std::int64_t>& ids) {
    if (names_.size() + b.files.size() > kMaxCached) names_.clear();
    std::vector<std::size_t> slots, fresh;
    slots.reserve(b.files.size());
    for (const auto& f : b.files) {
        auto [slot, added] = names_.find_or_add(f.name);
        if (added) fresh.push_back(slot);
        slots.push_back(slot);
    }
    if (auto st = add_names(fresh); !st) {
        names_.clear(); // slots without an id must not outlive this batch
        return st;
    }
    ids.clear();
    ids.reserve(slots.size());
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const std::int64_t id = names_.id(slots[i]);
        if (id == kNoId) {
            names_.clear();
            return make_error(ErrorKind::Internal,
                              "catalog: the name '" + b.files[i].name + "' got no id");
        }
        ids.push_back(id);
    }
    return {};
}

Status EntryWriter::add_names(const std::vector<std::size_t>& fresh) {
    if (fresh.size() < kBulkNames) { // a few: one by one
        for (const std::size_t slot : fresh) {
            const std::string_view name = names_.name(slot);
            auto id =
                insert_or_find(db_, q_.name_ins, q_.name_sel, [&](Stmt& s) { s.bind(1, name); });
            if (!id) return id.error();
            names_.id(slot) = id.value();
        }
        return {};
    }
    if (db_.postgres()) {
        std::string rows;
        for (const std::size_t slot : fresh) {
            append_copy_field(rows, names_.name(slot));
            rows += '\n';
        }
        TL_TRY(db_.copy_rows("batch_names", "name", rows));
    } else {
        const std::size_t rows = static_cast<std::size_t>(kStageRows);
        std::size_t i = 0;
        for (; i + rows <= fresh.size(); i += rows) {
            for (std::size_t k = 0; k < rows; ++k)
                q_.stage_names.bind(static_cast<int>(k + 1), names_.name(fresh[i + k]));
            TL_TRY(q_.stage_names.run());
        }
        for (; i < fresh.size(); ++i)
            TL_TRY(q_.stage_name.bind(1, names_.name(fresh[i])).run());
    }
    TL_TRY(q_.names_from_stage.run());
    unindexed_names_ += fresh.size();
    // The staged names are the batch's fresh ones: each row's name is at its place in `fresh`
    // (SQLite) or found in the cache.
    auto& sel = q_.staged_ids;
    for (;;) {
        auto row = sel.step();
        if (!row) return row.error();
        if (!row.value()) break;
        const std::string name = sel.text(1);
        const auto place = static_cast<std::size_t>(sel.i64(2) - 1);
        std::size_t slot = place < fresh.size() && names_.name(fresh[place]) == name
                               ? fresh[place]
                               : names_.find(name);
        if (slot != NameIdCache::kNone) names_.id(slot) = sel.i64(0);
    }
    sel.reset();
    return q_.stage_clear.run();
}

Result<std::int64_t> EntryWriter::dir_id(const std::string& path) {
    return cached(dirs_, path, [&] {
        return insert_or_find(db_, q_.dir_ins, q_.dir_sel, [&](Stmt& s) { s.bind(1, path); });
    });
}

Result<std::int64_t> EntryWriter::attr_id(int kind, std::uint32_t mode, std::uint32_t uid,
                                          std::uint32_t gid) {
    const std::string key = std::to_string(kind) + ":" + std::to_string(mode) + ":" +
                            std::to_string(uid) + ":" + std::to_string(gid);
    return cached(attrs_, key, [&] {
        return insert_or_find(db_, q_.attr_ins, q_.attr_sel, [&](Stmt& s) {
            s.bind(1, kind)
                .bind(2, static_cast<std::int64_t>(mode))
                .bind(3, static_cast<std::int64_t>(uid))
                .bind(4, static_cast<std::int64_t>(gid));
        });
    });
}

Status EntryWriter::write(CatalogBatch& b) {
    auto st = insert(b);
    if (!st.ok()) {
        // The transaction rolled back: ids it created are gone, so are the cached ones.
        dirs_.clear();
        names_.clear();
        attrs_.clear();
        defers_.clear();
        // PostgreSQL: a path already in `entries` stopped the direct COPY; the batch is written
        // again with the merge, which replaces it (what INSERT OR REPLACE does on SQLite).
        if (db_.postgres() && !merge_entries_ && st.error().kind == ErrorKind::AlreadyExists) {
            merge_entries_ = true;
            return write(b);
        }
    }
    return st;
}

Status EntryWriter::insert(CatalogBatch& b) {
    auto tx = Transaction::begin(db_);
    if (!tx) return tx.error();
    TL_TRY(insert_entries(b));
    TL_TRY(insert_deletions(b));
    TL_TRY(insert_extents(b));
    TL_TRY(insert_tape_file(b));
    if (!db_.postgres() && unindexed_names_ >= kIndexNamesEvery) {
        // In a savepoint of its own: a failure leaves the names to the save set's end and the
        // batch whole.
        index_new_names_or_warn(db_);
        unindexed_names_ = 0;
    }
    return tx->commit();
}

void EntryWriter::release_caches() {
    // Swapped with empty maps: `= {}` would keep the bucket arrays for the destructor.
    decltype(dirs_)().swap(dirs_);
    names_.release();
    decltype(attrs_)().swap(attrs_);
    decltype(defers_)().swap(defers_);
}

// Resolve the ids first, then insert in key order (save set, directory, name): the entries
// B-tree then grows by appends and near-appends instead of random splits.
Status EntryWriter::insert_entries(const CatalogBatch& b) {
    std::vector<std::int64_t> names;
    TL_TRY(name_ids(b, names));
    std::vector<EntryRow> rows;
    rows.reserve(b.files.size());
    std::int64_t last_dir = -1;
    const std::string* last_dir_path = nullptr;
    std::int64_t last_attr = 0;
    const FileRecord* last_attr_file = nullptr;
    for (std::size_t i = 0; i < b.files.size(); ++i) {
        const FileRecord& f = b.files[i];
        if (last_dir < 0 || f.dir != *last_dir_path) {
            auto id = dir_id(f.dir);
            if (!id) return id.error();
            last_dir = id.value();
            last_dir_path = &f.dir;
        }
        // Neighbours mostly share kind, mode and owner: look up only when they change.
        if (!last_attr_file || f.kind != last_attr_file->kind || f.mode != last_attr_file->mode ||
            f.uid != last_attr_file->uid || f.gid != last_attr_file->gid) {
            auto attr = attr_id(f.kind, f.mode, f.uid, f.gid);
            if (!attr) return attr.error();
            last_attr = attr.value();
            last_attr_file = &f;
        }
        rows.push_back({f.saveset_id, last_dir, names[i], last_attr, &f});
    }
    // Stable: a path twice in one batch keeps its last version (INSERT OR REPLACE).
    std::stable_sort(rows.begin(), rows.end(), [](const EntryRow& x, const EntryRow& y) {
        return std::tie(x.saveset, x.dir, x.name) < std::tie(y.saveset, y.dir, y.name);
    });
    if (db_.postgres()) {
        TL_TRY(copy_entries(rows));
        return mark_names_pending(rows);
    }
    TL_TRY(insert_rows(rows));
    return insert_names(rows);
}

namespace {
// Two's-complement difference: exact for any pair, 0 bytes on disk when equal.
std::int64_t ctime_delta(const FileRecord& f) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(f.ctime_ns) -
                                     static_cast<std::uint64_t>(f.mtime_ns));
}
} // namespace

// PostgreSQL: one binary COPY of the batch (of a path twice, its last version), sent in pieces
// of about kCopyPiece bytes as they are made: the server stores the first rows while the writer
// makes the next, where it used to wait for the whole batch's rows
// (docs/notes/2026-11-30..12-03-catalog-lab-notes.md
// "PostgreSQL inserts: the COPY sent while it is made").
Status EntryWriter::copy_entries(const std::vector<EntryRow>& rows) {
    if (rows.empty()) return {};
    PgBinaryRows copy;
    copy.reserve(kCopyPiece + 256); // a piece ends past kCopyPiece by at most a row
    std::size_t i = 0;
    auto next = [&](std::string_view& piece) {
        copy.clear();
        for (; i < rows.size() && copy.size() < kCopyPiece; ++i) {
            const auto& r = rows[i];
            const bool replaced = i + 1 < rows.size() && rows[i + 1].saveset == r.saveset &&
                                  rows[i + 1].dir == r.dir && rows[i + 1].name == r.name;
            if (!replaced)
                append_copy_row(copy, {r.saveset, r.dir, r.name, r.attr}, *r.f, ctime_delta(*r.f));
        }
        piece = copy.data();
        return i < rows.size();
    };
    constexpr auto kBinary = Db::CopyFormat::binary;
    return merge_entries_ ? db_.copy_in("entries", kEntryColumns, next, kBinary)
                          : db_.copy_rows("entries", kEntryColumns, next, kBinary);
}

// SQLite: whole groups of kEntryRows rows through the many-rows statement, the rest one by one.
Status EntryWriter::insert_rows(const std::vector<EntryRow>& rows) {
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& r = rows[i];
        const FileRecord& f = *r.f;
        const bool grouped = i - i % kEntryRows + kEntryRows <= rows.size();
        Stmt& q = grouped ? q_.entries : q_.entry;
        const int at = grouped ? static_cast<int>(i % kEntryRows) * 14 : 0;
        q.bind(at + 1, r.saveset).bind(at + 2, r.dir).bind(at + 3, r.name).bind(at + 4, r.attr);
        q.bind(at + 5, f.size).bind(at + 6, f.mtime_ns).bind(at + 7, ctime_delta(f));
        q.bind(at + 8, f.inode);
        if (f.has_hash)
            q.bind_blob(at + 9, f.hash.data(), f.hash.size());
        else
            q.bind_null(at + 9);
        q.bind(at + 10, f.offset).bind(at + 11, f.volume_id);
        q.bind(at + 12, static_cast<std::int64_t>(f.file_number));
        q.bind(at + 13, static_cast<std::int64_t>(f.block));
        q.bind(at + 14, static_cast<std::int64_t>(f.flags));
        if (!grouped || i % kEntryRows == kEntryRows - 1) TL_TRY(q.run());
    }
    return {};
}

// SQLite: the name keys (entry_names.h). A save set still being written (status 'running': a
// backup's) is marked pending, in this batch's transaction, and gets its keys in one statement
// when it ends; any other (a scan's, stored 'completed' as it is read) gets them now.
Status EntryWriter::insert_names(const std::vector<EntryRow>& rows) {
    std::int64_t saveset = 0;
    bool deferred = false;
    for (const auto& r : rows) {
        if (r.saveset != saveset) {
            saveset = r.saveset;
            auto d = defers_names(saveset);
            if (!d) return d.error();
            deferred = d.value();
            if (deferred) TL_TRY(q_.names_pending.bind(1, saveset).run());
        }
        if (!deferred)
            TL_TRY(q_.entry_name.bind(1, r.saveset).bind(2, r.name).bind(3, r.dir).run());
    }
    return {};
}

// PostgreSQL: the batch's save sets wait for their name keys (entry_names.h), whatever their
// status: a backup's are filled when it ends, a scan's when the scan ends
// (recount_scanned_jobs). One array per name is not updated a batch at a time.
Status EntryWriter::mark_names_pending(const std::vector<EntryRow>& rows) {
    std::int64_t saveset = 0;
    for (const auto& r : rows)
        if (r.saveset != saveset) {
            saveset = r.saveset;
            TL_TRY(q_.names_pending.bind(1, saveset).run());
        }
    return {};
}

Result<bool> EntryWriter::defers_names(std::int64_t saveset) {
    if (auto it = defers_.find(saveset); it != defers_.end()) return it->second;
    auto& q = q_.saveset_status;
    q.reset();
    q.bind(1, saveset);
    auto row = q.step();
    if (!row) return row.error();
    const bool running = row.value() && q.text(0) == "running";
    q.reset();
    defers_.emplace(saveset, running);
    return running;
}

Status EntryWriter::insert_deletions(const CatalogBatch& b) {
    for (const auto& x : b.deletions) {
        auto id = dir_id(x.dir);
        if (!id) return id.error();
        TL_TRY(q_.deletion.bind(1, x.saveset_id)
                   .bind(2, id.value())
                   .bind(3, x.name)
                   .bind(4, x.kind)
                   .run());
    }
    return {};
}

Status EntryWriter::insert_extents(const CatalogBatch& b) {
    for (const auto& e : b.extents) {
        TL_TRY(q_.extent.bind(1, e.saveset_id)
                   .bind(2, e.offset)
                   .bind(3, e.end_offset)
                   .bind(4, e.volume_id)
                   .bind(5, static_cast<std::int64_t>(e.file_number))
                   .bind(6, static_cast<std::int64_t>(e.first_block))
                   .bind(7, static_cast<std::int64_t>(e.last_block))
                   .run());
    }
    return {};
}

// The tape file and where its volume now ends (full when the drive said so).
Status EntryWriter::insert_tape_file(const CatalogBatch& b) {
    const auto& t = b.tape_file;
    if (t.session_id == 0) return {};
    TL_TRY(q_.tape_file.bind(1, t.session_id)
               .bind(2, t.volume_id)
               .bind(3, static_cast<std::int64_t>(t.volume_seq))
               .bind(4, static_cast<std::int64_t>(t.file_number))
               .bind(5, t.start_pos)
               .bind(6, t.blocks)
               .bind(7, t.first_seq)
               .run());
    return q_.volume_end.bind(1, static_cast<std::int64_t>(b.volume_next_file))
        .bind(2, t.bytes)
        .bind(3, b.volume_full ? 1 : 0)
        .bind(4, t.volume_id)
        .run();
}

} // namespace tl::catalog
