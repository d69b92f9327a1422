#include "job/catalog_writer.h"

#include <algorithm>
#include <tuple>

#include "common/log.h"

namespace tl::job {

Result<std::unique_ptr<CatalogWriter>> CatalogWriter::open(const std::string& db_path) {
    auto db = catalog::Db::open(db_path, false);
    if (!db) return db.error();
    // A larger page cache than SQLite's 2 MiB default: the name index takes inserts all over.
    TL_TRY(db->exec("PRAGMA cache_size=-65536"));
    auto w = std::unique_ptr<CatalogWriter>(new CatalogWriter(std::move(db.value())));
    w->thread_ = std::thread([p = w.get()] { p->run(); });
    return w;
}

CatalogWriter::CatalogWriter(catalog::Db db) : db_(std::move(db)) {}

CatalogWriter::~CatalogWriter() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void CatalogWriter::submit(CatalogBatch batch) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(batch));
    }
    cv_.notify_all();
}

Status CatalogWriter::finish() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return queue_.empty() && !busy_; });
    return error_;
}

void CatalogWriter::run() {
    for (;;) {
        CatalogBatch batch;
        {
            std::unique_lock lock(mutex_);
            cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;
            batch = std::move(queue_.front());
            queue_.pop_front();
            busy_ = true;
        }
        Status st = error_.ok() ? commit(batch) : Status{};
        {
            std::lock_guard lock(mutex_);
            if (!st.ok() && error_.ok()) {
                error_ = st;
                log::get("catalog")->error("{}", st.error().message);
            }
            busy_ = false;
        }
        cv_.notify_all();
    }
}

namespace {
// Past this many ids a cache starts again empty: bounded memory, the unique index answers.
constexpr std::size_t kMaxCached = 1u << 20;
} // namespace

template <class Bind>
static Result<std::int64_t> insert_or_find(catalog::Db& db, const char* insert_sql,
                                           const char* select_sql, Bind bind) {
    auto ins = db.prepare(insert_sql);
    if (!ins) return ins.error();
    bind(ins.value());
    TL_TRY(ins->run());
    if (db.changes() == 1) return db.last_insert_rowid();
    auto sel = db.prepare(select_sql);
    if (!sel) return sel.error();
    bind(sel.value());
    auto row = sel->step();
    if (!row) return row.error();
    if (!row.value()) return make_error(ErrorKind::Internal, "catalog lookup row vanished");
    return sel->i64(0);
}

Result<std::int64_t> CatalogWriter::lookup_id(const char* insert_sql, const char* select_sql,
                                              const std::string& key) {
    return insert_or_find(db_, insert_sql, select_sql, [&](catalog::Stmt& s) { s.bind(1, key); });
}

Result<std::int64_t> CatalogWriter::dir_id(const std::string& path) {
    if (auto it = dirs_.find(path); it != dirs_.end()) return it->second;
    auto id = lookup_id("INSERT INTO dirs(path) VALUES(?) ON CONFLICT(path) DO NOTHING",
                        "SELECT id FROM dirs WHERE path=?", path);
    if (!id) return id.error();
    if (dirs_.size() >= kMaxCached) dirs_.clear();
    dirs_.emplace(path, id.value());
    return id;
}

Result<std::int64_t> CatalogWriter::name_id(const std::string& name) {
    if (auto it = names_.find(name); it != names_.end()) return it->second;
    auto id = lookup_id("INSERT INTO names(name) VALUES(?) ON CONFLICT(name) DO NOTHING",
                        "SELECT id FROM names WHERE name=?", name);
    if (!id) return id.error();
    if (names_.size() >= kMaxCached) names_.clear();
    names_.emplace(name, id.value());
    return id;
}

Result<std::int64_t> CatalogWriter::attr_id(int kind, std::uint32_t mode, std::uint32_t uid,
                                            std::uint32_t gid) {
    const std::string key = std::to_string(kind) + ":" + std::to_string(mode) + ":" +
                            std::to_string(uid) + ":" + std::to_string(gid);
    if (auto it = attrs_.find(key); it != attrs_.end()) return it->second;
    auto id = insert_or_find(
        db_, "INSERT INTO attrs(kind,mode,uid,gid) VALUES(?,?,?,?) ON CONFLICT DO NOTHING",
        "SELECT id FROM attrs WHERE kind=? AND mode=? AND uid=? AND gid=?", [&](catalog::Stmt& s) {
            s.bind(1, kind)
                .bind(2, static_cast<std::int64_t>(mode))
                .bind(3, static_cast<std::int64_t>(uid))
                .bind(4, static_cast<std::int64_t>(gid));
        });
    if (!id) return id.error();
    if (attrs_.size() >= kMaxCached) attrs_.clear();
    attrs_.emplace(key, id.value());
    return id;
}

Status CatalogWriter::commit(CatalogBatch& b) {
    auto st = insert(b);
    if (!st.ok()) {
        // The transaction rolled back: ids it created are gone, so are the cached ones.
        dirs_.clear();
        names_.clear();
        attrs_.clear();
    }
    return st;
}

