// `job export FILE` and `job import FILE` through the service's typed door: the file is
// written and read here, by the caller (a relative FILE is the caller's), the definitions read
// with GET /v1/definitions and stored with POST /v1/definitions/import.
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
int job_export(Context& ctx, client::Api& api) {
    if (ctx.args().words().empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "job export needs a FILE (or - for standard output)"));
    auto defs = api.definitions();
    if (!defs) return ctx.fail(defs.error());
    return write_definitions(ctx, ctx.args().words().front(), defs.value());
}

int job_import(Context& ctx, client::Api& api) {
    auto doc = definitions_file(ctx.args());
    if (!doc) return ctx.fail(doc.error());
    auto n = api.import_definitions(doc.value(), ctx.args().has("replace"));
    if (!n) return ctx.fail(n.error());
    print_definitions_imported(ctx, ctx.args().words().front(), n.value());
    return 0;
}
} // namespace

std::optional<int> definitions_through_typed_door(Context& ctx, client::ServiceClient& c,
                                                  const std::string& command) {
    if (command != "job export" && command != "job import") return std::nullopt;
    client::ServiceApi api(c);
    return command == "job export" ? job_export(ctx, api) : job_import(ctx, api);
}

std::optional<int> run_through_typed_door(Context& ctx, client::ServiceClient& c,
                                          const std::string& command) {
    if (command == "job run") return job_run(ctx, c);
    return std::nullopt;
}

} // namespace tl::cli
