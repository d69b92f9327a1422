#pragma once
// tapeloom-agent serve (docs/agent.md): listens for the trusted service, one thread per
// connection; each connection is a hello exchange and one request: a backup session or a
// restore. A refused peer (unknown certificate, another major version) is logged and dropped.
#include <functional>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::agent {

struct AgentOptions {
    std::string state_dir;
    std::string listen;             // HOST:PORT (port 0: a free one)
    std::vector<std::string> allow; // roots it may read and restore into; empty: everything
};

// Serves until the process ends. `on_listening` is told the address it listens on (with the
// port chosen) and the agent's fingerprint once connections are taken.
Status serve_agent(const AgentOptions& options,
                   const std::function<void(const std::string& address,
                                            const std::string& fingerprint)>& on_listening);

} // namespace tl::agent
