#include "catalog/definition_store.h"

#include "catalog/store_rows.h"

namespace tl::catalog {

namespace {
// Runs a prepared write; true when it changed a row.
Result<bool> changed_rows(Db& db, Stmt& s) {
    TL_TRY(s.run());
    return db.changes() > 0;
}
} // namespace

Result<std::vector<DefinitionRow>> list_definition_rows(Db& db) {
    auto q = db.prepare("SELECT id, name, spec FROM job_definitions ORDER BY name");
    if (!q) return q.error();
    return collect_rows(q.value(), [](const Stmt& s) {
        return DefinitionRow{s.i64(0), s.text(1), s.text(2)};
    });
}

Result<bool> definition_exists(Db& db, const std::string& name) {
    auto q = db.prepare("SELECT count(*) FROM job_definitions WHERE name=?");
    if (!q) return q.error();
    q->bind(1, name);
    auto n = first_i64(q.value());
    if (!n) return n.error();
    return n.value() > 0;
}

Result<std::int64_t> insert_definition(Db& db, const std::string& name, const std::string& spec,
                                       long long now) {
    auto ins =
        db.prepare("INSERT INTO job_definitions(name, spec, created, updated) VALUES(?,?,?,?)");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, name).bind(2, spec).bind(3, now).bind(4, now).run());
    return db.last_insert_rowid();
}

Result<bool> update_definition(Db& db, const std::string& name, const std::string& spec,
                               long long now) {
    auto upd = db.prepare("UPDATE job_definitions SET spec=?, updated=? WHERE name=?");
    if (!upd) return upd.error();
    upd->bind(1, spec).bind(2, now).bind(3, name);
    return changed_rows(db, upd.value());
}

Result<bool> delete_definition(Db& db, const std::string& name) {
    auto del = db.prepare("DELETE FROM job_definitions WHERE name=?");
    if (!del) return del.error();
    del->bind(1, name);
    return changed_rows(db, del.value());
}

Result<std::vector<ScheduleRow>> list_schedule_rows(Db& db, const std::string& definition) {
    auto q =
        db.prepare("SELECT s.id, d.name, s.rule, s.checked_until, s.name FROM schedules s JOIN "
                   "job_definitions d ON d.id=s.definition_id WHERE ?='' OR d.name=? "
                   "ORDER BY s.id");
    if (!q) return q.error();
    q->bind(1, definition).bind(2, definition);
    return collect_rows(q.value(), [](const Stmt& s) {
        return ScheduleRow{s.i64(0), s.text(1), s.text(2), s.i64(3), s.text(4)};
    });
}

Result<std::int64_t> insert_schedule(Db& db, std::int64_t definition_id, const std::string& rule,
                                     long long now, const std::string& name) {
    auto ins = db.prepare("INSERT INTO schedules(definition_id, rule, checked_until, created, "
                          "name) VALUES(?,?,?,?,?)");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, definition_id).bind(2, rule).bind(3, now).bind(4, now).bind(5, name).run());
    return db.last_insert_rowid();
}

Result<bool> update_schedule(Db& db, std::int64_t id, const std::string& name,
                             const std::string& rule, long long now) {
    // A new rule starts from now: its earlier occurrences are not "missed runs".
    auto upd = db.prepare("UPDATE schedules SET name=?, checked_until=CASE WHEN rule=? THEN "
                          "checked_until ELSE max(checked_until, ?) END, rule=? WHERE id=?");
    if (!upd) return upd.error();
    upd->bind(1, name).bind(2, rule).bind(3, now).bind(4, rule).bind(5, id);
    return changed_rows(db, upd.value());
}

Result<bool> delete_schedule(Db& db, std::int64_t id) {
    auto del = db.prepare("DELETE FROM schedules WHERE id=?");
    if (!del) return del.error();
    del->bind(1, id);
    return changed_rows(db, del.value());
}

Status set_schedule_checked_until(Db& db, std::int64_t id, long long t) {
    auto upd = db.prepare("UPDATE schedules SET checked_until=? WHERE id=?");
    if (!upd) return upd.error();
    return upd->bind(1, t).bind(2, id).run();
}

} // namespace tl::catalog
