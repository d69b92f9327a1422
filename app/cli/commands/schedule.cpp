// tapeloom-cli schedule add|edit|list|remove|next: when job definitions run (docs/schedules.md).
#include <algorithm>
#include <iomanip>

#include "api/schedule_ops.h"
#include "commands/commands.h"
#include "commands/typed_door_runs.h"
#include "schedule/calendar.h"
#include "schedule/definition_store.h"
#include "schedule/schedule_rule.h"

namespace tl::cli {

namespace {
using schedule::DefinitionStore;
using schedule::ScheduleRule;

Error usage(const std::string& what) {
    return make_error(ErrorKind::InvalidArgument, what);
}

// The rule from the words after NAME, or a one-shot rule from --at.
Result<std::string> rule_text(const Args& a) {
    std::string rule;
    for (std::size_t i = 1; i < a.words().size(); ++i)
        rule += (rule.empty() ? "" : " ") + a.words()[i];
    if (a.has("at")) {
        if (!rule.empty()) return usage("give either a RULE or --at, not both");
        const std::string level = a.get("level", "full");
        if (level != "full" && level != "diff" && level != "incr")
            return usage("--level is full, diff or incr, not '" + level + "'");
        return level + " once " + a.get("at");
    }
    if (rule.empty())
        return usage("schedule add needs NAME and a RULE, e.g. 'incr mon-sat at 23:05', or "
                     "--at 'YYYY-MM-DD HH:MM:SS' (docs/schedules.md)");
    if (a.has("level")) return usage("--level goes with --at; a RULE names its own levels");
    return rule;
}

int schedule_add(Context& ctx) {
    auto request = schedule_add_request(ctx.args());
    if (!request) return ctx.fail(request.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    const long long now = to_unix_seconds(engine.value()->clock().wall());
    auto store = schedule::definition_store(*engine.value());
    auto id = store.add_schedule(request->definition, request->rule, now, request->name);
    if (!id) return ctx.fail(id.error());
    print_schedule_added(ctx, {id.value(), request->definition, request->rule, request->name, now},
                         now);
    return 0;
}

int schedule_list(Context& ctx) {
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    const long long now = to_unix_seconds(engine.value()->clock().wall());
    const std::string name = ctx.args().words().empty() ? "" : ctx.args().words().front();
    auto store = schedule::definition_store(*engine.value());
    if (!name.empty())
        if (auto d = store.get(name); !d) return ctx.fail(d.error());
    auto rows = store.schedules(name);
    if (!rows) return ctx.fail(rows.error());
    std::vector<client::Schedule> typed;
    for (const auto& r : rows.value())
        typed.push_back({r.id, r.definition, r.rule, r.name, r.checked_until});
    print_schedules(ctx, typed, now);
    return 0;
}

// `schedule edit ID [--name LABEL] [RULE]`: what is not given stays.
int schedule_edit(Context& ctx) {
    auto edit = schedule_edit_request(ctx.args());
    if (!edit) return ctx.fail(edit.error());
    const std::int64_t n = edit->id;
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto store = schedule::definition_store(*engine.value());
    auto rows = store.schedules();
    if (!rows) return ctx.fail(rows.error());
    auto it = std::find_if(rows->begin(), rows->end(), [n](const auto& r) { return r.id == n; });
    if (it == rows->end()) return ctx.fail(no_schedule(n));
    const std::string name = edit->name ? *edit->name : it->name;
    const std::string rule = edit->rule.empty() ? it->rule : edit->rule;
    const long long now = to_unix_seconds(engine.value()->clock().wall());
    if (auto st = store.edit_schedule(n, name, rule, now); !st) return ctx.fail(st.error());
    print_schedule_changed(ctx, n, name, rule);
    return 0;
}

int schedule_remove(Context& ctx) {
    if (ctx.args().words().empty())
        return ctx.fail(
            usage("schedule remove needs a schedule ID; see tapeloom-cli schedule list"));
    const std::string id = ctx.args().words().front();
    char* end = nullptr;
    const long long n = std::strtoll(id.c_str(), &end, 10);
    if (id.empty() || *end || n <= 0)
        return ctx.fail(usage("schedule remove takes a schedule ID (a number), not '" + id + "'"));
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    if (auto st = schedule::definition_store(*engine.value()).remove_schedule(n); !st)
        return ctx.fail(st.error());
    if (ctx.json())
        ctx.print_json({{"removed", n}});
    else
        ctx.out() << "Schedule " << n << " removed.\n";
    return 0;
}

// Every run of the next N days, merged over the schedules (one per schedule and instant).
int schedule_next(Context& ctx) {
    auto days = next_runs_days(ctx.args());
    if (!days) return ctx.fail(days.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    const long long now = to_unix_seconds(engine.value()->clock().wall());
    const std::string name = ctx.args().words().empty() ? "" : ctx.args().words().front();
    auto store = schedule::definition_store(*engine.value());
    if (!name.empty())
        if (auto d = store.get(name); !d) return ctx.fail(d.error());
    auto rows = store.schedules(name);
    if (!rows) return ctx.fail(rows.error());
    std::vector<client::Schedule> typed;
    for (const auto& r : rows.value())
        typed.push_back({r.id, r.definition, r.rule, r.name, r.checked_until});
    print_next_runs(ctx, typed, now, days.value());
    return 0;
}
} // namespace

void print_schedules(Context& ctx, const std::vector<client::Schedule>& schedules, long long now) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& r : schedules) {
        auto rule = ScheduleRule::parse(r.rule);
        auto next = rule ? rule->next_after(std::max(now, r.checked_until)) : std::nullopt;
        arr.push_back({{"id", r.id},
                       {"name", r.name},
                       {"definition", r.definition},
                       {"rule", r.rule},
                       {"next_run", next ? next->time : 0},
                       {"next_level", next ? next->level : ""},
                       {"error", rule ? "" : rule.error().message}});
    }
    if (ctx.json()) return ctx.print_json(arr);
    auto& o = ctx.out();
    o << std::left << std::setw(6) << "ID" << std::setw(16) << "NAME" << std::setw(20) << "JOB"
      << std::setw(26) << "NEXT RUN"
      << "RULE\n";
    for (const auto& j : arr) {
        const long long t = j["next_run"].get<long long>();
        const std::string label = j["name"].get<std::string>();
        o << std::left << std::setw(6) << j["id"].get<long long>() << std::setw(16)
          << (label.empty() ? "-" : label) << std::setw(20) << j["definition"].get<std::string>()
          << std::setw(26)
          << (t ? schedule::format_local(t) + " " + j["next_level"].get<std::string>()
                : std::string("never"))
          << j["rule"].get<std::string>() << "\n";
    }
    if (arr.empty()) o << "(no schedules; add one with tapeloom-cli schedule add NAME RULE)\n";
}

Result<client::ScheduleRequest> schedule_add_request(const Args& a) {
    if (a.words().empty()) return usage("schedule add needs a job definition NAME and a RULE");
    auto rule = rule_text(a);
    if (!rule) return rule.error();
    client::ScheduleRequest r;
    r.definition = a.words().front();
    r.rule = rule.value();
    r.name = a.get("name", "");
    return r;
}

void print_schedule_added(Context& ctx, const client::Schedule& s, long long now) {
    auto next = ScheduleRule::parse(s.rule)->next_after(std::max(now, s.checked_until));
    if (ctx.json()) {
        ctx.print_json({{"id", s.id},
                        {"name", s.name},
                        {"definition", s.definition},
                        {"rule", s.rule},
                        {"next_run", next ? next->time : 0},
                        {"next_level", next ? next->level : ""}});
        return;
    }
    ctx.out() << "Schedule " << s.id << " added to '" << s.definition << "': " << s.rule
              << "\n  next run: "
              << (next ? schedule::format_local(next->time) + " (" + next->level + ")" : "never")
              << "\n  (runs while tapeloom-cli serve runs, e.g. as the tapeloom service)\n";
}

Result<ScheduleEdit> schedule_edit_request(const Args& a) {
    const auto& words = a.words();
    if (words.empty())
        return usage("schedule edit needs a schedule ID; see tapeloom-cli schedule list");
    char* end = nullptr;
    const long long n = std::strtoll(words.front().c_str(), &end, 10);
    if (words.front().empty() || *end || n <= 0)
        return usage("schedule edit takes a schedule ID (a number), not '" + words.front() + "'");
    ScheduleEdit edit;
    edit.id = n;
    for (std::size_t i = 1; i < words.size(); ++i)
        edit.rule += (edit.rule.empty() ? "" : " ") + words[i];
    if (a.has("name")) edit.name = a.get("name");
    if (edit.rule.empty() && !edit.name)
        return usage("schedule edit needs a new RULE or --name (or both)");
    return edit;
}

Error no_schedule(std::int64_t id) {
    return make_error(ErrorKind::NotFound, "schedule " + std::to_string(id) +
                                               " does not exist; see tapeloom-cli schedule list");
}

void print_schedule_changed(Context& ctx, std::int64_t id, const std::string& name,
                            const std::string& rule) {
    if (ctx.json())
        ctx.print_json({{"id", id}, {"name", name}, {"rule", rule}});
    else
        ctx.out() << "Schedule " << id << (name.empty() ? "" : " (" + name + ")") << ": " << rule
                  << "\n";
}

Result<long long> next_runs_days(const Args& a) {
    if (!a.has("days")) return 14;
    const std::string v = a.get("days");
    char* end = nullptr;
    const long long days = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end || days < 1 || days > 3660)
        return usage("--days takes 1..3660, not '" + v + "'");
    return days;
}

