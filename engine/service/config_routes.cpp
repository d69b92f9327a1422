// The configuration read as resources (docs/api.md "Resources"): GET /v1/definitions (the job
// definitions as `job export` writes them, each with its schedules), GET
// /v1/definitions/{name}, GET /v1/schedules ({"id", "definition", "rule", "name",
// "checked_until"}), GET /v1/keys (the key store's metadata: name, id, created; never a key)
// and GET /v1/tokens (name, scope, created; never a token; admin, access_scope.h). They read
// the engine's stores on the request's own catalog connection.
#include "crypto/key_store.h"
#include "schedule/definition_store.h"
#include "schedule/job_definition.h"
#include "service/api_context.h"
#include "service/config_json.h"
#include "service/token_store.h"

namespace tl::service {

nlohmann::json schedule_json(const schedule::StoredSchedule& s) {
    return {{"id", s.id},
            {"definition", s.definition},
            {"rule", s.rule},
            {"name", s.name},
            {"checked_until", s.checked_until}};
}

Result<nlohmann::json> definition_json(schedule::DefinitionStore& store,
                                       const schedule::JobDefinition& d) {
    auto j = schedule::to_json(d);
    j["id"] = d.id;
    auto schedules = store.schedules(d.name);
    if (!schedules) return schedules.error();
    j["schedules"] = nlohmann::json::array();
    for (const auto& s : schedules.value())
        j["schedules"].push_back(schedule_json(s));
    return j;
}

namespace {
Result<nlohmann::json> all_definitions(catalog::Db& db) {
    schedule::DefinitionStore store(db);
    auto defs = store.list();
    if (!defs) return defs.error();
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& d : defs.value()) {
        auto j = definition_json(store, d);
        if (!j) return j.error();
        arr.push_back(std::move(j.value()));
    }
    return arr;
}

Result<nlohmann::json> all_schedules(catalog::Db& db) {
    auto schedules = schedule::DefinitionStore(db).schedules();
    if (!schedules) return schedules.error();
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& s : schedules.value())
        arr.push_back(schedule_json(s));
    return arr;
}

void reply(httplib::Response& res, const Result<nlohmann::json>& body) {
    if (!body) return reply_error(res, body.error());
    reply_json(res, 200, body.value());
}

Result<nlohmann::json> keys(const std::string& home) {
    auto all = crypto::KeyStore::in_home(home).list();
    if (!all) return all.error();
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& k : all.value())
        arr.push_back({{"name", k.name}, {"id", k.id}, {"created", k.created}});
    return arr;
}

Result<nlohmann::json> tokens(const std::string& home) {
    auto all = TokenStore(home).list();
    if (!all) return all.error();
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& t : all.value())
        arr.push_back({{"name", t.name}, {"scope", scope_name(t.scope)}, {"created", t.created}});
    return arr;
}
} // namespace

void add_config_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/definitions", [&ctx](const httplib::Request&, httplib::Response& res) {
        answer_from_catalog(ctx, res, all_definitions);
    });
    server.Get(R"(/v1/definitions/([^/]+))",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   const std::string name = req.matches[1];
                   answer_from_catalog(ctx, res, [&](catalog::Db& db) -> Result<nlohmann::json> {
                       schedule::DefinitionStore store(db);
                       auto d = store.get(name);
                       if (!d) return d.error();
                       return definition_json(store, d.value());
                   });
               });
    server.Get("/v1/schedules", [&ctx](const httplib::Request&, httplib::Response& res) {
        answer_from_catalog(ctx, res, all_schedules);
    });
    server.Get("/v1/keys", [&ctx](const httplib::Request&, httplib::Response& res) {
        reply(res, keys(ctx.home));
    });
    server.Get("/v1/tokens", [&ctx](const httplib::Request&, httplib::Response& res) {
        reply(res, tokens(ctx.home));
    });
}

} // namespace tl::service
