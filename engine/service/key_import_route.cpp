// POST /v1/keys: a key added to the key store of the service's data directory, as `key create
// NAME` or `key import FILE` add one. {"name": "N"} creates a random AES-256 key of that name
// (201; 409 when the name is taken); {"export": {...}, "passphrase": "..."} reads the document
// `tapeloom-cli key export` wrote with the export's passphrase (200; the same key again is fine,
// a different key of that name is 409, a wrong passphrase or an altered export 400). Both
// answer the key's metadata {"name", "id", "created"}, never the key. Scope admin; audited like
// every write, the passphrase and the sealed key left out of the record (audit_trail.h).
#include "crypto/key_store.h"
#include "service/api_context.h"
#include "service/body_fields.h"

namespace tl::service {

namespace {
constexpr const char* kRoute = "POST /v1/keys";

nlohmann::json key_json(const crypto::KeyInfo& key) {
    return {{"name", key.name}, {"id", key.id}, {"created", key.created}};
}

Result<nlohmann::json> created_key(const ApiContext& ctx, const nlohmann::json& body) {
    TL_TRY(known_fields(body, {"name"}, kRoute));
    auto name = optional_text(body, "name", kRoute);
    if (!name) return name.error();
    auto key = crypto::KeyStore::in_home(ctx.home).create(
        name.value(), to_unix_seconds(ctx.engine.clock().wall()));
    if (!key) return key.error();
    return key_json(key.value());
}

Result<nlohmann::json> imported_key(const ApiContext& ctx, const nlohmann::json& body) {
    TL_TRY(known_fields(body, {"export", "passphrase"}, kRoute));
    if (!body.contains("export") || !body["export"].is_object())
        return invalid_request(kRoute,
                               "needs \"export\": the document `tapeloom-cli key export` "
                               "wrote, as a JSON object (or \"name\" alone to create a key)");
    auto passphrase = optional_text(body, "passphrase", kRoute);
    if (!passphrase) return passphrase.error();
    auto key = crypto::KeyStore::in_home(ctx.home).import_text(
        body["export"].dump(), "the key export", passphrase.value(),
        to_unix_seconds(ctx.engine.clock().wall()));
    if (!key) return key.error();
    return key_json(key.value());
}
} // namespace

void add_key_import_route(httplib::Server& server, const ApiContext& ctx) {
    server.Post("/v1/keys", [&ctx](const httplib::Request& req, httplib::Response& res) {
        const auto body = request_json(req);
        const bool create = body.is_object() && body.contains("name");
        auto key = create ? created_key(ctx, body) : imported_key(ctx, body);
        if (!key) return reply_error(res, key.error());
        reply_json(res, create ? 201 : 200, key.value());
    });
}

} // namespace tl::service
