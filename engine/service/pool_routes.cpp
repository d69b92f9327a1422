// Pools as resources (docs/api.md "Resources"): GET /v1/pools/{name}; POST /v1/pools {"name",
// fields...} adds one (201, Location /v1/pools/{name}); PATCH /v1/pools/{name} {fields...}
// changes it; DELETE /v1/pools/{name} removes it (refused while volumes or jobs belong to it).
// The fields are those of a pool's document (shapes/pool_json.h): purpose,
// auto_label, retention_days, file_retention_days, max_jobs, max_bytes, max_use_seconds,
// recycle (auto | manual), encryption, key, encrypt_names. They call media's pool operations
// on the request's catalog connection, as `pool add|edit` do. Scope admin.
#include "context/engine_catalog.h"
#include "crypto/key_store.h"
#include "media/pool.h"
#include "service/api_context.h"
#include "shapes/pool_json.h"

namespace tl::service {

namespace {
// One field of a pool's document into `c`; false when `key` is none of them.
Result<bool> read_field(const std::string& route, const std::string& key, const nlohmann::json& v,
                        media::PoolChanges& c) {
    const auto need = [&](bool ok, const char* what) -> Status {
        if (ok) return {};
        return invalid_request(route, "\"" + key + "\" takes " + what);
    };
    if (key == "purpose" || key == "encryption" || key == "key") {
        TL_TRY(need(v.is_string(), "a string"));
        (key == "purpose" ? c.purpose : key == "key" ? c.key : c.encryption) = v.get<std::string>();
    } else if (key == "auto_label" || key == "encrypt_names") {
        TL_TRY(need(v.is_boolean(), "true or false"));
        (key == "auto_label" ? c.auto_label : c.encrypt_names) = v.get<bool>();
    } else if (key == "retention_days" || key == "file_retention_days") {
        TL_TRY(need(v.is_number_integer(), "a number of days"));
        (key == "retention_days" ? c.retention_days : c.file_retention_days) = v.get<int>();
    } else if (key == "max_jobs" || key == "max_bytes" || key == "max_use_seconds") {
        TL_TRY(need(v.is_number_integer(), "a number (0: no limit)"));
        (key == "max_jobs"    ? c.max_jobs
         : key == "max_bytes" ? c.max_bytes
                              : c.max_use_seconds) = v.get<std::int64_t>();
    } else if (key == "recycle") {
        TL_TRY(need(v.is_string() && (v == "auto" || v == "manual"), "auto or manual"));
        c.auto_recycle = v == "auto";
    } else {
        return false;
    }
    return true;
}

Result<media::PoolChanges> pool_changes(const std::string& route, const nlohmann::json& body,
                                        bool named) {
    if (!body.is_object()) return invalid_request(route, "takes a JSON object of a pool's fields");
    media::PoolChanges c;
    for (const auto& [key, value] : body.items()) {
        if (named && key == "name") continue;
        auto known = read_field(route, key, value, c);
        if (!known) return known.error();
        if (!known.value())
            return invalid_request(route,
                                   "unknown field \"" + key +
                                       "\"; a pool has purpose, auto_label, retention_days, "
                                       "file_retention_days, max_jobs, max_bytes, max_use_seconds, "
                                       "recycle, encryption, key, encrypt_names");
    }
    return c;
}

// The key a pool is pointed at must exist before backups use it (as `pool add|edit`).
Status check_key(const ApiContext& ctx, const media::PoolChanges& c) {
    if (!c.key || c.key->empty()) return {};
    auto k = crypto::KeyStore::in_home(ctx.home).info(*c.key);
    if (!k) return k.error();
    return {};
}

Result<media::Pool> add(const ApiContext& ctx, const nlohmann::json& body) {
    const std::string route = "POST /v1/pools";
    if (!body.is_object() || !body.contains("name") || !body["name"].is_string())
        return invalid_request(route, "needs \"name\": the new pool's name");
    auto c = pool_changes(route, body, true);
    if (!c) return c.error();
    TL_TRY(check_key(ctx, c.value()));
    return media::add_pool(engine_catalog(ctx.engine), body["name"].get<std::string>(), c.value(),
                           to_unix_seconds(ctx.engine.clock().wall()));
}

Result<media::Pool> edit(const ApiContext& ctx, const std::string& name,
                         const nlohmann::json& body) {
    auto c = pool_changes("PATCH /v1/pools/{name}", body, false);
    if (!c) return c.error();
    TL_TRY(check_key(ctx, c.value()));
    return media::edit_pool(engine_catalog(ctx.engine), name, c.value());
}

} // namespace

void add_pool_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get(R"(/v1/pools/([^/]+))", [&ctx](const httplib::Request& req, httplib::Response& res) {
        const std::string name = req.matches[1];
        answer_from_catalog(ctx, res, [&](catalog::Db& db) -> Result<nlohmann::json> {
            auto p = media::find_pool(db, name);
            if (!p) return p.error();
            return shapes::pool_json(p.value());
        });
    });
    server.Post("/v1/pools", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto p = add(ctx, request_json(req));
        if (!p) return reply_error(res, p.error());
        res.set_header("Location", "/v1/pools/" + p->name);
        reply_json(res, 201, shapes::pool_json(p.value()));
    });
    server.Patch(R"(/v1/pools/([^/]+))",
                 [&ctx](const httplib::Request& req, httplib::Response& res) {
                     auto p = edit(ctx, req.matches[1], request_json(req));
                     if (!p) return reply_error(res, p.error());
                     reply_json(res, 200, shapes::pool_json(p.value()));
                 });
    server.Delete(R"(/v1/pools/([^/]+))",
                  [&ctx](const httplib::Request& req, httplib::Response& res) {
                      const std::string name = req.matches[1];
                      if (auto st = media::remove_pool(engine_catalog(ctx.engine), name); !st)
                          return reply_error(res, st.error());
                      reply_json(res, 200, {{"removed", name}});
                  });
}

} // namespace tl::service
