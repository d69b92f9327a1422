#include "schedule/definition_store.h"

#include "schedule/schedule_rule.h"
#include "source/source_spec.h"

namespace tl::schedule {

namespace {
Error not_found(const std::string& name) {
    return make_error(ErrorKind::NotFound,
                      "job definition '" + name + "' does not exist; see tapeloom-cli job list");
}
} // namespace

Result<std::size_t> library_drive_count(catalog::Db& db, const std::string& library) {
    auto q =
        db.prepare(library.empty() ? "SELECT l.name, (SELECT count(*) FROM drives d WHERE "
                                     "d.library_id=l.id) FROM libraries l ORDER BY l.id LIMIT 1"
                                   : "SELECT l.name, (SELECT count(*) FROM drives d WHERE "
                                     "d.library_id=l.id) FROM libraries l WHERE l.name=?");
    if (!q) return q.error();
    if (!library.empty()) q->bind(1, library);
    auto row = q->step();
    if (!row) return row.error();
    if (!row.value())
        return make_error(ErrorKind::NotFound,
                          library.empty() ? std::string("no library is configured; add one with "
                                                        "tapeloom-cli library add")
                                          : "library '" + library +
                                                "' does not exist; see tapeloom-cli library list");
    return static_cast<std::size_t>(q->i64(1));
}

Status check_references(catalog::Db& db, const JobDefinition& d) {
    auto q = db.prepare("SELECT count(*) FROM pools WHERE name=?");
    if (!q) return q.error();
    q->bind(1, d.pool);
    auto row = q->step();
    if (!row) return row.error();
    if (q->i64(0) == 0)
        return make_error(ErrorKind::NotFound, "job definition '" + d.name + "': pool '" + d.pool +
                                                   "' does not exist; see tapeloom-cli pool list");
    auto drives = library_drive_count(db, d.library);
    if (!drives)
        return make_error(drives.error().kind,
                          "job definition '" + d.name + "': " + drives.error().message);
    if (d.drives > drives.value())
        return make_error(ErrorKind::InvalidArgument,
                          "job definition '" + d.name + "': " + std::to_string(d.drives) +
                              " drives allowed, but library " +
                              (d.library.empty() ? std::string("(default)") : d.library) + " has " +
                              std::to_string(drives.value()));
    for (const auto& s : d.sources)
        if (auto spec = source::parse_source(s); !spec)
            return make_error(spec.error().kind,
                              "job definition '" + d.name + "': " + spec.error().message);
    return {};
}

Result<std::int64_t> DefinitionStore::add(const JobDefinition& d, long long now) {
    TL_TRY(check_definition(d));
    TL_TRY(check_references(db_, d));
    auto exists = db_.prepare("SELECT count(*) FROM job_definitions WHERE name=?");
    if (!exists) return exists.error();
    exists->bind(1, d.name);
    if (auto r = exists->step(); !r) return r.error();
    if (exists->i64(0) > 0)
        return make_error(ErrorKind::AlreadyExists,
                          "job definition '" + d.name +
                              "' already exists; use tapeloom-cli job edit, or another name");
    auto ins =
        db_.prepare("INSERT INTO job_definitions(name, spec, created, updated) VALUES(?,?,?,?)");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, d.name).bind(2, to_json(d).dump()).bind(3, now).bind(4, now).run());
    return db_.last_insert_rowid();
}

Status DefinitionStore::update(const JobDefinition& d, long long now) {
    TL_TRY(check_definition(d));
    TL_TRY(check_references(db_, d));
    auto upd = db_.prepare("UPDATE job_definitions SET spec=?, updated=? WHERE name=?");
    if (!upd) return upd.error();
    TL_TRY(upd->bind(1, to_json(d).dump()).bind(2, now).bind(3, d.name).run());
    if (db_.changes() == 0) return not_found(d.name);
    return {};
}

Status DefinitionStore::remove(const std::string& name) {
    auto del = db_.prepare("DELETE FROM job_definitions WHERE name=?");
    if (!del) return del.error();
    TL_TRY(del->bind(1, name).run());
    if (db_.changes() == 0) return not_found(name);
    return {};
}

Result<JobDefinition> DefinitionStore::get(const std::string& name) {
    auto all = list();
    if (!all) return all.error();
    for (auto& d : all.value())
        if (d.name == name) return d;
    return not_found(name);
}

Result<std::vector<JobDefinition>> DefinitionStore::list() {
    auto q = db_.prepare("SELECT id, name, spec FROM job_definitions ORDER BY name");
    if (!q) return q.error();
    std::vector<JobDefinition> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        const auto j = nlohmann::json::parse(q->text(2), nullptr, false);
        auto d = definition_from_json(j);
        if (!d)
            return make_error(ErrorKind::Corrupt,
                              "job definition '" + q->text(1) +
                                  "' in the catalog is damaged: " + d.error().message);
        d->id = q->i64(0);
        d->name = q->text(1);
        out.push_back(std::move(d.value()));
    }
    return out;
}

Result<std::int64_t> DefinitionStore::add_schedule(const std::string& definition,
                                                   const std::string& rule, long long now,
                                                   const std::string& name) {
    auto parsed = ScheduleRule::parse(rule);
    if (!parsed) return parsed.error();
    TL_TRY(parsed->check_fires(now));
    auto d = get(definition);
    if (!d) return d.error();
    auto ins = db_.prepare("INSERT INTO schedules(definition_id, rule, checked_until, created, "
                           "name) VALUES(?,?,?,?,?)");
    if (!ins) return ins.error();
    TL_TRY(ins->bind(1, d->id).bind(2, rule).bind(3, now).bind(4, now).bind(5, name).run());
    return db_.last_insert_rowid();
}

