#include "schedule/definition_store.h"

#include "agent/client_registry.h"
#include "catalog/client_store.h"
#include "catalog/definition_store.h"
#include "catalog/library_store.h"
#include "catalog/pool_store.h"
#include "schedule/schedule_rule.h"
#include "source/source_spec.h"

namespace tl::schedule {

namespace {
Error not_found(const std::string& name) {
    return make_error(ErrorKind::NotFound,
                      "job definition '" + name + "' does not exist; see tapeloom-cli job list");
}

Error schedule_not_found(std::int64_t id) {
    return make_error(ErrorKind::NotFound, "schedule " + std::to_string(id) +
                                               " does not exist; see tapeloom-cli schedule list");
}
} // namespace

Result<std::size_t> library_drive_count(catalog::Db& db, const std::string& library) {
    auto libs = catalog::library_drive_counts(db);
    if (!libs) return libs.error();
    const std::string name = library.empty() ? libs->first : library;
    auto it = libs->drives.find(name);
    if (it == libs->drives.end())
        return make_error(ErrorKind::NotFound,
                          library.empty() ? std::string("no library is configured; add one with "
                                                        "tapeloom-cli library add")
                                          : "library '" + library +
                                                "' does not exist; see tapeloom-cli library list");
    return it->second;
}

Status check_references(catalog::Db& db, const JobDefinition& d) {
    auto pool = catalog::find_pool_row(db, d.pool);
    if (!pool) return pool.error();
    if (!pool.value())
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
    for (const auto& s : d.sources) {
        // A client's tree (client:NAME:/path, docs/agent.md) is on that client: its client
        // must be added; the path is checked by the agent when the job runs.
        if (auto client = agent::split_client_source(s)) {
            auto row = catalog::client_by_name(db, client->first);
            if (!row) return row.error();
            if (!row.value())
                return make_error(ErrorKind::NotFound,
                                  "job definition '" + d.name + "': client " + client->first +
                                      " is not added; see tapeloom-cli client list");
            continue;
        }
        if (auto spec = source::parse_source(s); !spec)
            return make_error(spec.error().kind,
                              "job definition '" + d.name + "': " + spec.error().message);
    }
    return {};
}

Result<std::int64_t> DefinitionStore::add(const JobDefinition& d, long long now) {
    TL_TRY(check_definition(d));
    TL_TRY(check_references(db_, d));
    auto exists = catalog::definition_exists(db_, d.name);
    if (!exists) return exists.error();
    if (exists.value())
        return make_error(ErrorKind::AlreadyExists,
                          "job definition '" + d.name +
                              "' already exists; use tapeloom-cli job edit, or another name");
    return catalog::insert_definition(db_, d.name, to_json(d).dump(), now);
}

Status DefinitionStore::update(const JobDefinition& d, long long now) {
    TL_TRY(check_definition(d));
    TL_TRY(check_references(db_, d));
    auto found = catalog::update_definition(db_, d.name, to_json(d).dump(), now);
    if (!found) return found.error();
    if (!found.value()) return not_found(d.name);
    return {};
}

Status DefinitionStore::remove(const std::string& name) {
    auto found = catalog::delete_definition(db_, name);
    if (!found) return found.error();
    if (!found.value()) return not_found(name);
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
    auto rows = catalog::list_definition_rows(db_);
    if (!rows) return rows.error();
    std::vector<JobDefinition> out;
    for (const auto& r : rows.value()) {
        const auto j = nlohmann::json::parse(r.spec, nullptr, false);
        auto d = definition_from_json(j);
        if (!d)
            return make_error(ErrorKind::Corrupt,
                              "job definition '" + r.name +
                                  "' in the catalog is damaged: " + d.error().message);
        d->id = r.id;
        d->name = r.name;
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
    return catalog::insert_schedule(db_, d->id, rule, now, name);
}

Status DefinitionStore::edit_schedule(std::int64_t id, const std::string& name,
                                      const std::string& rule, long long now) {
    auto parsed = ScheduleRule::parse(rule);
    if (!parsed) return parsed.error();
    TL_TRY(parsed->check_fires(now));
    auto found = catalog::update_schedule(db_, id, name, rule, now);
    if (!found) return found.error();
    if (!found.value()) return schedule_not_found(id);
    return {};
}

Status DefinitionStore::remove_schedule(std::int64_t id) {
    auto found = catalog::delete_schedule(db_, id);
    if (!found) return found.error();
    if (!found.value()) return schedule_not_found(id);
    return {};
}

Result<std::vector<StoredSchedule>> DefinitionStore::schedules(const std::string& definition) {
    auto rows = catalog::list_schedule_rows(db_, definition);
    if (!rows) return rows.error();
    std::vector<StoredSchedule> out;
    for (const auto& r : rows.value())
        out.push_back({r.id, r.definition, r.rule, r.checked_until, r.name});
    return out;
}

Status DefinitionStore::set_checked_until(std::int64_t id, long long t) {
    return catalog::set_schedule_checked_until(db_, id, t);
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
