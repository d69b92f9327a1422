// POST /v1/keys: a key export (the JSON document `tapeloom-cli key export` writes) read into the
// key store of the service's data directory with the export's passphrase, as `key import FILE`
// reads it: {"export": {...}, "passphrase": "..."} answers the key's metadata {"name", "id",
// "created"} (never the key). The same key again is fine; a different key of that name is 409,
// a wrong passphrase or an altered export 400. Scope admin; audited like every write, the
// passphrase and the sealed key left out of the record (audit_trail.h).
#include <ctime>

#include "crypto/key_store.h"
#include "service/api_context.h"
#include "service/body_fields.h"

namespace tl::service {

namespace {
constexpr const char* kRoute = "POST /v1/keys";

Result<nlohmann::json> imported_key(const ApiContext& ctx, const nlohmann::json& body) {
    TL_TRY(known_fields(body, {"export", "passphrase"}, kRoute));
    if (!body.contains("export") || !body["export"].is_object())
        return invalid_request(kRoute, "needs \"export\": the document `tapeloom-cli key export` "
                                       "wrote, as a JSON object");
    auto passphrase = optional_text(body, "passphrase", kRoute);
    if (!passphrase) return passphrase.error();
    auto key = crypto::KeyStore::in_home(ctx.home).import_text(
        body["export"].dump(), "the key export", passphrase.value(),
        static_cast<std::int64_t>(std::time(nullptr)));
    if (!key) return key.error();
    return nlohmann::json{{"name", key->name}, {"id", key->id}, {"created", key->created}};
}
} // namespace

void add_key_import_route(httplib::Server& server, const ApiContext& ctx) {
    server.Post("/v1/keys", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto key = imported_key(ctx, request_json(req));
        if (!key) return reply_error(res, key.error());
        reply_json(res, 200, key.value());
    });
}

} // namespace tl::service
