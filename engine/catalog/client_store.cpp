#include "catalog/client_store.h"

#include "catalog/store_rows.h"

namespace tl::catalog {

namespace {
constexpr const char* kColumns =
    "id, name, address, fingerprint, version, os, added, last_seen, last_backup, reachable, "
    "last_backup_bytes";

ClientRow read_client(const Stmt& s) {
    ClientRow r;
    r.id = s.i64(0);
    r.name = s.text(1);
    r.address = s.text(2);
    r.fingerprint = s.text(3);
    r.version = s.text(4);
    r.os = s.text(5);
    r.added = s.i64(6);
    if (!s.is_null(7)) r.last_seen = s.i64(7);
    if (!s.is_null(8)) r.last_backup = s.i64(8);
    if (!s.is_null(9)) r.reachable = s.i64(9) != 0;
    if (!s.is_null(10)) r.last_backup_bytes = s.i64(10);
    return r;
}
} // namespace

Result<std::int64_t> add_client(Db& db, const ClientRow& row) {
    auto q = db.prepare("INSERT INTO clients(name, address, fingerprint, added) "
                        "VALUES(?, ?, ?, ?)");
    if (!q) return q.error();
    TL_TRY(q->bind(1, row.name)
               .bind(2, row.address)
               .bind(3, row.fingerprint)
               .bind(4, row.added)
               .run());
    return db.last_insert_rowid();
}

Result<std::vector<ClientRow>> list_clients(Db& db) {
    auto q = db.prepare(std::string("SELECT ") + kColumns + " FROM clients ORDER BY name");
    if (!q) return q.error();
    return collect_rows(q.value(), read_client);
}

Result<std::optional<ClientRow>> client_by_name(Db& db, const std::string& name) {
    auto q = db.prepare(std::string("SELECT ") + kColumns + " FROM clients WHERE name=?");
    if (!q) return q.error();
    q->bind(1, name);
    return first_row(q.value(), read_client);
}

Result<bool> remove_client(Db& db, const std::string& name) {
    auto q = db.prepare("DELETE FROM clients WHERE name=?");
    if (!q) return q.error();
    TL_TRY(q->bind(1, name).run());
    return db.changes() > 0;
}

Status record_client_contact(Db& db, const std::string& name, const std::string& version,
                             const std::string& os, long long when) {
    auto q =
        db.prepare("UPDATE clients SET version=?, os=?, last_seen=?, reachable=1 WHERE name=?");
    if (!q) return q.error();
    return q->bind(1, version).bind(2, os).bind(3, when).bind(4, name).run();
}

Status record_client_unreachable(Db& db, const std::string& name) {
    auto q = db.prepare("UPDATE clients SET reachable=0 WHERE name=?");
    if (!q) return q.error();
    return q->bind(1, name).run();
}

Status record_client_backup(Db& db, const std::string& name, long long when, long long bytes) {
    auto q = db.prepare("UPDATE clients SET last_backup=?, last_backup_bytes=? WHERE name=?");
    if (!q) return q.error();
    return q->bind(1, when).bind(2, bytes).bind(3, name).run();
}

} // namespace tl::catalog
