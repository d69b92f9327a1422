#pragma once
// The agent's state directory (docs/agent.md): its key and certificate (agent.key, agent.crt)
// and the fingerprint of the one service it trusts (trusted-service), all 0600 in a 0700
// directory; and what the agent may read and restore into (the --allow roots).
#include <string>
#include <vector>

#include "agent/identity.h"
#include "common/result.h"

namespace tl::agent {

// Makes the agent's key and certificate in `dir` (kept when there already).
Result<Identity> init_agent(const std::string& dir);
// Pins the service the agent talks to (replacing the one pinned before).
Status trust_service(const std::string& dir, const std::string& fingerprint);
// The pinned service's fingerprint; "" when none is pinned.
std::string trusted_service(const std::string& dir);

// The roots the agent reads from and restores into: a path is allowed when it is one of them
// or below one, after resolving symlinks of the part that exists. No roots: everything.
class AllowList {
public:
    static Result<AllowList> from(const std::vector<std::string>& roots);
    // InvalidArgument naming `path` and the roots when it is outside them or not absolute.
    Status check(const std::string& path, const std::string& what) const;
    const std::vector<std::string>& roots() const { return roots_; }

private:
    std::vector<std::string> roots_; // resolved, absolute
};

} // namespace tl::agent
