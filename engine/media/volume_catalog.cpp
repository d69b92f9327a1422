#include "media/volume_catalog.h"

#include "common/log.h"

namespace tl::media {

namespace {
constexpr const char* kSelect =
    "SELECT v.id, v.barcode, coalesce(p.name,''), coalesce(v.pool_id,0), v.state, v.bytes, "
    "v.capacity, v.jobs, v.next_file, v.block_size, v.labeled, coalesce(v.first_written,0), "
    "coalesce(v.last_written,0), v.location, coalesce(v.library,''), coalesce(v.slot,0), "
    "coalesce(v.site,''), coalesce(v.left_at,0), "
    "coalesce((SELECT group_concat(DISTINCT se.key_id) FROM tape_files t JOIN sessions se ON "
    "se.id=t.session_id WHERE t.volume_id=v.id AND se.key_id IS NOT NULL), '') "
    "FROM volumes v LEFT JOIN pools p ON p.id=v.pool_id ";

Location parse_location(const std::string& s) {
    if (s == "mail") return Location::Mail;
    if (s == "outside") return Location::Outside;
    return Location::Library;
}

VolumeRecord read_volume(const catalog::Stmt& q) {
    VolumeRecord v;
    v.id = q.i64(0);
    v.barcode = q.text(1);
    v.pool = q.text(2);
    v.pool_id = q.i64(3);
    v.state = parse_volume_state(q.text(4)).value_or(VolumeState::Error);
    v.bytes = q.i64(5);
    v.capacity = q.i64(6);
    v.jobs = q.i64(7);
    v.next_file = q.i64(8);
    v.block_size = q.i64(9);
    v.labeled = q.i64(10);
    v.first_written = q.i64(11);
    v.last_written = q.i64(12);
    v.location = parse_location(q.text(13));
    v.library = q.text(14);
    v.slot = static_cast<int>(q.i64(15));
    v.site = q.text(16);
    v.left_at = q.i64(17);
    v.encryption_keys = q.text(18);
    return v;
}

// A savepoint: its own transaction when none is open, nested in the caller's otherwise.
class Savepoint {
public:
    explicit Savepoint(catalog::Db& db) : db_(db) { ok_ = db_.exec("SAVEPOINT media_change").ok(); }
    ~Savepoint() {
        if (ok_ && !done_) {
            (void)db_.exec("ROLLBACK TO media_change");
            (void)db_.exec("RELEASE media_change");
        }
    }
    Status release() {
        if (!ok_) return make_error(ErrorKind::Io, "catalog " + db_.path() + ": no savepoint");
        done_ = true;
        return db_.exec("RELEASE media_change");
    }

private:
    catalog::Db& db_;
    bool ok_ = false, done_ = false;
};
} // namespace

const char* to_string(Location l) {
    switch (l) {
    case Location::Library:
        return "library";
    case Location::Mail:
        return "mail";
    case Location::Outside:
        return "outside";
    }
    return "?";
}

Result<std::optional<VolumeRecord>> lookup_volume(catalog::Db& db, const std::string& barcode) {
    auto q = db.prepare(std::string(kSelect) + "WHERE v.barcode=?");
    if (!q) return q.error();
    q->bind(1, barcode);
    auto r = q->step();
    if (!r) return r.error();
    if (!r.value()) return std::optional<VolumeRecord>();
    return std::optional<VolumeRecord>(read_volume(q.value()));
}

Result<VolumeRecord> find_volume(catalog::Db& db, const std::string& barcode) {
    auto v = lookup_volume(db, barcode);
    if (!v) return v.error();
    if (!v.value())
        return make_error(ErrorKind::NotFound,
                          "volume " + barcode +
                              " is not in the catalog; see tapeloom-cli volume list, or label "
                              "it with volume label --barcode " +
                              barcode + " --pool POOL");
    return *v.value();
}

Result<VolumeRecord> find_volume(catalog::Db& db, std::int64_t id) {
    auto q = db.prepare(std::string(kSelect) + "WHERE v.id=?");
    if (!q) return q.error();
    q->bind(1, id);
    auto r = q->step();
    if (!r) return r.error();
    if (!r.value())
        return make_error(ErrorKind::NotFound,
                          "volume #" + std::to_string(id) + " is not in the catalog");
    return read_volume(q.value());
}

Result<std::vector<VolumeRecord>> list_volumes(catalog::Db& db, const VolumeFilter& f) {
    std::string sql = kSelect;
    std::vector<std::string> where, binds;
    if (!f.pool.empty()) {
        where.push_back("p.name=?");
        binds.push_back(f.pool);
    }
    if (!f.state.empty()) {
        where.push_back("v.state=?");
        binds.push_back(f.state);
    }
    if (!f.library.empty()) {
        where.push_back("v.library=?");
        binds.push_back(f.library);
    }
    for (std::size_t i = 0; i < where.size(); ++i)
        sql += (i ? " AND " : " WHERE ") + where[i];
    sql += " ORDER BY v.barcode";
    auto q = db.prepare(sql);
    if (!q) return q.error();
    for (std::size_t i = 0; i < binds.size(); ++i)
        q->bind(static_cast<int>(i + 1), binds[i]);
    std::vector<VolumeRecord> out;
    for (;;) {
        auto r = q->step();
        if (!r) return r.error();
        if (!r.value()) break;
        out.push_back(read_volume(q.value()));
    }
    return out;
}

Result<std::vector<HistoryEntry>> volume_history(catalog::Db& db, std::int64_t volume_id) {
    auto q = db.prepare("SELECT time, coalesce(from_state,''), to_state, reason FROM "
                        "volume_history WHERE volume_id=? ORDER BY id");
    if (!q) return q.error();
    q->bind(1, volume_id);
    std::vector<HistoryEntry> out;
    for (;;) {
        auto r = q->step();
        if (!r) return r.error();
        if (!r.value()) break;
        out.push_back({q->i64(0), q->text(1), q->text(2), q->text(3)});
    }
    return out;
}

Status record_history(catalog::Db& db, std::int64_t volume_id, std::optional<VolumeState> from,
                      VolumeState to, const std::string& reason, long long now) {
    auto ins = db.prepare("INSERT INTO volume_history(volume_id, time, from_state, to_state, "
                          "reason) VALUES(?,?,?,?,?)");
    if (!ins) return ins.error();
    ins->bind(1, volume_id).bind(2, now);
    if (from)
        ins->bind(3, to_string(*from));
    else
        ins->bind_null(3);
    ins->bind(4, to_string(to)).bind(5, reason);
    return ins->run();
}

Result<VolumeState> change_state(catalog::Db& db, const VolumeRecord& v, VolumeEvent event,
                                 const std::string& reason, long long now, bool force) {
    TransitionFacts facts;
    facts.has_data = v.has_data();
    facts.force = force;
    facts.labeled = v.labeled != 0;
    auto next = next_state(v.state, event, facts);
    if (!next)
        return make_error(next.error().kind, "volume " + v.barcode + ": " + next.error().message);
    Savepoint sp(db);
    auto upd = db.prepare("UPDATE volumes SET state=? WHERE id=?");
    if (!upd) return upd.error();
    TL_TRY(upd->bind(1, to_string(next.value())).bind(2, v.id).run());
    TL_TRY(record_history(db, v.id, v.state, next.value(), reason, now));
    TL_TRY(sp.release());
    log::get("catalog")->info("volume {}: {} -> {} ({})", v.barcode, to_string(v.state),
                              to_string(next.value()), reason);
    return next.value();
}

Result<std::vector<std::int64_t>> jobs_on_volume(catalog::Db& db, std::int64_t volume_id) {
    auto q = db.prepare("SELECT DISTINCT s.job_id FROM tape_files t JOIN sessions s ON "
                        "s.id=t.session_id WHERE t.volume_id=? UNION SELECT DISTINCT ss.job_id "
                        "FROM extents e JOIN savesets ss ON ss.id=e.saveset_id WHERE "
                        "e.volume_id=? ORDER BY 1");
    if (!q) return q.error();
    q->bind(1, volume_id).bind(2, volume_id);
    std::vector<std::int64_t> out;
    for (;;) {
        auto r = q->step();
        if (!r) return r.error();
        if (!r.value()) break;
        out.push_back(q->i64(0));
    }
    return out;
}

Result<std::int64_t> purge_volume_contents(catalog::Db& db, std::int64_t volume_id) {
    auto jobs = jobs_on_volume(db, volume_id);
    if (!jobs) return jobs.error();
    auto del = db.prepare("DELETE FROM jobs WHERE id=?");
    if (!del) return del.error();
    for (auto id : jobs.value()) {
        TL_TRY(del->bind(1, id).run());
    }
    // File entries carry the volume without a foreign key: none may point at it any more.
    auto files = db.prepare("DELETE FROM files WHERE volume_id=?");
    if (!files) return files.error();
    TL_TRY(files->bind(1, volume_id).run());
    return static_cast<std::int64_t>(jobs->size());
}

Status set_location(catalog::Db& db, std::int64_t volume_id, Location where,
                    const std::string& library, int slot, const std::string& site,
                    long long left_at) {
    auto u = db.prepare(
        "UPDATE volumes SET location=?, library=?, slot=?, site=?, left_at=? WHERE id=?");
    if (!u) return u.error();
    u->bind(1, to_string(where));
    if (where == Location::Outside) {
        u->bind_null(2).bind_null(3).bind(4, site).bind(5, left_at);
    } else {
        u->bind(2, library);
        if (slot > 0)
            u->bind(3, slot);
        else
            u->bind_null(3);
        u->bind_null(4).bind_null(5);
    }
    u->bind(6, volume_id);
    return u->run();
}

} // namespace tl::media
