// The catalog backup after each backup job as a resource (docs/api.md "Catalog"): GET
// /v1/catalog/after-jobs answers {"after_jobs", "pool"} as `catalog after-jobs --json`; PATCH
// /v1/catalog/after-jobs {"after_jobs": true|false, "pool": P} changes what it names and answers
// the setting after it. Scope admin for the PATCH (the configuration).
#include "context/engine_catalog.h"
#include "job/catalog_backup.h"
#include "service/api_context.h"

namespace tl::service {

namespace {
nlohmann::json after_jobs_json(const media::AfterJobsSetting& s) {
    return {{"after_jobs", s.on}, {"pool", s.pool}};
}

Result<nlohmann::json> change_after_jobs(const ApiContext& ctx, const nlohmann::json& body) {
    const std::string route = "PATCH /v1/catalog/after-jobs";
    if (!body.is_object())
        return invalid_request(route, "takes {\"after_jobs\": true or false, \"pool\": P}");
    auto& db = engine_catalog(ctx.engine);
    auto s = media::after_jobs_setting(db);
    if (!s) return s.error();
    for (const auto& [key, value] : body.items()) {
        if (key == "after_jobs" && value.is_boolean())
            s->on = value.get<bool>();
        else if (key == "pool" && value.is_string() && !value.get<std::string>().empty())
            s->pool = value.get<std::string>();
        else
            return invalid_request(route, "takes \"after_jobs\": true or false and \"pool\": a "
                                          "pool's name, not \"" +
                                              key + "\": " + value.dump());
    }
    TL_TRY(media::set_after_jobs(db, s.value()));
    return after_jobs_json(s.value());
}
} // namespace

void add_catalog_setting_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/catalog/after-jobs", [&ctx](const httplib::Request&, httplib::Response& res) {
        answer_from_catalog(ctx, res, [](catalog::Db& db) -> Result<nlohmann::json> {
            auto s = media::after_jobs_setting(db);
            if (!s) return s.error();
            return after_jobs_json(s.value());
        });
    });
    server.Patch("/v1/catalog/after-jobs",
                 [&ctx](const httplib::Request& req, httplib::Response& res) {
                     auto changed = change_after_jobs(ctx, request_json(req));
                     if (!changed) return reply_error(res, changed.error());
                     reply_json(res, 200, changed.value());
                 });
}

} // namespace tl::service
