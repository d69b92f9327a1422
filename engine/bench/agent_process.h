#pragma once
// The real tapeloom-agent programs `bench agent` runs (issue 41): `init` and `trust` on a state
// directory of their own, and `serve` on 127.0.0.1 as a child process whose CPU (user + system,
// from wait4) the bench reports once it has stopped it.
#include <string>
#include <vector>

#include <sys/types.h>

#include "common/result.h"

namespace tl::bench {

// A serving agent. The destructor kills one still running, so no error path leaves it behind.
class AgentChild {
public:
    AgentChild() = default;
    AgentChild(const AgentChild&) = delete;
    AgentChild& operator=(const AgentChild&) = delete;
    ~AgentChild();

    std::string state;       // its state directory
    std::string log;         // its stderr
    std::string address;     // 127.0.0.1:PORT it listens on
    std::string fingerprint; // its certificate's, as init printed it

    // SIGTERM and wait: the CPU seconds the process used in its life (wait4's rusage).
    Result<double> stop();

private:
    friend Result<void> start_serving(AgentChild& a, const std::string& program,
                                      const std::vector<std::string>& allow);
    pid_t pid_ = -1;
};

// `program init --state a.state`: its fingerprint into a.fingerprint.
Status init_agent_state(AgentChild& a, const std::string& program);
// `program trust --state a.state --server-fingerprint fp`.
Status trust_service_of(const AgentChild& a, const std::string& program, const std::string& fp);
// `program serve --state a.state --listen 127.0.0.1:0 --allow ...` with stderr into a.log,
// waiting (at most 30 s) for the address it prints.
Status start_serving(AgentChild& a, const std::string& program,
                     const std::vector<std::string>& allow);

} // namespace tl::bench
