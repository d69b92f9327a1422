// `job run NAME` through the service's typed door: the definition's backup queued in the
// service's scheduler (POST /v1/backups {"definition", "level"}), followed until its run ended
// (GET /v1/queue/{id}; Ctrl-C cancels it), then its report read (GET /v1/jobs/{id}) and printed
// as `job run` run here prints it, with its exit code. The run keeps the queue's rules (the
// definition's priority, no second run of it at once unless it allows that).
#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

#include "client/service_api.h"
#include "commands/commands.h"
#include "commands/typed_door_runs.h"

namespace tl::cli {

namespace {
std::atomic<bool> g_run_interrupted{false};

Result<client::QueuedRun> follow(client::Api& api, client::ServiceClient& c, std::int64_t id) {
    bool cancel_sent = false;
    for (;;) {
        if (g_run_interrupted && !cancel_sent) {
            cancel_sent = true;
            if (auto st = api.cancel_queue_entry(id); !st && st.error().kind != ErrorKind::NotFound)
                return st.error();
        }
        auto e = api.queued_run(id);
        if (!e) return c.stopped(e.error(), "queue entry " + std::to_string(id));
        if (e->ended()) return e.value();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

int job_run(Context& ctx, client::ServiceClient& c) {
    const std::string level = ctx.args().get("level", "full");
    if (level != "full" && level != "diff" && level != "incr")
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "--level is full, diff or incr, not '" + level + "'"));
    if (ctx.args().words().empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "job run needs a job definition NAME; see tapeloom-cli job "
                                   "list"));
    const std::string name = ctx.args().words().front();
    client::ServiceApi api(c);
    if (auto d = api.definition(name); !d) return ctx.fail(d.error());
    client::QueueBackupRequest request;
    request.definition = name;
    request.level = level;
    auto id = api.queue_backup(request);
    if (!id) return ctx.fail(id.error());
    g_run_interrupted = false;
    std::signal(SIGINT, [](int) { g_run_interrupted = true; });
    std::signal(SIGTERM, [](int) { g_run_interrupted = true; });
    auto ended = follow(api, c, id.value());
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (!ended) return ctx.fail(ended.error());
    if (ended->job == 0)
        return ctx.fail(
            make_error(ErrorKind::Internal,
                       "the service ran job '" + name + "' but recorded no job: " + ended->error));
    auto job = api.job(ended->job);
    if (!job) return ctx.fail(job.error());
    if (!job->report)
        return ctx.fail(make_error(ErrorKind::Io, "job " + std::to_string(ended->job) + " ended " +
                                                      ended->status +
                                                      ", but the catalog holds no report of it; "
                                                      "see the service's log"));
    return print_job_run(ctx, name, *job->report);
}
} // namespace

std::optional<int> run_through_typed_door(Context& ctx, client::ServiceClient& c,
                                          const std::string& command) {
    if (command == "job run") return job_run(ctx, c);
    return std::nullopt;
}

} // namespace tl::cli
