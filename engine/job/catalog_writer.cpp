#include "job/catalog_writer.h"

#include "common/log.h"

namespace tl::job {

Result<std::unique_ptr<CatalogWriter>> CatalogWriter::open(const std::string& db_path) {
    auto db = catalog::Db::open(db_path, false);
    if (!db) return db.error();
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

Result<std::int64_t> CatalogWriter::dir_id(const std::string& path) {
    if (auto it = dirs_.find(path); it != dirs_.end()) return it->second;
    auto ins = db_.prepare("INSERT INTO dirs(path) VALUES(?) ON CONFLICT(path) DO NOTHING");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, path).run());
    auto sel = db_.prepare("SELECT id FROM dirs WHERE path=?");
    if (!sel) return sel.error();
    sel->bind(1, path);
    auto row = sel->step();
    if (!row) return row.error();
    if (!row.value()) return make_error(ErrorKind::Internal, "directory row vanished: " + path);
    const std::int64_t id = sel->i64(0);
    dirs_.emplace(path, id);
    return id;
}

Status CatalogWriter::commit(CatalogBatch& b) {
    auto tx = catalog::Transaction::begin(db_);
    if (!tx) return tx.error();
    auto files = db_.prepare(
        "INSERT INTO "
        "files(saveset_id,dir_id,name,kind,mode,uid,gid,size,mtime,hash,offset,volume_id,"
        "file_number,block,flags,ctime,inode) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!files) return files.error();
    std::int64_t last_dir = -1;
    std::string last_dir_path;
    for (const auto& f : b.files) {
        if (last_dir < 0 || f.dir != last_dir_path) {
            auto id = dir_id(f.dir);
            if (!id) return id.error();
            last_dir = id.value();
            last_dir_path = f.dir;
        }
        auto& s = files.value();
        s.bind(1, f.saveset_id).bind(2, last_dir).bind(3, f.name).bind(4, f.kind);
        s.bind(5, static_cast<std::int64_t>(f.mode)).bind(6, static_cast<std::int64_t>(f.uid));
        s.bind(7, static_cast<std::int64_t>(f.gid)).bind(8, f.size).bind(9, f.mtime_ns);
        if (f.has_hash)
            s.bind_blob(10, f.hash.data(), f.hash.size());
        else
            s.bind_null(10);
        s.bind(11, f.offset)
            .bind(12, f.volume_id)
            .bind(13, static_cast<std::int64_t>(f.file_number));
        s.bind(14, static_cast<std::int64_t>(f.block)).bind(15, static_cast<std::int64_t>(f.flags));
        s.bind(16, f.ctime_ns).bind(17, f.inode);
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
