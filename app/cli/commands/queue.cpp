// tapeloom-cli queue list|cancel: the scheduler service's waiting and running jobs. These read
// the catalog directly (not through the engine's data-directory lock), so they work while the
// service runs a job.
#include <filesystem>
#include <iomanip>

#include "api/catalog_ops.h"
#include "api/schedule_ops.h"
#include "catalog/catalog_location.h"
#include "client/service_client.h"
#include "commands/commands.h"
#include "commands/service_reads.h"
#include "schedule/calendar.h"
#include "schedule/service_lock.h"
#include "shapes/queue_json.h"

namespace tl::cli {

void print_queue(Context& ctx, const client::Queue& q) {
    if (ctx.json()) return ctx.print_json(q.document);
    const long service = q.service_pid;
    auto& o = ctx.out();
    o << (service ? "Scheduler service: running (pid " + std::to_string(service) + ")\n"
                  : std::string("Scheduler service: not running (start it with tapeloom-cli "
                                "serve)\n"));
    o << std::left << std::setw(6) << "ID" << std::setw(20) << "JOB" << std::setw(6) << "LEVEL"
      << std::setw(9) << "STATE" << std::setw(9) << "REASON" << std::setw(8) << "ATTEMPT"
      << "SINCE / NOT BEFORE\n";
    for (const auto& e : q.entries)
        o << std::left << std::setw(6) << e.id << std::setw(20) << e.definition << std::setw(6)
          << e.level << std::setw(9)
          << (e.cancel_requested ? "stopping" : schedule::to_string(e.state)) << std::setw(9)
          << e.reason << std::setw(8) << e.attempt
          << schedule::format_local(e.state == schedule::QueueEntry::State::Running ? e.started
                                                                                    : e.not_before)
          << "\n";
    if (q.entries.empty()) o << "(the queue is empty)\n";
}

namespace {
// The data directory's catalog wherever it is (the file, or the PostgreSQL database of
// --catalog, $TAPELOOM_CATALOG or catalog use).
Result<CatalogHandle> open_catalog(Context& ctx, bool read_only) {
    const std::string path = catalog::catalog_location(ctx.home());
    if (!catalog::is_postgres_url(path) && !std::filesystem::exists(path))
        return make_error(ErrorKind::NotFound,
                          "no catalog in " + ctx.home() +
                              "; nothing was ever queued there (check --home)");
    return read_only ? CatalogHandle::open_read_only(path) : CatalogHandle::open(path, false);
}

int queue_list(Context& ctx) {
    auto db = open_catalog(ctx, true);
    if (!db) return ctx.fail(db.error());
    auto entries = schedule::queue_store(db.value()).list();
    if (!entries) return ctx.fail(entries.error());
    const long service = schedule::service_holder(ctx.home());
    auto typed = client::queue_from_json(shapes::queue_json(service, entries.value()));
    if (!typed) return ctx.fail(typed.error());
    print_queue(ctx, typed.value());
    return 0;
}

int queue_cancel(Context& ctx) {
    if (ctx.args().words().empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "queue cancel needs an entry ID; see tapeloom-cli queue list"));
    const std::string id = ctx.args().words().front();
    char* end = nullptr;
    const long long n = std::strtoll(id.c_str(), &end, 10);
    if (id.empty() || *end || n <= 0)
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "queue cancel takes an entry ID (a number), not '" + id + "'"));
    // The service of the data directory acts on it at once (POST /v1/queue/{id}/cancel).
    auto c = client_for(ctx);
    if (auto info = c->service(); info || ctx.args().has("connect")) {
        if (!info) return ctx.fail(info.error());
        if (auto st = c->cancel(n); !st) return ctx.fail(st.error());
        if (ctx.json())
            ctx.print_json({{"cancelled", n}, {"service_pid", info->pid}});
        else
            ctx.out() << "Queue entry " << id << " cancelled by the service (pid " << info->pid
                      << "); a running job ends as cancelled.\n";
        return 0;
    }
    auto db = open_catalog(ctx, false);
    if (!db) return ctx.fail(db.error());
    auto queue = schedule::queue_store(db.value());
    if (auto st = queue.request_cancel(n); !st) return ctx.fail(st.error());
    const long service = schedule::service_holder(ctx.home());
    if (!service) { // nobody would act on the request: the entry just leaves the queue
        if (auto st = queue.remove(n); !st) return ctx.fail(st.error());
    }
    if (ctx.json())
        ctx.print_json({{"cancelled", n}, {"service_pid", service}});
    else
        ctx.out() << (service ? "Cancel requested for queue entry " + id +
                                    "; the service stops it within a second or two "
                                    "(a running job ends as cancelled).\n"
                              : "Queue entry " + id + " removed (no service was running).\n");
    return 0;
}
} // namespace

void add_queue_commands(Registry& r) {
    r.push_back({{"queue", "list"},
                 "",
                 "jobs waiting and running in the scheduler service",
                 {},
                 {},
                 queue_list});
    reads_only(r);
    r.push_back({{"queue", "cancel"},
                 "ID",
                 "cancel a queued or running job of the service",
                 {},
                 {},
                 queue_cancel});
}

} // namespace tl::cli
