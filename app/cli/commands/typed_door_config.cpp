// The writes of the configuration and the labeling of blank cartridges that go to the service
// through its typed door (client/api.h, docs/api.md "Resources") rather than as a task running
// the command there: `schedule add|edit` (POST /v1/schedules, PATCH /v1/schedules/{id}), `job
// define` (POST /v1/definitions, then POST /v1/schedules for each --schedule; the definition is
// removed again when one is refused, as the command stores none then), `job edit` (GET, then PUT
// /v1/definitions/{name}), `client add` (POST /v1/clients) and `volume label --all-blank` (POST
// /v1/volumes/label-blank). The
// checks of the command line and the printers are those of the commands run here, so text,
// --json and exit codes are theirs.
#include <chrono>

#include "client/service_api.h"
#include "commands/commands.h"
#include "commands/typed_door_runs.h"
#include "commands/wall_clock.h"
#include "common/units.h"
#include "format/block.h"

namespace tl::cli {

namespace {
int schedule_add(Context& ctx, client::Api& api) {
    auto request = schedule_add_request(ctx.args());
    if (!request) return ctx.fail(request.error());
    auto s = api.add_schedule(request.value());
    if (!s) return ctx.fail(s.error());
    print_schedule_added(ctx, s.value(), wall_now());
    return 0;
}

int schedule_edit(Context& ctx, client::Api& api) {
    auto edit = schedule_edit_request(ctx.args());
    if (!edit) return ctx.fail(edit.error());
    auto all = api.schedules();
    if (!all) return ctx.fail(all.error());
    const client::Schedule* before = nullptr;
    for (const auto& s : all.value())
        if (s.id == edit->id) before = &s;
    if (!before) return ctx.fail(no_schedule(edit->id));
    client::ScheduleRequest r;
    r.rule = edit->rule.empty() ? before->rule : edit->rule;
    r.name = edit->name ? *edit->name : before->name;
    auto s = api.change_schedule(edit->id, r);
    if (!s) return ctx.fail(s.error());
    print_schedule_changed(ctx, s->id, s->name, s->rule);
    return 0;
}

Result<std::string> definition_name(Context& ctx, const char* what) {
    if (ctx.args().words().empty())
        return make_error(ErrorKind::InvalidArgument,
                          std::string(what) +
                              " needs a job definition NAME; see tapeloom-cli job list");
    return ctx.args().words().front();
}

int job_define(Context& ctx, client::Api& api) {
    auto name = definition_name(ctx, "job define");
    if (!name) return ctx.fail(name.error());
    schedule::JobDefinition d;
    d.name = name.value();
    if (auto st = apply_definition_options(ctx.args(), d); !st) return ctx.fail(st.error());
    auto stored = api.add_definition(d);
    if (!stored) return ctx.fail(stored.error());
    for (const auto& rule : ctx.args().all("schedule")) {
        client::ScheduleRequest r;
        r.definition = d.name;
        r.rule = rule;
        if (auto s = api.add_schedule(r); !s) {
            (void)api.remove_definition(d.name); // none stored, as the command run here
            return ctx.fail(s.error());
        }
    }
    print_definition_stored(ctx, d.name, stored->document.value("id", std::int64_t{0}),
                            ctx.args().all("schedule"));
    return 0;
}

int job_edit(Context& ctx, client::Api& api) {
    auto name = definition_name(ctx, "job edit");
    if (!name) return ctx.fail(name.error());
    auto stored = api.definition(name.value());
    if (!stored) return ctx.fail(stored.error());
    auto d = schedule::definition_from_json(stored->document);
    if (!d) return ctx.fail(d.error());
    if (auto st = apply_definition_options(ctx.args(), d.value()); !st) return ctx.fail(st.error());
    auto replaced = api.replace_definition(d.value());
    if (!replaced) return ctx.fail(replaced.error());
    for (const auto& rule : ctx.args().all("schedule")) {
        client::ScheduleRequest r;
        r.definition = d->name;
        r.rule = rule;
        if (auto s = api.add_schedule(r); !s) return ctx.fail(s.error());
    }
    auto after = schedule::definition_from_json(replaced->document);
    if (!after) return ctx.fail(after.error());
    print_definition_updated(ctx, after.value());
    return 0;
}

int client_add(Context& ctx, client::Api& api) {
    auto request = client_add_request(ctx.args());
    if (!request) return ctx.fail(request.error());
    auto c = api.add_client(request.value());
    if (!c) return ctx.fail(c.error());
    print_client_added(ctx, c.value());
    return 0;
}

int label_all_blank(Context& ctx, client::Api& api) {
    const auto& a = ctx.args();
    client::BlankLabelRequest r;
    r.pool = a.get("pool");
    r.pattern = a.get("pattern");
    r.library = a.get("library");
    if (a.has("block-size")) {
        auto b = parse_size(a.get("block-size"));
        if (!b) return ctx.fail(b.error());
        if (auto st = format::check_block_size(static_cast<std::size_t>(b.value())); !st)
            return ctx.fail(st.error());
        r.block_size = static_cast<std::uint32_t>(b.value());
    }
    auto done = api.label_blank(r);
    if (!done) return ctx.fail(done.error());
    print_blank_labeled(ctx, done.value(), r.pattern);
    return 0;
}
// `volume adopt BARCODE` (POST /v1/volumes/{barcode}/adopt).
int volume_adopt(Context& ctx, client::Api& api) {
    const auto& w = ctx.args().words();
    const std::string bc = !w.empty() ? w.front() : ctx.args().get("barcode");
    if (bc.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "volume adopt needs a BARCODE"));
    auto v = api.adopt_volume(bc, ctx.args().get("library"));
    if (!v) return ctx.fail(v.error());
    if (ctx.json()) {
        ctx.print_json(v->document);
        return 0;
    }
    ctx.out() << "volume " << bc << " adopted into pool " << v->pool
              << " (the pool its label names); nothing was written\n";
    return 0;
}
// `catalog after-jobs [on|off] [--pool P]` (GET or PATCH /v1/catalog/after-jobs).
int after_jobs_through_door(Context& ctx, client::Api& api) {
    const auto& words = ctx.args().words();
    if (words.size() > 1 || (words.size() == 1 && words[0] != "on" && words[0] != "off"))
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "catalog after-jobs takes on or off (or nothing to show it)"));
    client::CatalogAfterJobsChange change;
    if (!words.empty()) change.on = words[0] == "on";
    if (ctx.args().has("pool")) change.pool = ctx.args().get("pool");
    auto s =
        change.on || change.pool ? api.change_catalog_after_jobs(change) : api.catalog_after_jobs();
    if (!s) return ctx.fail(s.error());
    if (ctx.json())
        ctx.print_json({{"after_jobs", s->on}, {"pool", s->pool}});
    else
        ctx.out() << "catalog backup after each backup job: " << (s->on ? "on" : "off") << " (pool "
                  << s->pool << ")\n";
    return 0;
}
} // namespace

std::optional<int> config_through_typed_door(Context& ctx, client::ServiceClient& c,
                                             const std::string& command) {
    using Call = int (*)(Context&, client::Api&);
    static const std::pair<const char*, Call> kCalls[] = {
        {"schedule add", schedule_add},
        {"schedule edit", schedule_edit},
        {"job define", job_define},
        {"job edit", job_edit},
        {"client add", client_add},
        {"volume adopt", volume_adopt},
        {"catalog after-jobs", after_jobs_through_door}};
    client::ServiceApi api(c);
    if (command == "volume label") {
        const auto& a = ctx.args();
        if (!a.has("all-blank")) return std::nullopt;
        // The command's own checks, in its order; --force changes nothing for blank cartridges
        // (nothing is on them), as the command run here ignores it.
        if (!a.has("pool"))
            return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                       "volume label needs --pool P (see tapeloom-cli pool list)"));
        if (a.has("barcode"))
            return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                       "volume label needs --barcode B or --all-blank"));
        return label_all_blank(ctx, api);
    }
    for (const auto& [name, call] : kCalls)
        if (command == name) return call(ctx, api);
    return std::nullopt;
}

} // namespace tl::cli
