// The commands that go to the service through its typed door (client/api.h, docs/api.md) rather
// than as a task running the command there: `restore` (POST /v1/restores, then the job followed
// until it ended and its report printed as a restore run here prints it), `volume mark` (PATCH
// /v1/volumes/{barcode}) and `volume label --barcode` / `volume relabel` (POST
// /v1/volumes/{barcode}/label), `pool add|edit` (POST /v1/pools, PATCH /v1/pools/{name}). Text,
// --json and exit codes are those of the command run here.
#include <atomic>
#include <csignal>

#include "client/service_api.h"
#include "commands/commands.h"
#include "commands/typed_door_runs.h"
#include "commands/volume_mark_words.h"
#include "common/units.h"
#include "exit_codes.h"
#include "format/block.h"

namespace tl::cli {

namespace {
std::atomic<bool> g_door_interrupted{false};

// Waits for the restore's job; Ctrl-C asks the service to cancel it (the job then ends
// cancelled, and its report is printed as a cancelled restore run here prints it).
Result<client::Job> follow(client::Api& api, std::int64_t job) {
    g_door_interrupted = false;
    std::signal(SIGINT, [](int) { g_door_interrupted = true; });
    std::signal(SIGTERM, [](int) { g_door_interrupted = true; });
    bool cancel_sent = false;
    auto ended = client::wait_for_job(api, job, [&] {
        if (g_door_interrupted && !cancel_sent) {
            cancel_sent = true;
            (void)api.cancel_job(job); // NotFound: it ended meanwhile
        }
        return true;
    });
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    return ended;
}

std::optional<int> door_restore(Context& ctx, client::ServiceClient& c) {
    auto o = restore_options(ctx.args());
    if (!o) return ctx.fail(o.error());
    if (auto planned = restore_plan_through_typed_door(ctx, c, o.value())) return planned;
    client::ServiceApi api(c);
    auto request = client::restore_request(o.value(), ctx.args().get("client"));
    if (!o->to.empty()) {
        auto target = path_for_service(ctx.args(), o->to, "--to");
        if (!target) return ctx.fail(target.error());
        request.target = target.value();
    }
    auto started = api.start_restore(request);
    if (!started) return ctx.fail(started.error());
    auto ended = follow(api, started->job);
    if (!ended)
        return ctx.fail(c.stopped(ended.error(), "restore job " + std::to_string(started->job)));
    auto result = client::restore_result(ended.value());
    if (!result) return ctx.fail(result.error());
    print_restore_result(ctx, result.value());
    return exit_code_for_job_status(result->report.status);
}

void print_volume(Context& ctx, const client::Volume& v) {
    if (ctx.json()) return ctx.print_json(v.document);
    ctx.out() << "volume " << v.barcode << ": " << v.state << ", "
              << (v.location.where == "outside" ? "outside at " + v.location.site
                                                : "in library " + v.location.library)
              << "\n";
}

std::optional<int> door_mark(Context& ctx, client::ServiceClient& c) {
    auto words = mark_words(ctx.args().words());
    if (!words) return ctx.fail(words.error());
    const std::string bc = words->barcode, what = words->what;
    client::VolumeChange change;
    change.reason = ctx.args().get("reason");
    if (what == "read-only" || what == "disabled" || what == "enabled" || what == "error")
        change.state = what;
    else if (what == "damaged")
        change.state = "error";
    else if (what == "offsite")
        change.site = ctx.args().get("location");
    else // onsite
        change.onsite = true;
    change.library = ctx.args().get("library");
    client::ServiceApi api(c);
    auto v = api.change_volume(bc, change);
    if (!v) return ctx.fail(v.error());
    print_volume(ctx, v.value());
    return 0;
}

Result<std::optional<std::uint32_t>> block_size(const Args& a) {
    if (!a.has("block-size")) return std::optional<std::uint32_t>();
    auto b = parse_size(a.get("block-size"));
    if (!b) return b.error();
    TL_TRY(format::check_block_size(static_cast<std::size_t>(b.value())));
    return std::optional<std::uint32_t>(static_cast<std::uint32_t>(b.value()));
}

int label_one(Context& ctx, client::ServiceClient& c, const std::string& barcode,
              client::LabelRequest request) {
    auto bs = block_size(ctx.args());
    if (!bs) return ctx.fail(bs.error());
    request.block_size = bs.value();
    request.library = ctx.args().get("library");
    request.force = ctx.args().has("force");
    client::ServiceApi api(c);
    auto r = api.label_volume(barcode, request);
    if (!r) return ctx.fail(r.error());
    if (ctx.json()) {
        ctx.print_json(r->volume.document);
        return 0;
    }
    if (r->adopted)
        ctx.out() << "volume " << barcode << " adopted into pool " << r->volume.pool
                  << ": its label was on the cartridge but not in the catalog; nothing "
                     "was written";
    else
        ctx.out() << "volume " << barcode << " labeled for pool " << r->volume.pool;
    if (r->jobs_purged) ctx.out() << "; " << r->jobs_purged << " job(s) purged from the catalog";
    ctx.out() << "\n";
    return 0;
}

std::optional<int> door_label(Context& ctx, client::ServiceClient& c) {
    const auto& a = ctx.args();
    if (a.has("all-blank")) return std::nullopt;
    if (!a.has("pool"))
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "volume label needs --pool P (see tapeloom-cli pool list)"));
    if (!a.has("barcode"))
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "volume label needs --barcode B or --all-blank"));
    if (a.has("pattern"))
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "--pattern chooses among the blank cartridges: use it with "
                                   "--all-blank"));
    client::LabelRequest request;
    request.pool = a.get("pool");
    return label_one(ctx, c, a.get("barcode"), request);
}

