// GET /v1/clients and /v1/clients/{name}: the machines whose tapeloom-agent the service backs
// up (docs/agent.md), in the shape of `tapeloom-cli client list|show --json`. POST /v1/clients
// {"name", "address", "fingerprint"} adds one (201, Location /v1/clients/{name}; with the
// "service_fingerprint" its agent is to trust, as `client add` prints it) and DELETE
// /v1/clients/{name} removes one (its backups stay), as `client add|remove` do. Writes: admin.
#include <ctime>

#include "agent/client_registry.h"
#include "agent/identity.h"
#include "context/catalog_handle.h"
#include "service/api_context.h"

namespace tl::service {

namespace {
Result<nlohmann::json> all_clients(catalog::Db& db) {
    auto clients = catalog::list_clients(db);
    if (!clients) return clients.error();
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& c : clients.value())
        arr.push_back(agent::to_json(c));
    return arr;
}

Result<nlohmann::json> one_client(catalog::Db& db, const std::string& name) {
    auto c = catalog::client_by_name(db, name);
    if (!c) return c.error();
    if (!c.value())
        return make_error(ErrorKind::NotFound,
                          "client " + name + " is not added; see GET /v1/clients");
    return agent::to_json(*c.value());
}

Result<nlohmann::json> add(const ApiContext& ctx, const httplib::Request& req) {
    const auto body = nlohmann::json::parse(req.body.empty() ? "{}" : req.body, nullptr, false);
    std::string fields[3];
    const char* const keys[3] = {"name", "address", "fingerprint"};
    if (!body.is_object() || body.size() != 3)
        return make_error(ErrorKind::InvalidArgument,
                          "POST /v1/clients takes {\"name\", \"address\": \"HOST:PORT\", "
                          "\"fingerprint\"}: what tapeloom-agent init printed");
    for (int i = 0; i < 3; ++i) {
        if (!body.contains(keys[i]) || !body[keys[i]].is_string())
            return make_error(ErrorKind::InvalidArgument,
                              std::string("POST /v1/clients needs \"") + keys[i] + "\": a string");
        fields[i] = body[keys[i]].get<std::string>();
    }
    // The fingerprint the agent is to trust (tapeloom-agent trust), made on first need.
    auto me = agent::service_identity(ctx.home);
    if (!me) return me.error();
    auto c = agent::add_client(CatalogHandle(ctx.engine), fields[0], fields[1], fields[2],
                               static_cast<long long>(std::time(nullptr)));
    if (!c) return c.error();
    auto j = agent::to_json(c.value());
    j["service_fingerprint"] = me->fingerprint;
    return j;
}
} // namespace

void add_client_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/clients", [&ctx](const httplib::Request&, httplib::Response& res) {
        answer_from_catalog(ctx, res, all_clients);
    });
    server.Get(
        R"(/v1/clients/([^/]+))", [&ctx](const httplib::Request& req, httplib::Response& res) {
            const std::string name = req.matches[1];
            answer_from_catalog(ctx, res, [&](catalog::Db& db) { return one_client(db, name); });
        });
    server.Post("/v1/clients", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto c = add(ctx, req);
        if (!c) return reply_error(res, c.error());
        res.set_header("Location", "/v1/clients/" + (*c)["name"].get<std::string>());
        reply_json(res, 201, c.value());
    });
    server.Delete(R"(/v1/clients/([^/]+))",
                  [&ctx](const httplib::Request& req, httplib::Response& res) {
                      const std::string name = req.matches[1];
                      if (auto st = agent::remove_client(CatalogHandle(ctx.engine), name); !st)
                          return reply_error(res, st.error());
                      reply_json(res, 200, {{"removed", name}});
                  });
}

} // namespace tl::service