void print_next_runs(Context& ctx, const std::vector<client::Schedule>& schedules, long long now,
                     long long days) {
    const long long until = now + days * 86400;
    struct Run {
        long long time;
        std::string definition, level;
        std::int64_t schedule;
    };
    std::vector<Run> runs;
    for (const auto& r : schedules) {
        auto rule = ScheduleRule::parse(r.rule);
        if (!rule) continue;
        for (auto o = rule->next_after(now); o && o->time <= until && runs.size() < 100000;
             o = rule->next_after(o->time))
            runs.push_back({o->time, r.definition, o->level, r.id});
    }
    std::stable_sort(runs.begin(), runs.end(),
                     [](const Run& a, const Run& b) { return a.time < b.time; });
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& r : runs)
            arr.push_back({{"time", r.time},
                           {"local", schedule::format_local(r.time)},
                           {"definition", r.definition},
                           {"level", r.level},
                           {"schedule", r.schedule}});
        return ctx.print_json(arr);
    }
    for (const auto& r : runs)
        ctx.out() << schedule::format_local(r.time) << "  " << std::left << std::setw(5) << r.level
                  << " " << r.definition << " (schedule " << r.schedule << ")\n";
    if (runs.empty()) ctx.out() << "(no runs in the next " << days << " day(s))\n";
}

