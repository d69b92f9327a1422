// The reads that go to the service through its typed door (client/api.h, docs/api.md) rather
// than as a query running the command there: `jobs list` (GET /v1/jobs, page after page),
// `jobs show` (GET /v1/jobs/{id}), `volume list` (GET /v1/volumes[?library=]), `volume history`
// (GET /v1/volumes/{barcode}/history), `files versions` (GET /v1/files/versions), `volume health`
// (GET /v1/wear), `pool list` (GET /v1/pools), `schedule list|next` and `job list|show` (GET
// /v1/schedules, /v1/definitions[/{name}]), `client list|show` (GET /v1/clients[/{name}]), `status`
// (GET /v1/status), `queue list` (GET /v1/queue), `report --job ID` (GET
// /v1/jobs/{id}/report), `files find` (GET /v1/files/find) and `volume ls` (GET
// /v1/volumes/{barcode}/contents). The printers are those of the commands run here, so text,
// --json and exit codes are theirs; a next run is reckoned on this machine's clock, as the
// service's.
#include <chrono>

#include "client/service_api.h"
#include "commands/commands.h"
#include "commands/service_reads.h"
#include "commands/typed_door_runs.h"
#include "commands/wall_clock.h"
#include "common/path_json.h"
#include "media/volume_state.h"
#include "number_option.h"

namespace tl::cli {

namespace {
constexpr std::int64_t kPage = 10000;

// A NotFound of the service said as the command run here says it.
Error as_here(const Error& e, const std::string& message) {
    return e.kind == ErrorKind::NotFound ? make_error(ErrorKind::NotFound, message) : e;
}

int jobs_list(Context& ctx, client::Api& api) {
    const std::string status = ctx.args().get("status");
    if (ctx.args().has("status"))
        if (auto st = check_job_status(status); !st) return ctx.fail(st.error());
    std::vector<catalog::JobRecord> rows;
    for (std::int64_t offset = 0;; offset += kPage) {
        auto page = api.jobs(kPage, offset);
        if (!page) return ctx.fail(page.error());
        for (const auto& r : page->rows) {
            if (!status.empty() && r.status != status) continue;
            catalog::JobRecord j;
            j.id = r.id;
            j.kind = r.kind;
            j.name = r.name;
            j.level = r.level;
            j.status = r.status;
            j.started = r.started;
            j.ended = r.ended;
            j.files = static_cast<decltype(j.files)>(r.files);
            j.bytes = static_cast<decltype(j.bytes)>(r.bytes);
            j.waiting_for = r.waiting_for;
            rows.push_back(std::move(j));
        }
        if (page->rows.size() < static_cast<std::size_t>(kPage)) break;
    }
    print_job_rows(ctx, rows, wall_now());
    return 0;
}

int jobs_show(Context& ctx, client::Api& api) {
    if (ctx.args().words().empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "jobs show needs a job ID; see tapeloom-cli jobs list"));
    const std::string id = ctx.args().words().front();
    auto job_id = parse_id("a job ID", id);
    if (!job_id) return ctx.fail(job_id.error());
    auto job = api.job(job_id.value());
    if (!job)
        return ctx.fail(
            as_here(job.error(), "job " + id + " does not exist; see tapeloom-cli jobs list"));
    print_job(ctx, job.value());
    return 0;
}

int volumes_through_service(Context& ctx, client::Api& api) {
    const std::string pool = ctx.args().get("pool"), state = ctx.args().get("state");
    if (!state.empty() && !media::parse_volume_state(state))
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "--state " + state +
                                       ": use blank, append, full, used, recyclable, error, "
                                       "read-only, disabled or cleaning"));
    if (!pool.empty())
        if (auto p = api.pool(pool); !p) return ctx.fail(p.error());
    // --library selects by the volume's library column, which a volume outside does not show:
    // the service filters.
    auto all = ctx.args().has("library") ? api.volumes_in_library(ctx.args().get("library"))
                                         : api.volumes();
    if (!all) return ctx.fail(all.error());
    std::vector<client::Volume> shown;
    for (auto& v : all.value())
        if ((pool.empty() || v.pool == pool) && (state.empty() || v.state == state))
            shown.push_back(std::move(v));
    print_volumes(ctx, shown);
    return 0;
}

int volume_history(Context& ctx, client::Api& api) {
    const auto& w = ctx.args().words();
    const std::string bc = !w.empty() ? w.front() : ctx.args().get("barcode");
    if (bc.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "volume history needs a BARCODE"));
    auto h = api.volume_history(bc);
    if (!h) return ctx.fail(h.error());
    print_volume_history(ctx, h.value());
    return 0;
}

int files_versions(Context& ctx, client::Api& api) {
    auto path = versions_path(ctx.args());
    if (!path) return ctx.fail(path.error());
    auto versions = api.file_versions(path.value());
    if (!versions) return ctx.fail(versions.error());
    return print_file_versions(ctx, path.value(), versions.value());
}

int volume_health(Context& ctx, client::Api& api) {
    const auto& w = ctx.args().words();
    auto rows = api.volume_health(w.empty() ? ctx.args().get("barcode") : w.front());
    if (!rows) return ctx.fail(rows.error());
    print_volume_health(ctx, rows.value());
    return 0;
}

int pool_list(Context& ctx, client::Api& api) {
    auto all = api.pools();
    if (!all) return ctx.fail(all.error());
    print_pools(ctx, all.value());
    return 0;
}

