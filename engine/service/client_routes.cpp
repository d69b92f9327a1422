// GET /v1/clients and /v1/clients/{name}: the machines whose tapeloom-agent the service backs
// up (docs/agent.md), in the shape of `tapeloom-cli client list|show --json`. Adding and
// removing a client are the commands `client add|remove` (POST /v1/commands, scope admin).
#include "agent/client_registry.h"
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
}

} // namespace tl::service
