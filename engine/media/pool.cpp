#include "media/pool.h"

namespace tl::media {

namespace {
constexpr const char* kSelect =
    "SELECT p.id, p.name, p.purpose, p.auto_label, p.retention_days, "
    "coalesce(p.file_retention_days, p.retention_days), p.max_jobs, p.max_bytes, "
    "p.max_use_seconds, p.recycle, (SELECT count(*) FROM volumes v WHERE v.pool_id=p.id), "
    "p.encryption, coalesce(p.key_name, ''), p.encrypt_names "
    "FROM pools p ";

Pool read_pool(const catalog::Stmt& q) {
    Pool p;
    p.id = q.i64(0);
    p.name = q.text(1);
    p.purpose = q.text(2);
    p.auto_label = q.i64(3) != 0;
    p.retention_days = static_cast<int>(q.i64(4));
    p.file_retention_days = static_cast<int>(q.i64(5));
    p.max_jobs = q.i64(6);
    p.max_bytes = q.i64(7);
    p.max_use_seconds = q.i64(8);
    p.auto_recycle = q.text(9) == "auto";
    p.volumes = q.i64(10);
    p.encryption = q.text(11);
    p.key = q.text(12);
    p.encrypt_names = q.i64(13) != 0;
    return p;
}

Status validate(const Pool& p) {
    auto bad = [&](const std::string& why) {
        return make_error(ErrorKind::InvalidArgument, "pool " + p.name + ": " + why);
    };
    if (p.retention_days < 0) return bad("--retention must be 0 days or more");
    if (p.file_retention_days < 0) return bad("--file-retention must be 0 days or more");
    if (p.file_retention_days > p.retention_days)
        return bad("--file-retention (" + std::to_string(p.file_retention_days) +
                   " days) cannot be longer than --retention (" + std::to_string(p.retention_days) +
                   " days): files go with their job");
    if (p.max_jobs < 0 || p.max_bytes < 0 || p.max_use_seconds < 0)
        return bad("volume limits must be 0 (no limit) or more");
    if (p.encryption != "none" && p.encryption != "aes-256-gcm")
        return bad("--encryption must be none or aes-256-gcm, not '" + p.encryption + "'");
    if (p.encryption != "none" && p.key.empty())
        return bad("--encryption " + p.encryption +
                   " needs --key NAME (see tapeloom-cli key list)");
    return {};
}

void apply(Pool& p, const PoolChanges& c) {
    if (c.purpose) p.purpose = *c.purpose;
    if (c.auto_label) p.auto_label = *c.auto_label;
    if (c.retention_days) {
        // A file retention that followed the job retention keeps following it.
        if (!c.file_retention_days && p.file_retention_days == p.retention_days)
            p.file_retention_days = *c.retention_days;
        p.retention_days = *c.retention_days;
    }
    if (c.file_retention_days) p.file_retention_days = *c.file_retention_days;
    if (c.max_jobs) p.max_jobs = *c.max_jobs;
    if (c.max_bytes) p.max_bytes = *c.max_bytes;
    if (c.max_use_seconds) p.max_use_seconds = *c.max_use_seconds;
    if (c.auto_recycle) p.auto_recycle = *c.auto_recycle;
    if (c.encryption) p.encryption = *c.encryption;
    if (c.key) p.key = *c.key;
    if (c.encrypt_names) p.encrypt_names = *c.encrypt_names;
    if (p.encryption == "none") p.key.clear();
}

Status store(catalog::Db& db, const Pool& p) {
    auto u = db.prepare("UPDATE pools SET purpose=?, auto_label=?, retention_days=?, "
                        "file_retention_days=?, max_jobs=?, max_bytes=?, max_use_seconds=?, "
                        "recycle=?, encryption=?, key_name=?, encrypt_names=? WHERE id=?");
    if (!u) return u.error();
    u->bind(1, p.purpose).bind(2, p.auto_label ? 1 : 0).bind(3, p.retention_days);
    u->bind(4, p.file_retention_days).bind(5, p.max_jobs).bind(6, p.max_bytes);
    u->bind(7, p.max_use_seconds).bind(8, p.auto_recycle ? "auto" : "manual");
    u->bind(9, p.encryption);
    if (p.key.empty())
        u->bind_null(10);
    else
        u->bind(10, p.key);
    u->bind(11, p.encrypt_names ? 1 : 0).bind(12, p.id);
    return u->run();
}
} // namespace

Result<std::vector<Pool>> list_pools(catalog::Db& db) {
    auto q = db.prepare(std::string(kSelect) + "ORDER BY p.id");
    if (!q) return q.error();
    std::vector<Pool> out;
    for (;;) {
        auto r = q->step();
        if (!r) return r.error();
        if (!r.value()) break;
        out.push_back(read_pool(q.value()));
    }
    return out;
}

Result<Pool> find_pool(catalog::Db& db, const std::string& name) {
    auto q = db.prepare(std::string(kSelect) + "WHERE p.name=?");
    if (!q) return q.error();
    q->bind(1, name);
    auto r = q->step();
    if (!r) return r.error();
    if (!r.value())
        return make_error(ErrorKind::NotFound, "pool '" + name +
                                                   "' does not exist; see tapeloom-cli pool list "
                                                   "or create it with pool add " +
                                                   name);
    return read_pool(q.value());
}

Result<Pool> find_pool(catalog::Db& db, std::int64_t id) {
    auto q = db.prepare(std::string(kSelect) + "WHERE p.id=?");
    if (!q) return q.error();
    q->bind(1, id);
    auto r = q->step();
    if (!r) return r.error();
    if (!r.value())
        return make_error(ErrorKind::NotFound, "pool #" + std::to_string(id) + " does not exist");
    return read_pool(q.value());
}

Result<Pool> add_pool(catalog::Db& db, const std::string& name, const PoolChanges& values,
                      long long now) {
    if (name.empty() || name.size() > 64 || name.find_first_of(" \t\n/") != std::string::npos)
        return make_error(ErrorKind::InvalidArgument,
                          "pool name '" + name + "': use 1..64 characters without spaces or '/'");
    Pool p;
    p.name = name;
    apply(p, values);
    TL_TRY(validate(p));
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    {
        auto exists = find_pool(db, name);
        if (exists)
            return make_error(ErrorKind::AlreadyExists,
                              "pool '" + name + "' exists already; change it with pool edit");
        if (exists.error().kind != ErrorKind::NotFound) return exists.error();
    }
    auto ins = db.prepare("INSERT INTO pools(name, auto_label, retention_days, created) "
                          "VALUES(?,?,?,?)");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, name)
               .bind(2, p.auto_label ? 1 : 0)
               .bind(3, p.retention_days)
               .bind(4, now)
               .run());
    p.id = db.last_insert_rowid();
    TL_TRY(store(db, p));
    TL_TRY(tx->commit());
    return find_pool(db, name);
}

