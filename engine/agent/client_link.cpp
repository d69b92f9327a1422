#include "agent/client_link.h"

#include "agent/wire.h"
#include "catalog/client_store.h"

namespace tl::agent {

Result<ClientEndpoint> client_endpoint(catalog::Db& db, const std::string& home,
                                       const std::string& name) {
    auto row = catalog::client_by_name(db, name);
    if (!row) return row.error();
    if (!row.value())
        return make_error(ErrorKind::NotFound, "client " + name +
                                                   " is not added; tapeloom-cli client add " +
                                                   name + " --address HOST:PORT --fingerprint FP");
    auto me = service_identity(home);
    if (!me) return me.error();
    return ClientEndpoint{name, row.value()->address, row.value()->fingerprint, me.value()};
}

Result<std::unique_ptr<TlsLink>> open_client_link(const ClientEndpoint& c,
                                                  nlohmann::json* agent_hello) {
    auto named = [&c](const Error& e) {
        return make_error(e.kind, "client " + c.name + ": " + e.message);
    };
    auto link = connect_agent(c.address, c.service, c.fingerprint, kAgentTimeoutSeconds);
    if (!link) return named(link.error());
    auto hello = exchange_hello(*link.value(), "service");
    if (!hello) {
        auto e = hello.error();
        // The handshake verified the agent; an agent that ends the connection before its
        // hello refused this service's certificate (TLS 1.3 verifies the client's last).
        if (e.kind == ErrorKind::Io)
            e.message = "refused: the agent at " + c.address + " does not trust this service (" +
                        e.message + "); run on the client: tapeloom-agent trust --state DIR " +
                        "--server-fingerprint " + c.service.fingerprint;
        return named(e);
    }
    if (hello->value("role", "") != "agent")
        return named(make_error(ErrorKind::Io, c.address + " is no tapeloom agent"));
    if (agent_hello) *agent_hello = hello.value();
    return std::move(link.value());
}

} // namespace tl::agent
