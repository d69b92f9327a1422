// `tapeloom-cli backup` while the service runs for the data directory: instead of failing on
// the data directory's lock (exit 4), the backup is submitted through the API as an ad-hoc run
// (POST /v1/backups) and followed until it ends; the job report and the exit code are those
// of `backup` (docs/api.md "backup while the service runs"). Ctrl-C cancels the job through
// the API. Without a service one is started (autostart), except for a backup with an option
// the service cannot take (--checkpoint...), which runs in this process as before.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

#include "agent/client_registry.h"
#include "client/service_client.h"
#include "commands/commands.h"
#include "common/units.h"
#include "exit_codes.h"
#include "job/backup_level.h"
#include "job/job_report.h"
#include "number_option.h"

namespace tl::cli {

namespace {
std::atomic<bool> g_backup_interrupted{false};

// Options of `backup` that a job definition has no field for.
constexpr const char* kLocalOnly[] = {"checkpoint", "poll-interval", "compare-hash", "progress"};

Status size_field(const Args& a, const char* option, const char* field, nlohmann::json& j) {
    if (!a.has(option)) return {};
    auto v = parse_size(a.get(option));
    if (!v)
        return make_error(ErrorKind::InvalidArgument,
                          std::string("--") + option + ": " + v.error().message);
    j[field] = v.value();
    return {};
}

Result<nlohmann::json> request_from(const Args& a) {
    for (const char* o : kLocalOnly)
        if (a.has(o))
            return make_error(ErrorKind::InvalidArgument,
                              std::string("--") + o +
                                  " is not available while the service runs the data directory's "
                                  "jobs; leave it out, or stop the service (tapeloom-cli service "
                                  "stop)");
    nlohmann::json j = {{"level", a.get("level", "full")}};
    auto sources = a.all("source");
    for (const auto& w : a.words())
        sources.push_back(w);
    // The service's working directory is not this one: a relative path is made absolute here.
    for (auto& src : sources) {
        if (a.has("client")) break; // a client's paths are the client's (absolute, checked there)
        auto path = source_for_service(a, src);
        if (!path) return path.error();
        src = path.value();
    }
    // --client NAME: its trees as the sources that name it (docs/agent.md).
    if (a.has("client"))
        for (auto& src : sources)
            if (!agent::split_client_source(src)) src = agent::client_source(a.get("client"), src);
    j["sources"] = sources;
    for (auto [option, field] :
         {std::pair{"name", "name"}, std::pair{"pool", "pool"}, std::pair{"library", "library"},
          std::pair{"compression", "compression"}, std::pair{"encryption", "encryption"},
          std::pair{"key", "key"}, std::pair{"encrypt-names", "encrypt_names"}})
        if (a.has(option)) j[field] = a.get(option);
    if (a.has("include")) j["include"] = a.all("include");
    if (a.has("exclude")) j["exclude"] = a.all("exclude");
    if (a.has("one-file-system")) j["one_file_system"] = true;
    for (auto [option, max, field] : {std::tuple{"drives", 1024, "drives"},
                                      std::tuple{"sessions-per-drive", 32, "sessions_per_drive"}})
        if (a.has(option)) {
            auto v = count_option(a, option, 1, max, 0);
            if (!v) return v.error();
            j[field] = v.value();
        }
    TL_TRY(size_field(a, "block-size", "block_size", j));
    TL_TRY(size_field(a, "read-buffer", "read_buffer", j));
    return j;
}

// How long to wait before asking again, after `asked` polls: 20 ms for the first minute, so a
// short backup's end is seen at once (200 ms polls left 100 ms on average between the job's
// end and the report, issue 17), then every 200 ms.
std::chrono::milliseconds poll_interval(int asked) {
    return std::chrono::milliseconds(asked < 3000 ? 20 : 200);
}

// Follows queue entry `id` until its run ended; Ctrl-C asks the service to cancel it once.
Result<client::QueueEntryState> follow(client::ServiceClient& c, std::int64_t id) {
    bool cancel_sent = false;
    for (int asked = 0;; ++asked) {
        if (g_backup_interrupted && !cancel_sent) {
            cancel_sent = true;
            if (auto st = c.cancel(id); !st && st.error().kind != ErrorKind::NotFound)
                return st.error();
        }
        auto e = c.queue_entry(id);
        if (!e) return c.stopped(e.error(), "queue entry " + std::to_string(id));
        if (e->state == "ended") return e.value();
        std::this_thread::sleep_for(poll_interval(asked));
    }
}

int report_ended(Context& ctx, client::ServiceClient& c, const client::QueueEntryState& ended) {
    if (ended.job == 0)
        return ctx.fail(make_error(
            ErrorKind::Internal, "the service ran the backup but recorded no job: " + ended.error));
    auto j = c.job(ended.job);
    if (!j) return ctx.fail(j.error());
    const std::string recorded = j->value("status", std::string());
    if (recorded == "running" || recorded == "waiting") {
        // The run ended but its end did not reach the catalog (a full disk): no stale report.
        ctx.err() << "tapeloom-cli: warning: job " << ended.job << " ended " << ended.status
                  << ", but the catalog could not record its end (it still says " << recorded
                  << "); see the service's log\n";
        if (ended.status == "failed")
            ctx.err() << "tapeloom-cli: error: backup failed: " << ended.error << "\n";
        return exit_code_for_job_status(ended.status);
    }
    if (ctx.json())
        ctx.print_json(j.value());
    else
        ctx.out() << job::format_report(job::report_from_json(j.value()))
                  << job::format_level_fields(j.value());
    if (j->contains("level_promotion"))
        ctx.err() << "tapeloom-cli: warning: " << (*j)["level_promotion"].get<std::string>()
                  << "\n";
    if (ended.status == "failed")
        ctx.err() << "tapeloom-cli: error: backup failed: " << ended.error << "\n";
    return exit_code_for_job_status(ended.status);
}

int backup_through_service(Context& ctx, client::ServiceClient& c) {
    if (auto lv = job::parse_backup_level(ctx.args().get("level", "full")); !lv)
        return ctx.fail(lv.error());
    auto request = request_from(ctx.args());
    if (!request) return ctx.fail(request.error());
    auto id = c.submit_backup(request.value());
    if (!id) return ctx.fail(id.error());
    g_backup_interrupted = false;
    std::signal(SIGINT, [](int) { g_backup_interrupted = true; });
    std::signal(SIGTERM, [](int) { g_backup_interrupted = true; });
    auto ended = follow(c, id.value());
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (!ended) return ctx.fail(ended.error());
    return report_ended(ctx, c, ended.value());
}
} // namespace

void route_backup_through_service(Registry& r) {
    for (auto& cmd : r) {
        if (cmd.path != std::vector<std::string>{"backup"}) continue;
        cmd.run = [local = cmd.run](Context& ctx) {
            // An option a job definition has no field for: no service is started for it.
            const bool local_only = std::any_of(std::begin(kLocalOnly), std::end(kLocalOnly),
                                                [&](const char* o) { return ctx.args().has(o); });
            if (local_only && !ctx.args().has("connect")) {
                auto c = client_for(ctx);
                if (!c->service()) return local(ctx);
                return backup_through_service(ctx, *c);
            }
            auto c = reach_service(ctx);
            if (!c) return ctx.fail(c.error());
            if (!c.value()) return local(ctx);
            return backup_through_service(ctx, *c.value());
        };
    }
}

} // namespace tl::cli
