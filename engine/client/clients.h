#pragma once
// The typed door's clients (api.h): the machines whose tapeloom-agent the service backs up
// (docs/agent.md), as `client list --json` shows one.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::client {

// POST /v1/clients: the agent's name, HOST:PORT and the SHA-256 fingerprint of its certificate.
struct NewClient {
    std::string name, address, fingerprint;
};

struct AgentClient {
    std::string name, address, fingerprint;
    long long added = 0;
    std::string version, os; // the agent's at the last contact; empty before
    std::optional<long long> last_seen, last_backup; // unix seconds; none: never
    std::optional<bool> online;                      // at the last contact; none before any
    std::optional<long long> last_backup_bytes;      // source bytes the last backup read
    std::string service_fingerprint; // add_client only: the fingerprint the agent is to trust
    nlohmann::json document;         // as the service sent it
};

Result<AgentClient> agent_client_from_json(const nlohmann::json& j);

} // namespace tl::client
