// How a command reaches the service: the one of its data directory on the Unix socket, or a
// remote one (--connect https://HOST:PORT with --token T or $TAPELOOM_TOKEN, and --ca-cert F
// for a certificate the system does not trust; docs/api.md "Remote access"), and autostart.
#include <cstdlib>
#include <filesystem>

#include "client/autostart.h"
#include "client/service_client.h"
#include "commands/commands.h"
#include "service/api_protocol.h"

namespace tl::cli {

std::unique_ptr<client::ServiceClient> client_for(const Context& ctx) {
    const auto& a = ctx.args();
    if (!a.has("connect")) return std::make_unique<client::ServiceClient>(ctx.home());
    client::RemoteService r;
    r.url = a.get("connect");
    r.token = a.get("token");
    if (r.token.empty())
        if (const char* env = std::getenv("TAPELOOM_TOKEN")) r.token = env;
    r.ca_cert = a.get("ca-cert");
    return std::make_unique<client::ServiceClient>(r);
}

bool works_remotely(const std::vector<std::string>& path) {
    std::string joined;
    for (const auto& w : path)
        joined += (joined.empty() ? "" : " ") + w;
    for (const char* c : {"backup", "queue cancel", "service status", "service stop", "events",
                          "audit", "key list", "key create", "key import", "token list", "monitor"})
        if (joined == c) return true;
    return !runs_here(path);
}

Result<std::string> path_for_service(const Args& a, const std::string& path,
                                     const std::string& what) {
    if (path.empty() || path.front() == '/') return path;
    if (a.has("connect"))
        return make_error(ErrorKind::InvalidArgument,
                          what + " '" + path +
                              "' is relative: with --connect it is a path on the "
                              "service's machine; give it as an absolute path there");
    return (std::filesystem::current_path() / path).lexically_normal().string();
}

Result<std::string> source_for_service(const Args& a, const std::string& source) {
    for (const char* kept : {"cmd:", "client:"})
        if (source.rfind(kept, 0) == 0) return source;
    for (const std::string kind : {"raw:", "sqlite:"})
        if (source.rfind(kind, 0) == 0) {
            auto path = path_for_service(a, source.substr(kind.size()), "source " + source);
            if (!path) return path.error();
            return kind + path.value();
        }
    return path_for_service(a, source, "source");
}

Status check_remote_options(const Args& a) {
    if (!a.has("connect")) {
        for (const char* o : {"token", "ca-cert"})
            if (a.has(o))
                return make_error(ErrorKind::InvalidArgument,
                                  std::string("--") + o + " goes with --connect https://HOST:PORT");
        return {};
    }
    if (a.get("connect").rfind("https://", 0) != 0)
        return make_error(ErrorKind::InvalidArgument,
                          "--connect takes https://HOST:PORT (remote access is HTTPS only), not '" +
                              a.get("connect") + "'");
    if (a.get("token").empty() && !std::getenv("TAPELOOM_TOKEN"))
        return make_error(ErrorKind::InvalidArgument,
                          "--connect needs --token T (or $TAPELOOM_TOKEN): a token made with "
                          "tapeloom-cli token add NAME on the service's machine");
    return {};
}

Result<std::unique_ptr<client::ServiceClient>> reach_service(Context& ctx) {
    auto c = client_for(ctx);
    if (ctx.args().has("connect") || c->service()) return c;
    // $TAPELOOM_AUTOSTART=0 (or no, off): a command runs in this process when no service runs.
    if (client::autostart_off_in_environment() && !ctx.args().has("no-autostart"))
        return std::unique_ptr<client::ServiceClient>{};
    return connect_or_start(ctx);
}

Result<std::unique_ptr<client::ServiceClient>> connect_or_start(Context& ctx) {
    auto c = client_for(ctx);
    if (c->service() || ctx.args().has("connect")) return c;
    if (ctx.args().has("no-autostart"))
        return make_error(ErrorKind::NotFound,
                          "no service runs for " + ctx.home() +
                              " and --no-autostart was given; start it with tapeloom-cli --home '" +
                              ctx.home() + "' service start, or leave out --no-autostart");
    // Started for this command: it ends by itself when idle (docs/service.md "Idle exit").
    auto pid = start_service_process(
        ctx.home(), Args::from_parts({}, {{"idle-exit", {client::autostart_idle_exit()}}}));
    if (!pid) return pid.error();
    ctx.err() << "tapeloom-cli: started the service of " << ctx.home() << " (pid " << pid.value()
              << "; log " << ctx.home() << "/logs/service.log; stop it with tapeloom-cli "
              << "service stop)\n";
    return c;
}

} // namespace tl::cli
