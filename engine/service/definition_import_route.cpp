// POST /v1/definitions/import: a whole `job export` document ({"version": 1, "definitions":
// [...]}, each definition with its schedules) stored in one transaction, as `job import` stores
// it; with "replace": true a definition of the same name is replaced with its schedules,
// without it such a name is refused (409) and nothing is stored. Answers {"imported": N}.
// Scope admin (the configuration).
#include "context/engine_catalog.h"
#include "schedule/definition_store.h"
#include "service/api_context.h"

namespace tl::service {

namespace {
Result<nlohmann::json> import_definitions(const ApiContext& ctx, nlohmann::json body) {
    const std::string route = "POST /v1/definitions/import";
    if (!body.is_object())
        return invalid_request(route, "takes a job export ({\"version\": 1, \"definitions\": "
                                      "[...]}) and optionally \"replace\": true");
    bool replace = false;
    if (body.contains("replace")) {
        if (!body["replace"].is_boolean())
            return invalid_request(route, "\"replace\" takes true or false");
        replace = body["replace"].get<bool>();
        body.erase("replace");
    }
    schedule::DefinitionStore store(engine_catalog(ctx.engine));
    auto n = store.import_all(body, replace, to_unix_seconds(ctx.engine.clock().wall()));
    if (!n) return n.error();
    return nlohmann::json{{"imported", n.value()}};
}
} // namespace

void add_definition_import_route(httplib::Server& server, const ApiContext& ctx) {
    server.Post("/v1/definitions/import",
                [&ctx](const httplib::Request& req, httplib::Response& res) {
                    auto done = import_definitions(ctx, request_json(req));
                    if (!done) return reply_error(res, done.error());
                    reply_json(res, 200, done.value());
                });
}

} // namespace tl::service
