#pragma once
// The service's way to a client's agent (docs/agent.md): the client's row, the service's own
// identity, the pinned TLS connection and the hello exchange.
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "agent/identity.h"
#include "agent/tls_link.h"
#include "catalog/db.h"

namespace tl::agent {

struct ClientEndpoint {
    std::string name, address, fingerprint;
    Identity service;
};

// Seconds the service waits for an agent before the session fails (a killed agent, a cut link).
inline constexpr int kAgentTimeoutSeconds = 30;

// The client `name` as added, with the service identity of `home` (made on first need).
Result<ClientEndpoint> client_endpoint(catalog::Db& db, const std::string& home,
                                       const std::string& name);
// Connects to the client's agent and exchanges hellos; errors name the client and what to do.
// `agent_hello` (optional) gets the agent's hello.
Result<std::unique_ptr<TlsLink>> open_client_link(const ClientEndpoint& c,
                                                  nlohmann::json* agent_hello = nullptr);

} // namespace tl::agent