void add_job_definition_commands(Registry& r); // job_def.cpp
void add_queue_commands(Registry& r);          // queue.cpp
void add_serve_commands(Registry& r);          // serve.cpp

void add_scheduling_commands(Registry& r) {
    add_job_definition_commands(r);
    r.push_back({{"schedule", "add"},
                 "NAME RULE | NAME --at 'YYYY-MM-DD HH:MM[:SS]' [--level full|diff|incr] "
                 "[--name LABEL]",
                 "schedule a job definition (rule syntax: docs/schedules.md)",
                 {"at", "level", "name"},
                 {},
                 schedule_add});
    r.push_back({{"schedule", "edit"},
                 "ID [RULE] [--name LABEL]",
                 "rename a schedule or replace its rule",
                 {"name"},
                 {},
                 schedule_edit});
    r.push_back(
        {{"schedule", "list"}, "[NAME]", "schedules and their next runs", {}, {}, schedule_list});
    reads_only(r);
    r.push_back({{"schedule", "remove"}, "ID", "remove a schedule", {}, {}, schedule_remove});
    r.push_back({{"schedule", "next"},
                 "[NAME] [--days 14]",
                 "every scheduled run of the next days, in local time",
                 {"days"},
                 {},
                 schedule_next});
    add_queue_commands(r);
    add_serve_commands(r);
}

} // namespace tl::cli