// The schedules of the definition the command names (NotFound when there is none), or all.
Result<std::vector<client::Schedule>> schedules_shown(Context& ctx, client::Api& api) {
    const auto& w = ctx.args().words();
    const std::string name = w.empty() ? "" : w.front();
    if (!name.empty())
        if (auto d = api.definition(name); !d) return d.error();
    auto all = api.schedules();
    if (!all) return all.error();
    std::vector<client::Schedule> shown;
    for (auto& s : all.value())
        if (name.empty() || s.definition == name) shown.push_back(std::move(s));
    return shown;
}

int schedule_list(Context& ctx, client::Api& api) {
    auto shown = schedules_shown(ctx, api);
    if (!shown) return ctx.fail(shown.error());
    print_schedules(ctx, shown.value(), wall_now());
    return 0;
}

int schedule_next(Context& ctx, client::Api& api) {
    auto days = next_runs_days(ctx.args());
    if (!days) return ctx.fail(days.error());
    auto shown = schedules_shown(ctx, api);
    if (!shown) return ctx.fail(shown.error());
    print_next_runs(ctx, shown.value(), wall_now(), days.value());
    return 0;
}

int job_list(Context& ctx, client::Api& api) {
    auto all = api.definitions();
    if (!all) return ctx.fail(all.error());
    print_definitions(ctx, all.value(), wall_now());
    return 0;
}

int job_show(Context& ctx, client::Api& api) {
    if (ctx.args().words().empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "job show needs a job definition NAME; see tapeloom-cli job "
                                   "list"));
    auto d = api.definition(ctx.args().words().front());
    if (!d) return ctx.fail(d.error());
    return print_definition(ctx, d.value(), wall_now());
}

int status(Context& ctx, client::Api& api) {
    auto s = api.status();
    if (!s) return ctx.fail(s.error());
    print_status(ctx, s.value());
    return 0;
}

// `volume ls BARCODE`: the tape's contents read in the service's library.
int volume_ls_through_service(Context& ctx, client::Api& api) {
    auto barcode = volume_ls_barcode(ctx.args());
    if (!barcode) return ctx.fail(barcode.error());
    auto contents = api.volume_contents(barcode.value(), ctx.args().get("library"));
    if (!contents) return ctx.fail(contents.error());
    return print_volume_contents(ctx, contents->document);
}

// `files find PATTERN`: the entries as their --json rows (a name that is not UTF-8 as {"hex"}).
int files_find_through_service(Context& ctx, client::Api& api) {
    auto search = file_search_of(ctx.args());
    if (!search) return ctx.fail(search.error());
    auto found = api.find_files(search.value());
    if (!found) return ctx.fail(found.error());
    nlohmann::json entries = nlohmann::json::array();
    for (const auto& e : found.value())
        entries.push_back({{"name", path_json(e.name)},
                           {"path", path_json(e.path)},
                           {"dir", e.dir},
                           {"size", e.size},
                           {"job", e.job},
                           {"source", path_json(e.source)}});
    print_found_files(ctx, entries);
    return 0;
}

// `report --job ID`; with --png the console beside this CLI draws the graphs from the report
// read through the service (also a remote one).
int report_through_service(Context& ctx, client::Api& api) {
    auto id = report_job_id(ctx.args());
    if (!id) return ctx.fail(id.error());
    auto r = api.job_report(id.value());
    if (!r)
        return ctx.fail(as_here(r.error(), "job " + ctx.args().get("job") +
                                               " does not exist; see tapeloom-cli jobs list"));
    return print_job_report(ctx, r->report, r->series);
}

int queue_list(Context& ctx, client::Api& api) {
    auto q = api.queue();
    if (!q) return ctx.fail(q.error());
    print_queue(ctx, q.value());
    return 0;
}

int client_list(Context& ctx, client::Api& api) {
    auto all = api.clients();
    if (!all) return ctx.fail(all.error());
    print_clients(ctx, all.value());
    return 0;
}

int client_show(Context& ctx, client::Api& api) {
    const auto& w = ctx.args().words();
    if (w.size() != 1)
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "client show takes one NAME"));
    auto c = api.client(w.front());
    if (!c)
        return ctx.fail(as_here(c.error(), "client " + w.front() +
                                               " is not added; see tapeloom-cli client list"));
    print_client(ctx, c.value());
    return 0;
}
} // namespace

std::optional<int> read_through_typed_door(Context& ctx, client::ServiceClient& c,
                                           const std::string& command) {
    static const ApiCommand kCalls[] = {{"jobs list", jobs_list},
                                        {"jobs show", jobs_show},
                                        {"volume list", volumes_through_service},
                                        {"pool list", pool_list},
                                        {"schedule list", schedule_list},
                                        {"job list", job_list},
                                        {"job show", job_show},
                                        {"client list", client_list},
                                        {"client show", client_show},
                                        {"status", status},
                                        {"schedule next", schedule_next},
                                        {"volume history", volume_history},
                                        {"files versions", files_versions},
                                        {"volume health", volume_health},
                                        {"queue list", queue_list},
                                        {"report", report_through_service},
                                        {"files find", files_find_through_service},
                                        {"volume ls", volume_ls_through_service}};
    return call_api_command(ctx, c, command, kCalls);
}

} // namespace tl::cli