std::optional<int> door_relabel(Context& ctx, client::ServiceClient& c) {
    const auto& w = ctx.args().words();
    const std::string bc = !w.empty() ? w.front() : ctx.args().get("barcode");
    if (bc.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "volume relabel needs a BARCODE"));
    client::LabelRequest request;
    request.pool = ctx.args().get("pool");
    request.relabel = true;
    return label_one(ctx, c, bc, request);
}

int pool_add_or_edit(Context& ctx, client::ServiceClient& c, bool add) {
    const auto& w = ctx.args().words();
    const std::string name = w.empty() ? std::string() : w.front();
    if (name.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   std::string("pool ") + (add ? "add" : "edit") +
                                       " needs a NAME; see tapeloom-cli pool list"));
    auto changes = pool_changes(ctx.args());
    if (!changes) return ctx.fail(changes.error());
    client::ServiceApi api(c);
    auto p = add ? api.add_pool(name, client::pool_changes_of(changes.value()))
                 : api.change_pool(name, client::pool_changes_of(changes.value()));
    if (!p) return ctx.fail(p.error());
    if (ctx.json())
        ctx.print_json(p->document);
    else
        ctx.out() << "pool " << name << (add ? " added" : " changed") << "\n";
    return 0;
}
} // namespace

Result<client::Job> follow_job(client::Api& api, std::int64_t job) {
    return follow(api, job);
}

std::optional<int> call_api_command(Context& ctx, client::ServiceClient& c,
                                    const std::string& command, std::span<const ApiCommand> table) {
    for (const auto& entry : table) {
        if (command != entry.command) continue;
        client::ServiceApi api(c);
        return entry.call(ctx, api);
    }
    return std::nullopt;
}

std::optional<int> through_typed_door(Context& ctx, client::ServiceClient& c,
                                      const std::string& command) {
    if (command == "restore") return door_restore(ctx, c);
    if (command == "volume mark") return door_mark(ctx, c);
    if (command == "volume label")
        if (auto labeled = door_label(ctx, c)) return labeled; // --all-blank: below
    if (command == "volume relabel") return door_relabel(ctx, c);
    if (command == "pool add") return pool_add_or_edit(ctx, c, true);
    if (command == "pool edit") return pool_add_or_edit(ctx, c, false);
    if (auto library = library_through_typed_door(ctx, c, command)) return library;
    if (auto read = read_through_typed_door(ctx, c, command)) return read;
    if (auto config = config_through_typed_door(ctx, c, command)) return config;
    if (auto run = run_through_typed_door(ctx, c, command)) return run;
    if (auto defs = definitions_through_typed_door(ctx, c, command)) return defs;
    if (auto device = device_through_typed_door(ctx, c, command)) return device;
    if (auto removed = removal_through_typed_door(ctx, c, command)) return removed;
    if (auto kept = maintenance_through_typed_door(ctx, c, command)) return kept;
    return job_through_typed_door(ctx, c, command);
}

} // namespace tl::cli
