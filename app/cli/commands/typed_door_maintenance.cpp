// The catalog's maintenance through the service's typed door (client/api.h, docs/api.md
// "Resources") rather than as a task running the command there: `library fault` (GET or PATCH
// /v1/libraries/{name}/faults), `scan` (POST /v1/scans, then GET
// /v1/scans/{id} until it ended), `prune` (POST /v1/prunes), `catalog backup` (POST
// /v1/catalog/backups: a job, followed until it ended; Ctrl-C cancels it) and `restore
// --dry-run` (POST /v1/restore-plans); `restore --wait-for-media` asks for the plan every 2 s
// until no volume is missing (Ctrl-C stops the wait), then restores as `restore` does. Text,
// --json and exit codes are those of the command run here.
#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

#include "client/service_api.h"
#include "commands/commands.h"
#include "common/log.h"

namespace tl::cli {

namespace {
std::atomic<bool> g_wait_interrupted{false};

int scan_through_door(Context& ctx, client::ServiceClient& c) {
    client::ScanRequest request;
    request.barcodes = ctx.args().words();
    request.all = ctx.args().has("all");
    request.library = ctx.args().get("library");
    client::ServiceApi api(c);
    auto id = api.start_scan(request);
    if (!id) return ctx.fail(id.error());
    for (;;) {
        auto s = api.scan(id.value());
        if (!s) return ctx.fail(c.stopped(s.error(), "scan " + std::to_string(id.value())));
        if (s->error) return ctx.fail(*s->error);
        if (s->report) return print_scan(ctx, *s->report);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

int prune_through_door(Context& ctx, client::ServiceClient& c) {
    client::ServiceApi api(c);
    auto r = api.prune(ctx.args().has("dry-run"));
    if (!r) return ctx.fail(r.error());
    return print_prune(ctx, r.value());
}

int catalog_backup_through_door(Context& ctx, client::ServiceClient& c) {
    client::CatalogBackupRequest request;
    request.pool = ctx.args().get("pool");
    request.library = ctx.args().get("library");
    client::ServiceApi api(c);
    auto started = api.start_catalog_backup(request);
    if (!started) return ctx.fail(started.error());
    auto ended = follow_job(api, started->job);
    if (!ended)
        return ctx.fail(
            c.stopped(ended.error(), "catalog backup job " + std::to_string(started->job)));
    if (!ended->report)
        return ctx.fail(make_error(ErrorKind::Io, "catalog backup job " +
                                                      std::to_string(started->job) +
                                                      " ended without a report"));
    return print_catalog_backup(ctx, *ended->report, ended->document);
}

// `library fault`: the faults of --library, or of the first configured library.
int library_fault_through_door(Context& ctx, client::ServiceClient& c) {
    auto change = fault_change_of(ctx.args());
    if (!change) return ctx.fail(change.error());
    client::ServiceApi api(c);
    std::string library = ctx.args().get("library");
    if (library.empty()) {
        auto all = api.libraries();
        if (!all) return ctx.fail(all.error());
        if (all->empty())
            return ctx.fail(
                make_error(ErrorKind::NotFound,
                           "no library is configured; add one with 'tapeloom-cli library add'"));
        library = all->front().name;
    }
    auto faults = change->changes_anything() ? api.change_library_faults(library, change.value())
                                             : api.library_faults(library);
    if (!faults) return ctx.fail(faults.error());
    print_faults(ctx, faults->document);
    return 0;
}

std::string missing_volumes(const job::RestorePlan& p) {
    std::string list;
    for (const auto& m : p.missing)
        list += (list.empty() ? "" : ", ") + m;
    return list;
}

// Waits about 2 s; false when Ctrl-C came meanwhile.
bool pause_for_media() {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while (std::chrono::steady_clock::now() < until) {
        if (g_wait_interrupted) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return !g_wait_interrupted;
}

// The plan asked for until no volume is missing: nullopt then, else the exit code of the stop.
std::optional<int> wait_for_media(Context& ctx, client::Api& api,
                                  const client::RestoreRequest& request) {
    g_wait_interrupted = false;
    std::signal(SIGINT, [](int) { g_wait_interrupted = true; });
    std::signal(SIGTERM, [](int) { g_wait_interrupted = true; });
    std::optional<int> stop;
    std::string told;
    for (;;) {
        auto plan = api.plan_restore(request);
        if (!plan) {
            stop = ctx.fail(plan.error());
            break;
        }
        if (plan->missing.empty()) break;
        if (const auto list = missing_volumes(plan.value()); list != told) {
            told = list;
            log::get("cli")->warn("operator: insert volume(s) {} into a mail slot of {} and "
                                  "import them; waiting",
                                  list, request.library.empty() ? "the library" : request.library);
        }
        if (!pause_for_media()) {
            stop = ctx.fail(
                make_error(ErrorKind::Cancelled, "restore cancelled while waiting for volumes"));
            break;
        }
    }
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    return stop;
}
} // namespace

std::optional<int> restore_plan_through_typed_door(Context& ctx, client::ServiceClient& c,
                                                   const job::RestoreOptions& o) {
    const bool dry = ctx.args().has("dry-run");
    if (!dry && !o.wait_for_media) return std::nullopt;
    // The plan reads the same volumes wherever the files go: no client in its request.
    auto request = client::restore_request(o, "");
    if (!o.to.empty()) {
        auto target = path_for_service(ctx.args(), o.to, "--to");
        if (!target) return ctx.fail(target.error());
        request.target = target.value();
    }
    client::ServiceApi api(c);
    if (!dry) return wait_for_media(ctx, api, request);
    auto plan = api.plan_restore(request);
    if (!plan) return ctx.fail(plan.error());
    return print_restore_plan(ctx, plan.value());
}

std::optional<int> maintenance_through_typed_door(Context& ctx, client::ServiceClient& c,
                                                  const std::string& command) {
    if (command == "scan") return scan_through_door(ctx, c);
    if (command == "prune") return prune_through_door(ctx, c);
    if (command == "catalog backup") return catalog_backup_through_door(ctx, c);
    if (command == "library fault") return library_fault_through_door(ctx, c);
    return std::nullopt;
}

} // namespace tl::cli
