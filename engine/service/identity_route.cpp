// GET /v1/service/identity: {"fingerprint"}, the SHA-256 fingerprint of the service's
// certificate that an agent trusts (`tapeloom-agent trust`, docs/agent.md), made on first need
// as POST /v1/clients makes it; the console's Clients page shows it. Scope read.
#include "agent/identity.h"
#include "service/api_context.h"

namespace tl::service {

void add_identity_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/service/identity", [&ctx](const httplib::Request&, httplib::Response& res) {
        auto me = agent::service_identity(ctx.home);
        if (!me) return reply_error(res, me.error());
        reply_json(res, 200, {{"fingerprint", me->fingerprint}});
    });
}

} // namespace tl::service
