// tapeloom-cli service start|stop|status: the Tapeloom service of a data directory, which
// owns its engine and scheduler and serves the API on <home>/tapeloom.sock (docs/api.md).
// `service start` detaches (the child runs `service start --foreground` in a session of its
// own, its output in <home>/logs/service.log) and returns once the socket answers.
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "client/service_client.h"
#include "commands/commands.h"
#include "common/home.h"
#include "common/units.h"
#include "exit_codes.h"
#include "service/api_protocol.h"
#include "service/service.h"

namespace tl::cli {

namespace {
std::atomic<bool> g_stop{false}; // SIGTERM/SIGINT in the foreground service

Result<std::size_t> max_jobs(const Args& a) {
    if (!a.has("max-jobs")) return std::size_t{0};
    const std::string v = a.get("max-jobs");
    char* end = nullptr;
    const long n = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end || n < 0 || n > 1000)
        return make_error(ErrorKind::InvalidArgument,
                          "--max-jobs takes 0 (no limit)..1000, not '" + v + "'");
    return static_cast<std::size_t>(n);
}

} // namespace

Result<double> prune_every(const Args& a) {
    if (!a.has("prune-every")) return 24 * 3600.0;
    auto v = parse_seconds(a.get("prune-every"));
    if (!v || v.value() < 0)
        return make_error(ErrorKind::InvalidArgument,
                          "--prune-every takes a duration such as 24h or 6h (0: never), not '" +
                              a.get("prune-every") + "'");
    return v.value();
}