Result<Pool> edit_pool(catalog::Db& db, const std::string& name, const PoolChanges& changes) {
    auto p = find_pool(db, name);
    if (!p) return p.error();
    apply(p.value(), changes);
    TL_TRY(validate(p.value()));
    TL_TRY(store(db, p.value()));
    return find_pool(db, name);
}

Status remove_pool(catalog::Db& db, const std::string& name) {
    auto p = find_pool(db, name);
    if (!p) return p.error();
    if (name == "Default" || name == kScratchPool)
        return make_error(ErrorKind::InvalidArgument,
                          "pool " + name + " is built in and cannot be removed");
    if (p->volumes > 0)
        return make_error(ErrorKind::InvalidArgument,
                          "pool " + name + " still has " + std::to_string(p->volumes) +
                              " volume(s); move them away (volume relabel --pool OTHER) or "
                              "recycle them first (volume list --pool " +
                              name + ")");
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    auto jobs = db.prepare("SELECT count(*) FROM jobs WHERE pool_id=?");
    if (!jobs) return jobs.error();
    jobs->bind(1, p->id);
    auto r = jobs->step();
    if (!r) return r.error();
    if (jobs->i64(0) > 0)
        return make_error(ErrorKind::InvalidArgument,
                          "pool " + name + " is named by " + std::to_string(jobs->i64(0)) +
                              " job(s) in the history; prune them first (tapeloom-cli prune)");
    jobs->reset();
    auto del = db.prepare("DELETE FROM pools WHERE id=?");
    if (!del) return del.error();
    TL_TRY(del->bind(1, p->id).run());
    return tx->commit();
}

} // namespace tl::media