Status DefinitionStore::edit_schedule(std::int64_t id, const std::string& name,
                                      const std::string& rule, long long now) {
    auto parsed = ScheduleRule::parse(rule);
    if (!parsed) return parsed.error();
    TL_TRY(parsed->check_fires(now));
    // A new rule starts from now: its earlier occurrences are not "missed runs".
    auto upd = db_.prepare("UPDATE schedules SET name=?, checked_until=CASE WHEN rule=? THEN "
                           "checked_until ELSE max(checked_until, ?) END, rule=? WHERE id=?");
    if (!upd) return upd.error();
    TL_TRY(upd->bind(1, name).bind(2, rule).bind(3, now).bind(4, rule).bind(5, id).run());
    if (db_.changes() == 0)
        return make_error(ErrorKind::NotFound, "schedule " + std::to_string(id) +
                                                   " does not exist; see tapeloom-cli "
                                                   "schedule list");
    return {};
}

Status DefinitionStore::remove_schedule(std::int64_t id) {
    auto del = db_.prepare("DELETE FROM schedules WHERE id=?");
    if (!del) return del.error();
    TL_TRY(del->bind(1, id).run());
    if (db_.changes() == 0)
        return make_error(ErrorKind::NotFound, "schedule " + std::to_string(id) +
                                                   " does not exist; see tapeloom-cli "
                                                   "schedule list");
    return {};
}

Result<std::vector<StoredSchedule>> DefinitionStore::schedules(const std::string& definition) {
    auto q =
        db_.prepare("SELECT s.id, d.name, s.rule, s.checked_until, s.name FROM schedules s JOIN "
                    "job_definitions d ON d.id=s.definition_id WHERE ?='' OR d.name=? "
                    "ORDER BY s.id");
    if (!q) return q.error();
    q->bind(1, definition).bind(2, definition);
    std::vector<StoredSchedule> out;
    for (;;) {
        auto row = q->step();
        if (!row) return row.error();
        if (!row.value()) break;
        out.push_back({q->i64(0), q->text(1), q->text(2), q->i64(3), q->text(4)});
    }
    return out;
}

Status DefinitionStore::set_checked_until(std::int64_t id, long long t) {
    auto upd = db_.prepare("UPDATE schedules SET checked_until=? WHERE id=?");
    if (!upd) return upd.error();
    return upd->bind(1, t).bind(2, id).run();
}

Result<nlohmann::json> DefinitionStore::export_all() {
    auto defs = list();
    if (!defs) return defs.error();
    auto scheds = schedules();
    if (!scheds) return scheds.error();
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& d : defs.value()) {
        auto j = to_json(d);
        j["schedules"] = nlohmann::json::array();
        for (const auto& s : scheds.value())
            if (s.definition == d.name)
                j["schedules"].push_back(s.name.empty()
                                             ? nlohmann::json(s.rule)
                                             : nlohmann::json{{"name", s.name}, {"rule", s.rule}});
        arr.push_back(std::move(j));
    }
    return nlohmann::json{{"version", 1}, {"definitions", std::move(arr)}};
}

Result<std::size_t> DefinitionStore::import_all(const nlohmann::json& doc, bool replace,
                                                long long now) {
    if (!doc.is_object() || doc.value("version", 0) != 1 || !doc.contains("definitions") ||
        !doc["definitions"].is_array())
        return make_error(ErrorKind::InvalidArgument,
                          "not a Tapeloom job export: want {\"version\": 1, \"definitions\": "
                          "[...]} as tapeloom-cli job export writes it");
    auto tx = catalog::Transaction::begin(db_);
    if (!tx) return tx.error();
    std::size_t n = 0;
    for (const auto& j : doc["definitions"]) {
        auto d = definition_from_json(j);
        if (!d) return d.error();
        auto existing = get(d->name);
        if (existing && !replace)
            return make_error(ErrorKind::AlreadyExists,
                              "job definition '" + d->name +
                                  "' already exists; remove it first or import with --replace");
        if (existing) {
            TL_TRY(update(d.value(), now));
            auto old = schedules(d->name);
            if (!old) return old.error();
            for (const auto& s : old.value())
                TL_TRY(remove_schedule(s.id));
        } else {
            auto id = add(d.value(), now);
            if (!id) return id.error();
        }
        if (j.contains("schedules")) {
            if (!j["schedules"].is_array())
                return make_error(ErrorKind::InvalidArgument,
                                  "job definition '" + d->name + "': schedules must be a list");
            for (const auto& s : j["schedules"]) {
                const bool named = s.is_object() && s.contains("rule") && s["rule"].is_string() &&
                                   (!s.contains("name") || s["name"].is_string());
                if (!s.is_string() && !named)
                    return make_error(ErrorKind::InvalidArgument,
                                      "job definition '" + d->name +
                                          "': each schedule is a rule text or "
                                          "{\"name\": ..., \"rule\": ...}");
                auto id = named ? add_schedule(d->name, s["rule"].get<std::string>(), now,
                                               s.value("name", std::string()))
                                : add_schedule(d->name, s.get<std::string>(), now);
                if (!id) return id.error();
            }
        }
        ++n;
    }
    TL_TRY(tx->commit());
    return n;
}

} // namespace tl::schedule
