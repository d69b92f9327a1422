#include "media/pool.h"

#include "catalog/pool_store.h"

namespace tl::media {

namespace {
Pool pool_of(const catalog::PoolRow& r) {
    Pool p;
    p.id = r.id;
    p.name = r.name;
    p.purpose = r.purpose;
    p.auto_label = r.auto_label;
    p.retention_days = r.retention_days;
    p.file_retention_days = r.file_retention_days;
    p.max_jobs = r.max_jobs;
    p.max_bytes = r.max_bytes;
    p.max_use_seconds = r.max_use_seconds;
    p.auto_recycle = r.auto_recycle;
    p.volumes = r.volumes;
    p.encryption = r.encryption;
    p.key = r.key;
    p.encrypt_names = r.encrypt_names;
    return p;
}

catalog::PoolRow row_of(const Pool& p) {
    catalog::PoolRow r;
    r.id = p.id;
    r.name = p.name;
    r.purpose = p.purpose;
    r.auto_label = p.auto_label;
    r.retention_days = p.retention_days;
    r.file_retention_days = p.file_retention_days;
    r.max_jobs = p.max_jobs;
    r.max_bytes = p.max_bytes;
    r.max_use_seconds = p.max_use_seconds;
    r.auto_recycle = p.auto_recycle;
    r.encryption = p.encryption;
    r.key = p.key;
    r.encrypt_names = p.encrypt_names;
    return r;
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
    return catalog::store_pool(db, row_of(p));
}
} // namespace

Result<std::vector<Pool>> list_pools(catalog::Db& db) {
    auto rows = catalog::list_pool_rows(db);
    if (!rows) return rows.error();
    std::vector<Pool> out;
    for (const auto& r : rows.value())
        out.push_back(pool_of(r));
    return out;
}

Result<Pool> find_pool(catalog::Db& db, const std::string& name) {
    auto r = catalog::find_pool_row(db, name);
    if (!r) return r.error();
    if (!r.value())
        return make_error(ErrorKind::NotFound, "pool '" + name +
                                                   "' does not exist; see tapeloom-cli pool list "
                                                   "or create it with pool add " +
                                                   name);
    return pool_of(*r.value());
}

Result<Pool> find_pool(catalog::Db& db, std::int64_t id) {
    auto r = catalog::find_pool_row(db, id);
    if (!r) return r.error();
    if (!r.value())
        return make_error(ErrorKind::NotFound, "pool #" + std::to_string(id) + " does not exist");
    return pool_of(*r.value());
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
    auto id = catalog::insert_pool(db, name, p.auto_label, p.retention_days, now);
    if (!id) return id.error();
    p.id = id.value();
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
    auto jobs = catalog::jobs_in_pool(db, p->id);
    if (!jobs) return jobs.error();
    if (jobs.value() > 0)
        return make_error(ErrorKind::InvalidArgument,
                          "pool " + name + " is named by " + std::to_string(jobs.value()) +
                              " job(s) in the history; prune them first (tapeloom-cli prune)");
    TL_TRY(catalog::delete_pool(db, p->id));
    return tx->commit();
}

} // namespace tl::media
