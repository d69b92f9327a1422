// tapeloom-agent: runs on a client; the service backs up and restores its trees through it
// over mutual TLS with pinned certificates (docs/agent.md).
#include <iostream>

#include "agent/agent_server.h"
#include "agent/agent_state.h"
#include "agent/identity.h"
#include "agent_args.h"
#include "common/log.h"
#include "common/version.h"

namespace {

constexpr const char* kUsage =
    "usage: tapeloom-agent init --state DIR\n"
    "       tapeloom-agent trust --state DIR --server-fingerprint FP\n"
    "       tapeloom-agent serve --state DIR --listen HOST:PORT [--allow PATH]... "
    "[--log-level info]\n"
    "init makes the agent's key and certificate and prints its fingerprint (give it to\n"
    "tapeloom-cli client add); trust pins the service's fingerprint (client add printed it);\n"
    "serve answers that service only, reading and restoring only below the --allow paths\n"
    "(none: everything this user may).\n";

// Exit codes as tapeloom-cli's (docs/cli.md): 0 ok, 1 failure, 2 usage, 3 not found.
int fail(const tl::Error& e) {
    std::cerr << "tapeloom-agent: error: " << e.message << "\n";
    switch (e.kind) {
    case tl::ErrorKind::InvalidArgument:
        return 2;
    case tl::ErrorKind::NotFound:
        return 3;
    default:
        return 1;
    }
}

int run(const tl::agent_app::AgentArgs& a) {
    using namespace tl::agent;
    const std::string state = a.get("state");
    if (a.command == "init") {
        if (auto st = require(a, {"state"}); !st) return fail(st.error());
        auto id = init_agent(state);
        if (!id) return fail(id.error());
        std::cout << id->fingerprint << "\n";
        std::cerr << "tapeloom-agent: key in " << state
                  << "; add this client on the server with: tapeloom-cli client add NAME "
                     "--address HOST:PORT --fingerprint "
                  << id->fingerprint << "\n";
        return 0;
    }
    if (a.command == "trust") {
        if (auto st = require(a, {"state", "server-fingerprint"}); !st) return fail(st.error());
        auto fp = normalize_fingerprint(a.get("server-fingerprint"));
        if (!fp) return fail(fp.error());
        if (auto st = trust_service(state, fp.value()); !st) return fail(st.error());
        std::cout << "this agent now trusts the service " << fp.value() << "\n";
        return 0;
    }
    if (auto st = require(a, {"state", "listen"}); !st) return fail(st.error());
    if (auto lv = tl::log::parse_level(a.get("log-level").empty() ? "info" : a.get("log-level")))
        tl::log::set_console(lv.value());
    else
        return fail(lv.error());
    AgentOptions o{state, a.get("listen"), {}};
    if (auto it = a.options.find("allow"); it != a.options.end()) o.allow = it->second;
    auto st = serve_agent(o, [](const std::string& address, const std::string& fingerprint) {
        std::cout << "listening on " << address << " as " << fingerprint << std::endl;
    });
    return st ? 0 : fail(st.error());
}

} // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
        std::cout << kUsage;
        return 0;
    }
    if (argc >= 2 && std::string(argv[1]) == "--version") {
        std::cout << "tapeloom-agent " << tl::engine_version() << "\n";
        return 0;
    }
    auto a = tl::agent_app::parse_agent_args(argc, argv);
    if (!a) {
        const int code = fail(a.error());
        std::cerr << kUsage;
        return code;
    }
    return run(a.value());
}
