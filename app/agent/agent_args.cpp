#include "agent_args.h"

#include <set>

namespace tl::agent_app {

namespace {
const std::map<std::string, std::set<std::string>> kOptions = {
    {"init", {"state"}},
    {"trust", {"state", "server-fingerprint"}},
    {"serve", {"state", "listen", "allow", "log-level"}},
};
} // namespace

Result<AgentArgs> parse_agent_args(int argc, char** argv) {
    AgentArgs a;
    if (argc < 2)
        return make_error(ErrorKind::InvalidArgument,
                          "give a command: init, trust or serve (tapeloom-agent --help)");
    a.command = argv[1];
    const auto known = kOptions.find(a.command);
    if (known == kOptions.end())
        return make_error(ErrorKind::InvalidArgument,
                          "unknown command '" + a.command + "'; use init, trust or serve");
    for (int i = 2; i < argc; ++i) {
        const std::string word = argv[i];
        if (word.rfind("--", 0) != 0)
            return make_error(ErrorKind::InvalidArgument,
                              "unexpected '" + word + "'; options are --name value");
        std::string name = word.substr(2), value;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            return make_error(ErrorKind::InvalidArgument, "--" + name + " needs a value");
        }
        if (!known->second.count(name))
            return make_error(ErrorKind::InvalidArgument,
                              "'" + a.command + "' has no option --" + name);
        a.options[name].push_back(value);
    }
    return a;
}

Status require(const AgentArgs& a, const std::vector<std::string>& required) {
    for (const auto& r : required)
        if (a.get(r).empty())
            return make_error(ErrorKind::InvalidArgument,
                              "'" + a.command + "' needs --" + r + " (tapeloom-agent --help)");
    return {};
}

} // namespace tl::agent_app
