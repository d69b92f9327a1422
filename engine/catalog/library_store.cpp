#include "catalog/library_store.h"

#include "catalog/store_rows.h"

namespace tl::catalog {

namespace {
LibraryRow read_library(const Stmt& s) {
    return {s.i64(0), s.text(1), s.text(2), s.is_null(3) ? "" : s.text(3), s.text(4), s.i64(5)};
}

DriveRow read_drive(const Stmt& s) {
    return {s.i64(0),  s.text(1), s.text(2), static_cast<int>(s.i64(3)),
            s.text(4), s.text(5), s.text(6)};
}

Status delete_by_id(Db& db, const char* sql, std::int64_t id) {
    auto s = db.prepare(sql);
    if (!s) return s.error();
    return s->bind(1, id).run();
}
} // namespace

Result<std::vector<LibraryRow>> list_library_rows(Db& db) {
    auto s =
        db.prepare("SELECT id, name, kind, device, config, created FROM libraries ORDER BY id");
    if (!s) return s.error();
    return collect_rows(s.value(), read_library);
}

Result<std::vector<DriveRow>> list_drive_rows(Db& db, const std::string& library) {
    auto s =
        db.prepare("SELECT d.id, d.name, coalesce(l.name, ''), coalesce(d.element, 0), d.kind, "
                   "coalesce(d.device, ''), d.config FROM drives d LEFT JOIN libraries l ON l.id = "
                   "d.library_id "
                   "WHERE ?1 = '' OR l.name = ?1 ORDER BY coalesce(l.id, 1e18), d.element, d.id");
    if (!s) return s.error();
    s->bind(1, library);
    return collect_rows(s.value(), read_drive);
}

Result<bool> device_name_taken(Db& db, const std::string& name) {
    auto s = db.prepare("SELECT (SELECT count(*) FROM libraries WHERE name=?1) + (SELECT count(*) "
                        "FROM drives WHERE name=?1)");
    if (!s) return s.error();
    s->bind(1, name);
    auto n = first_i64(s.value());
    if (!n) return n.error();
    return n.value() > 0;
}

Result<std::int64_t> count_libraries(Db& db) {
    return db.scalar("SELECT count(*) FROM libraries");
}

Result<std::int64_t> max_library_id(Db& db) {
    return db.scalar("SELECT coalesce(max(id), 0) FROM libraries");
}

Result<std::int64_t> insert_library(Db& db, const std::string& name, const std::string& kind,
                                    const std::string& device, const std::string& config,
                                    long long now) {
    auto s =
        db.prepare("INSERT INTO libraries(name, kind, device, config, created) VALUES(?,?,?,?,?)");
    if (!s) return s.error();
    TL_TRY(s->bind(1, name).bind(2, kind).bind(3, device).bind(4, config).bind(5, now).run());
    return db.last_insert_rowid();
}

Status insert_drive(Db& db, const std::string& name, std::optional<std::int64_t> library,
                    int element, const std::string& kind, const std::string& device,
                    const std::string& config, long long now) {
    auto s =
        db.prepare("INSERT INTO drives(name, library_id, element, kind, device, config, created) "
                   "VALUES(?,?,?,?,?,?,?)");
    if (!s) return s.error();
    s->bind(1, name);
    if (library)
        s->bind(2, *library).bind(3, element);
    else
        s->bind_null(2).bind_null(3);
    return s->bind(4, kind).bind(5, device).bind(6, config).bind(7, now).run();
}

Status delete_library(Db& db, std::int64_t id) {
    TL_TRY(delete_by_id(db, "DELETE FROM drives WHERE library_id = ?", id));
    return delete_by_id(db, "DELETE FROM libraries WHERE id = ?", id);
}

Status delete_drive(Db& db, std::int64_t id) {
    return delete_by_id(db, "DELETE FROM drives WHERE id = ?", id);
}

Result<LibraryDrives> library_drive_counts(Db& db) {
    auto q = db.prepare("SELECT l.name, (SELECT count(*) FROM drives d WHERE d.library_id=l.id) "
                        "FROM libraries l ORDER BY l.id");
    if (!q) return q.error();
    LibraryDrives out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        if (out.first.empty()) out.first = q->text(0);
        out.drives[q->text(0)] = static_cast<std::size_t>(q->i64(1));
    }
    return out;
}

} // namespace tl::catalog
