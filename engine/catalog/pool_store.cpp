#include "catalog/pool_store.h"

#include "catalog/store_rows.h"

namespace tl::catalog {

namespace {
constexpr const char* kSelect =
    "SELECT p.id, p.name, p.purpose, p.auto_label, p.retention_days, "
    "coalesce(p.file_retention_days, p.retention_days), p.max_jobs, p.max_bytes, "
    "p.max_use_seconds, p.recycle, (SELECT count(*) FROM volumes v WHERE v.pool_id=p.id), "
    "p.encryption, coalesce(p.key_name, ''), p.encrypt_names "
    "FROM pools p ";

PoolRow read_pool(const Stmt& q) {
    PoolRow p;
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
} // namespace

Result<std::vector<PoolRow>> list_pool_rows(Db& db) {
    auto q = db.prepare(std::string(kSelect) + "ORDER BY p.id");
    if (!q) return q.error();
    return collect_rows(q.value(), read_pool);
}

Result<std::optional<PoolRow>> find_pool_row(Db& db, const std::string& name) {
    auto q = db.prepare(std::string(kSelect) + "WHERE p.name=?");
    if (!q) return q.error();
    q->bind(1, name);
    return first_row(q.value(), read_pool);
}

Result<std::optional<PoolRow>> find_pool_row(Db& db, std::int64_t id) {
    auto q = db.prepare(std::string(kSelect) + "WHERE p.id=?");
    if (!q) return q.error();
    q->bind(1, id);
    return first_row(q.value(), read_pool);
}

Result<std::int64_t> insert_pool(Db& db, const std::string& name, bool auto_label,
                                 int retention_days, long long now) {
    auto ins = db.prepare("INSERT INTO pools(name, auto_label, retention_days, created) "
                          "VALUES(?,?,?,?)");
    if (!ins) return ins.error();
    TL_TRY(
        ins->bind(1, name).bind(2, auto_label ? 1 : 0).bind(3, retention_days).bind(4, now).run());
    return db.last_insert_rowid();
}

Status store_pool(Db& db, const PoolRow& p) {
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

Status delete_pool(Db& db, std::int64_t id) {
    auto del = db.prepare("DELETE FROM pools WHERE id=?");
    if (!del) return del.error();
    return del->bind(1, id).run();
}

Result<std::int64_t> jobs_in_pool(Db& db, std::int64_t id) {
    auto q = db.prepare("SELECT count(*) FROM jobs WHERE pool_id=?");
    if (!q) return q.error();
    q->bind(1, id);
    return first_i64(q.value());
}

} // namespace tl::catalog