Status CatalogWriter::insert(CatalogBatch& b) {
    auto tx = catalog::Transaction::begin(db_);
    if (!tx) return tx.error();
    // Resolve the ids first, then insert in key order (save set, directory, name): the entries
    // B-tree then grows by appends and near-appends instead of random splits.
    struct Row {
        std::int64_t saveset, dir, name, attr;
        const FileRecord* f;
    };
    std::vector<Row> rows;
    rows.reserve(b.files.size());
    std::int64_t last_dir = -1;
    const std::string* last_dir_path = nullptr;
    std::int64_t last_attr = 0;
    const FileRecord* last_attr_file = nullptr;
    for (const auto& f : b.files) {
        if (last_dir < 0 || f.dir != *last_dir_path) {
            auto id = dir_id(f.dir);
            if (!id) return id.error();
            last_dir = id.value();
            last_dir_path = &f.dir;
        }
        auto name = name_id(f.name);
        if (!name) return name.error();
        // Neighbours mostly share kind, mode and owner: look up only when they change.
        if (!last_attr_file || f.kind != last_attr_file->kind || f.mode != last_attr_file->mode ||
            f.uid != last_attr_file->uid || f.gid != last_attr_file->gid) {
            auto attr = attr_id(f.kind, f.mode, f.uid, f.gid);
            if (!attr) return attr.error();
            last_attr = attr.value();
            last_attr_file = &f;
        }
        rows.push_back({f.saveset_id, last_dir, name.value(), last_attr, &f});
    }
    // Stable: a path twice in one batch keeps its last version (INSERT OR REPLACE below).
    std::stable_sort(rows.begin(), rows.end(), [](const Row& x, const Row& y) {
        return std::tie(x.saveset, x.dir, x.name) < std::tie(y.saveset, y.dir, y.name);
    });
    auto files = db_.prepare(
        "INSERT OR REPLACE INTO entries(saveset_id,dir_id,name_id,attr_id,size,mtime,ctime_delta,"
        "inode,hash,offset,volume_id,file_number,block,flags) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!files) return files.error();
    auto& s = files.value();
    for (const auto& r : rows) {
        const FileRecord& f = *r.f;
        // Two's-complement difference: exact for any pair, 0 bytes on disk when equal.
        const auto ctime_delta = static_cast<std::int64_t>(static_cast<std::uint64_t>(f.ctime_ns) -
                                                           static_cast<std::uint64_t>(f.mtime_ns));
        s.bind(1, r.saveset).bind(2, r.dir).bind(3, r.name).bind(4, r.attr);
        s.bind(5, f.size).bind(6, f.mtime_ns).bind(7, ctime_delta).bind(8, f.inode);
        if (f.has_hash)
            s.bind_blob(9, f.hash.data(), f.hash.size());
        else
            s.bind_null(9);
        s.bind(10, f.offset).bind(11, f.volume_id);
        s.bind(12, static_cast<std::int64_t>(f.file_number));
        s.bind(13, static_cast<std::int64_t>(f.block)).bind(14, static_cast<std::int64_t>(f.flags));
        TL_TRY(s.run());
    }
    if (!b.deletions.empty()) {
        auto del = db_.prepare("INSERT OR REPLACE INTO deletions(saveset_id,dir_id,name,kind) "
                               "VALUES(?,?,?,?)");
        if (!del) return del.error();
        for (const auto& x : b.deletions) {
            auto id = dir_id(x.dir);
            if (!id) return id.error();
            TL_TRY(del->bind(1, x.saveset_id)
                       .bind(2, id.value())
                       .bind(3, x.name)
                       .bind(4, x.kind)
                       .run());
        }
    }
    auto ext = db_.prepare("INSERT OR REPLACE INTO extents(saveset_id,offset,end_offset,volume_id,"
                           "file_number,first_block,last_block) VALUES(?,?,?,?,?,?,?)");
    if (!ext) return ext.error();
    for (const auto& e : b.extents) {
        TL_TRY(ext->bind(1, e.saveset_id)
                   .bind(2, e.offset)
                   .bind(3, e.end_offset)
                   .bind(4, e.volume_id)
                   .bind(5, static_cast<std::int64_t>(e.file_number))
                   .bind(6, static_cast<std::int64_t>(e.first_block))
                   .bind(7, static_cast<std::int64_t>(e.last_block))
                   .run());
    }
    const auto& t = b.tape_file;
    if (t.session_id != 0) {
        auto tf = db_.prepare(
            "INSERT OR REPLACE INTO tape_files(session_id,volume_id,volume_seq,file_number,"
            "start_pos,blocks,first_seq) VALUES(?,?,?,?,?,?,?)");
        if (!tf) return tf.error();
        TL_TRY(tf->bind(1, t.session_id)
                   .bind(2, t.volume_id)
                   .bind(3, static_cast<std::int64_t>(t.volume_seq))
                   .bind(4, static_cast<std::int64_t>(t.file_number))
                   .bind(5, t.start_pos)
                   .bind(6, t.blocks)
                   .bind(7, t.first_seq)
                   .run());
        auto vol = db_.prepare(
            "UPDATE volumes SET next_file=max(next_file,?), bytes=bytes+?, "
            "last_written=strftime('%s','now'), state=CASE WHEN ? THEN 'full' ELSE state END "
            "WHERE id=?");
        if (!vol) return vol.error();
        TL_TRY(vol->bind(1, static_cast<std::int64_t>(b.volume_next_file))
                   .bind(2, t.bytes)
                   .bind(3, b.volume_full ? 1 : 0)
                   .bind(4, t.volume_id)
                   .run());
    }
    TL_TRY(tx->commit());
    files_committed_ += b.files.size();
    return {};
}

} // namespace tl::job
