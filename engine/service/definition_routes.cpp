// The configuration's writes as resources (docs/api.md "Resources"): POST /v1/definitions (a
// definition as `job export` writes one; 201, Location /v1/definitions/{name}), PUT
// /v1/definitions/{name} (the whole definition replaced, its schedules kept), DELETE
// /v1/definitions/{name} (with its schedules; the job history stays); POST /v1/schedules
// {"definition", "rule"[, "name"]} (201), PATCH /v1/schedules/{id} {"rule", "name"} and DELETE
// /v1/schedules/{id}. The definition store checks each write as `job define|edit|remove` and
// `schedule add|edit|remove` do; the scheduler reads the store at its next tick. Scope admin.
#include "context/engine_catalog.h"
#include "schedule/job_definition.h"
#include "service/api_context.h"
#include "service/config_json.h"

namespace tl::service {

namespace {
long long now(const ApiContext& ctx) {
    return to_unix_seconds(ctx.engine.clock().wall());
}

Result<nlohmann::json> stored(schedule::DefinitionStore& store, const std::string& name) {
    auto d = store.get(name);
    if (!d) return d.error();
    return definition_json(store, d.value());
}

Result<nlohmann::json> stored_schedule(schedule::DefinitionStore& store, std::int64_t id) {
    auto all = store.schedules();
    if (!all) return all.error();
    for (const auto& s : all.value())
        if (s.id == id) return schedule_json(s);
    return make_error(ErrorKind::NotFound,
                      "schedule " + std::to_string(id) + " does not exist; see GET /v1/schedules");
}

// The definition of a POST or PUT body; on a PUT its name must be the path's.
Result<schedule::JobDefinition> definition_of(const nlohmann::json& body, const std::string& route,
                                              const std::string& path_name) {
    if (!body.is_object())
        return make_error(ErrorKind::InvalidArgument,
                          route + " takes a job definition as `job export` writes one");
    auto j = body;
    j.erase("schedules"); // as GET answers it: schedules are their own resources
    j.erase("id");
    if (!path_name.empty() && !j.contains("name")) j["name"] = path_name;
    auto d = schedule::definition_from_json(j);
    if (!d) return make_error(d.error().kind, route + ": " + d.error().message);
    if (!path_name.empty() && d->name != path_name)
        return make_error(ErrorKind::InvalidArgument,
                          route + ": the body names '" + d->name + "', the path '" + path_name +
                              "'; a definition is renamed by adding it anew and removing the old");
    return d;
}

Result<nlohmann::json> add_definition(const ApiContext& ctx, const nlohmann::json& body) {
    auto d = definition_of(body, "POST /v1/definitions", "");
    if (!d) return d.error();
    schedule::DefinitionStore store(engine_catalog(ctx.engine));
    auto id = store.add(d.value(), now(ctx));
    if (!id) return id.error();
    return stored(store, d->name);
}

Result<nlohmann::json> replace_definition(const ApiContext& ctx, const std::string& name,
                                          const nlohmann::json& body) {
    auto d = definition_of(body, "PUT /v1/definitions/{name}", name);
    if (!d) return d.error();
    schedule::DefinitionStore store(engine_catalog(ctx.engine));
    TL_TRY(store.update(d.value(), now(ctx)));
    return stored(store, name);
}

// A string field of a schedule's body; InvalidArgument naming it when it is no string.
Result<std::string> text(const nlohmann::json& body, const char* key, const std::string& route,
                         bool required) {
    if (!body.is_object())
        return make_error(ErrorKind::InvalidArgument,
                          route + " takes {\"definition\", \"rule\", \"name\"}");
    if (!body.contains(key)) {
        if (!required) return std::string();
        return make_error(ErrorKind::InvalidArgument, route + " needs \"" + key + "\"");
    }
    if (!body[key].is_string())
        return make_error(ErrorKind::InvalidArgument, route + ": \"" + key + "\" takes a string");
    return body[key].get<std::string>();
}

Result<nlohmann::json> add_schedule(const ApiContext& ctx, const nlohmann::json& body) {
    const std::string route = "POST /v1/schedules";
    auto def = text(body, "definition", route, true);
    if (!def) return def.error();
    auto rule = text(body, "rule", route, true);
    if (!rule) return rule.error();
    auto name = text(body, "name", route, false);
    if (!name) return name.error();
    schedule::DefinitionStore store(engine_catalog(ctx.engine));
    auto id = store.add_schedule(*def, *rule, now(ctx), *name);
    if (!id) return id.error();
    return stored_schedule(store, id.value());
}

// PATCH: the rule and the name given replace the stored ones (a name "" clears it).
Result<nlohmann::json> edit_schedule(const ApiContext& ctx, std::int64_t id,
                                     const nlohmann::json& body) {
    const std::string route = "PATCH /v1/schedules/{id}";
    schedule::DefinitionStore store(engine_catalog(ctx.engine));
    auto before = stored_schedule(store, id);
    if (!before) return before.error();
    auto rule = text(body, "rule", route, false);
    if (!rule) return rule.error();
    auto name = text(body, "name", route, false);
    if (!name) return name.error();
    const std::string new_rule =
        body.contains("rule") ? *rule : (*before)["rule"].get<std::string>();
    const std::string new_name =
        body.contains("name") ? *name : (*before)["name"].get<std::string>();
    TL_TRY(store.edit_schedule(id, new_name, new_rule, now(ctx)));
    return stored_schedule(store, id);
}

void reply_removed(httplib::Response& res, const Status& st, const nlohmann::json& what) {
    if (!st) return reply_error(res, st.error());
    reply_json(res, 200, {{"removed", what}});
}
} // namespace

void add_definition_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Post("/v1/definitions", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto d = add_definition(ctx, request_json(req));
        if (!d) return reply_error(res, d.error());
        res.set_header("Location", "/v1/definitions/" + (*d)["name"].get<std::string>());
        reply_json(res, 201, d.value());
    });
    server.Put(R"(/v1/definitions/([^/]+))",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   auto d = replace_definition(ctx, req.matches[1], request_json(req));
                   if (!d) return reply_error(res, d.error());
                   reply_json(res, 200, d.value());
               });
    server.Delete(R"(/v1/definitions/([^/]+))",
                  [&ctx](const httplib::Request& req, httplib::Response& res) {
                      const std::string name = req.matches[1];
                      schedule::DefinitionStore store(engine_catalog(ctx.engine));
                      reply_removed(res, store.remove(name), name);
                  });
    server.Post("/v1/schedules", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto s = add_schedule(ctx, request_json(req));
        if (!s) return reply_error(res, s.error());
        res.set_header("Location", "/v1/schedules/" + std::to_string((*s)["id"].get<long long>()));
        reply_json(res, 201, s.value());
    });
    server.Patch(R"(/v1/schedules/([^/]+))",
                 [&ctx](const httplib::Request& req, httplib::Response& res) {
                     auto id = id_in_path(req, "a schedule ID");
                     if (!id) return reply_error(res, id.error());
                     auto s = edit_schedule(ctx, id.value(), request_json(req));
                     if (!s) return reply_error(res, s.error());
                     reply_json(res, 200, s.value());
                 });
    server.Delete(R"(/v1/schedules/([^/]+))",
                  [&ctx](const httplib::Request& req, httplib::Response& res) {
                      auto id = id_in_path(req, "a schedule ID");
                      if (!id) return reply_error(res, id.error());
                      schedule::DefinitionStore store(engine_catalog(ctx.engine));
                      reply_removed(res, store.remove_schedule(id.value()), id.value());
                  });
}

} // namespace tl::service
