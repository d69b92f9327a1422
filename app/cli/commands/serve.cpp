// tapeloom-cli serve: the scheduler service, headless, until SIGTERM or SIGINT
// (resources/systemd/tapeloom.service installs it as a systemd unit).
#include <atomic>
#include <csignal>

#include <unistd.h>

#include "commands/commands.h"
#include "common/clock.h"
#include "common/home.h"
#include "common/log.h"
#include "common/units.h"
#include "schedule/service.h"

namespace tl::cli {

namespace {
std::atomic<bool> g_serve_stop{false}; // set by SIGTERM/SIGINT; the service loop polls it

Result<std::size_t> limit(const Args& a, const char* name, std::size_t fallback) {
    if (!a.has(name)) return fallback;
    const std::string v = a.get(name);
    char* end = nullptr;
    const long n = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end || n < 0 || n > 1000)
        return make_error(ErrorKind::InvalidArgument,
                          std::string("--") + name + " takes 0 (no limit)..1000, not '" + v + "'");
    return static_cast<std::size_t>(n);
}

int serve(Context& ctx) {
    const auto& a = ctx.args();
    schedule::ServiceOptions o;
    o.home = ctx.home();
    for (auto [name, out] : {std::pair{"max-jobs", &o.limits.max_jobs},
                             std::pair{"max-jobs-per-library", &o.limits.max_jobs_per_library},
                             std::pair{"max-jobs-per-pool", &o.limits.max_jobs_per_pool}}) {
        auto v = limit(a, name, *out);
        if (!v) return ctx.fail(v.error());
        *out = v.value();
    }
    if (a.has("tick")) {
        auto v = parse_seconds(a.get("tick"));
        if (!v || v.value() < 0.1 || v.value() > 3600)
            return ctx.fail(
                make_error(ErrorKind::InvalidArgument, "--tick takes 100ms..1h, e.g. 1s"));
        o.tick_seconds = v.value();
    }
    auto prune = prune_every(a);
    if (!prune) return ctx.fail(prune.error());
    o.prune_every_seconds = prune.value();
    for (const std::string& dir : {o.home, o.home + "/logs"})
        if (auto st = ensure_private_directory(dir); !st) return ctx.fail(st.error());
    if (auto st = log::add_file(o.home + "/logs/tapeloom.log"); !st) return ctx.fail(st.error());
    g_serve_stop = false;
    std::signal(SIGTERM, [](int) { g_serve_stop = true; });
    std::signal(SIGINT, [](int) { g_serve_stop = true; });
    std::signal(SIGPIPE, SIG_IGN);
    if (!ctx.json())
        ctx.err() << "tapeloom-cli: serving " << o.home << " (pid " << getpid()
                  << "); stop with SIGTERM or Ctrl-C\n";
    SystemClock clock;
    auto st = schedule::run_service(o, clock, g_serve_stop);
    std::signal(SIGTERM, SIG_DFL);
    std::signal(SIGINT, SIG_DFL);
    if (!st) return ctx.fail(st.error());
    return 0;
}
} // namespace

void add_serve_commands(Registry& r) {
    r.push_back({{"serve"},
                 "[--max-jobs N] [--max-jobs-per-library N] [--max-jobs-per-pool N] [--tick 1s] "
                 "[--prune-every 24h]",
                 "run the scheduler service until SIGTERM/SIGINT (docs/schedules.md); it "
                 "applies retention (prune) when it starts and every --prune-every (0: never)",
                 {"max-jobs", "max-jobs-per-library", "max-jobs-per-pool", "tick", "prune-every"},
                 {},
                 serve});
}

} // namespace tl::cli
