#pragma once
// tapeloom-agent's command line: a command word, then --name value options (--allow may
// repeat); InvalidArgument naming a bad one.
#include <map>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::agent_app {

struct AgentArgs {
    std::string command; // init | trust | serve
    std::map<std::string, std::vector<std::string>> options;
    std::string get(const std::string& name) const {
        auto it = options.find(name);
        return it == options.end() || it->second.empty() ? "" : it->second.back();
    }
};

// `allowed`: the options of each command.
Result<AgentArgs> parse_agent_args(int argc, char** argv);
// Every option `required` of the command given; InvalidArgument naming the first missing.
Status require(const AgentArgs& a, const std::vector<std::string>& required);

} // namespace tl::agent_app