namespace {
// --idle-exit D (0: never, the default) and --idle-horizon D (24h): docs/service.md "Idle exit".
Result<service::IdleRule> idle_rule(const Args& a) {
    service::IdleRule rule;
    for (const char* name : {"idle-exit", "idle-horizon"}) {
        if (!a.has(name)) continue;
        auto v = parse_seconds(a.get(name));
        if (!v || v.value() < 0)
            return make_error(ErrorKind::InvalidArgument,
                              std::string("--") + name + " takes a duration such as 30m, 90s or " +
                                  "2h (0: never), not '" + a.get(name) + "'");
        (std::string(name) == "idle-exit" ? rule.idle_seconds : rule.schedule_horizon_seconds) =
            v.value();
    }
    return rule;
}

int run_foreground(Context& ctx, std::size_t jobs) {
    auto idle = idle_rule(ctx.args());
    if (!idle) return ctx.fail(idle.error());
    auto prune = prune_every(ctx.args());
    if (!prune) return ctx.fail(prune.error());
    service::ServiceConfig config;
    config.idle = idle.value();
    config.prune_every_seconds = prune.value();
    // Every path absolute, then the service runs in "/": no relative path a client sends
    // (refused by the API) or a file it opens depends on the directory it was started from.
    const auto absolute = [](const std::string& p) {
        return p.empty() ? p : std::filesystem::absolute(p).lexically_normal().string();
    };
    config.home = absolute(ctx.home());
    config.limits.max_jobs = jobs;
    config.listen = ctx.args().get("listen");
    config.tls_cert = absolute(ctx.args().get("tls-cert"));
    config.tls_key = absolute(ctx.args().get("tls-key"));
    if (auto st = ensure_private_directory(config.home); !st) return ctx.fail(st.error());
    if (::chdir("/") != 0)
        return ctx.fail(make_error(ErrorKind::Io,
                                   std::string("cannot change into /: ") + std::strerror(errno)));
    g_stop = false;
    auto svc = service::Service::open(config, g_stop);
    if (!svc) return ctx.fail(svc.error());
    std::signal(SIGTERM, [](int) { g_stop = true; });
    std::signal(SIGINT, [](int) { g_stop = true; });
    std::signal(SIGPIPE, SIG_IGN);
    ctx.err() << "tapeloom-cli: service of " << config.home << " running (pid " << getpid()
              << ") on " << service::socket_path(config.home) << "\n";
    auto st = svc.value()->run();
    std::signal(SIGTERM, SIG_DFL);
    std::signal(SIGINT, SIG_DFL);
    if (!st) return ctx.fail(st.error());
    return kOk;
}

// Waits until the stopped service of `home` is gone: its socket removed and the data directory's
// lock released. A service process that ended without removing its socket (it crashed) is an
// error naming its log, not a wait for ever.
Status wait_until_gone(const std::string& home, const std::string& socket, long pid) {
    struct stat st {};
    while (lstat(socket.c_str(), &st) == 0 || HomeLock::holder(home) != 0) {
        if (kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH && HomeLock::holder(home) == 0)
            return make_error(ErrorKind::Io,
                              "the service (pid " + std::to_string(pid) +
                                  ") ended without removing its socket " + socket +
                                  ": it did not stop cleanly, see " + home +
                                  "/logs/service.log; `service start` starts a new one");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return {};
}

int start_detached(Context& ctx) {
    const std::string home = ctx.home();
    client::ServiceClient client(home);
    if (auto info = client.service())
        return ctx.fail(make_error(ErrorKind::Busy, "the service of " + home +
                                                        " is running already (pid " +
                                                        std::to_string(info->pid) + ")"));
    auto pid = start_service_process(home, ctx.args());
    if (!pid) return ctx.fail(pid.error()); // the service's own message and exit code
    if (ctx.json())
        ctx.print_json({{"pid", pid.value()}, {"socket", client.socket()}});
    else
        ctx.out() << pid.value() << "\n";
    return kOk;
}

} // namespace

namespace {
int service_start(Context& ctx) {
    auto jobs = max_jobs(ctx.args());
    if (!jobs) return ctx.fail(jobs.error());
    if (auto prune = prune_every(ctx.args()); !prune) return ctx.fail(prune.error());
    if (ctx.args().has("foreground")) return run_foreground(ctx, jobs.value());
    return start_detached(ctx);
}

int service_stop(Context& ctx) {
    auto remote = client_for(ctx);
    auto& client = *remote;
    auto info = client.service();
    if (!info) return ctx.fail(info.error());
    if (auto st = client.stop(); !st) return ctx.fail(st.error());
    if (!ctx.args().has("connect"))
        if (auto gone = wait_until_gone(ctx.home(), client.socket(), info->pid); !gone)
            return ctx.fail(gone.error());
    if (ctx.json())
        ctx.print_json({{"stopped", info->pid}});
    else
        ctx.out() << "service of " << ctx.home() << " (pid " << info->pid << ") stopped\n";
    return kOk;
}

int service_status(Context& ctx) {
    auto remote = client_for(ctx);
    auto& client = *remote;
    auto info = client.service();
    if (!info && info.error().kind != ErrorKind::NotFound) return ctx.fail(info.error());
    if (!info) {
        if (ctx.json())
            ctx.print_json({{"running", false}, {"home", ctx.home()}});
        else
            ctx.out() << "service of " << ctx.home() << ": not running\n";
        return kNotFound;
    }
    if (ctx.json())
        ctx.print_json({{"running", true},
                        {"pid", info->pid},
                        {"home", info->home},
                        {"version", info->version},
                        {"api", info->api},
                        {"socket", client.socket()},
                        {"address", client.where()}});
    else
        ctx.out() << "service of " << info->home << ": running (pid " << info->pid << ", version "
                  << info->version << ", API v" << info->api << ") on " << client.where() << "\n";
    return kOk;
}
} // namespace

void add_service_commands(Registry& r) {
    r.push_back(
        {{"service", "start"},
         "[--foreground] [--max-jobs N] [--listen HOST:PORT --tls-cert F --tls-key F] "
         "[--idle-exit 30m [--idle-horizon 24h]] [--prune-every 24h]",
         "start the service of the data directory (engine, scheduler, API on "
         "<home>/tapeloom.sock; with --listen also HTTPS for token holders; "
         "docs/api.md); detached unless --foreground; with --idle-exit it ends after "
         "that long without clients, jobs or a schedule due within --idle-horizon; it "
         "applies retention (prune) when it starts and every --prune-every (0: never)",
         {"max-jobs", "listen", "tls-cert", "tls-key", "idle-exit", "idle-horizon", "prune-every"},
         {"foreground"},
         service_start});
    r.push_back({{"service", "stop"},
                 "",
                 "stop the service (running jobs are cancelled) and wait until it is gone",
                 {},
                 {},
                 service_stop});
    r.push_back({{"service", "status"},
                 "",
                 "whether the service runs: exit 0 running, 3 not running",
                 {},
                 {},
                 service_status});
}

} // namespace tl::cli
