// tapeloom-cli schedule add|edit|list|remove|next: when job definitions run (docs/schedules.md).
#include <algorithm>
#include <iomanip>

#include "api/schedule_ops.h"
#include "commands/commands.h"
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
    if (ctx.args().words().empty())
        return ctx.fail(usage("schedule add needs a job definition NAME and a RULE"));
    const std::string name = ctx.args().words().front();
    auto rule = rule_text(ctx.args());
    if (!rule) return ctx.fail(rule.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    const long long now = to_unix_seconds(engine.value()->clock().wall());
    auto store = schedule::definition_store(*engine.value());
    auto id = store.add_schedule(name, rule.value(), now, ctx.args().get("name", ""));
    if (!id) return ctx.fail(id.error());
    auto next = ScheduleRule::parse(rule.value())->next_after(now);
    if (ctx.json()) {
        ctx.print_json({{"id", id.value()},
                        {"name", ctx.args().get("name", "")},
                        {"definition", name},
                        {"rule", rule.value()},
                        {"next_run", next ? next->time : 0},
                        {"next_level", next ? next->level : ""}});
        return 0;
    }
    ctx.out() << "Schedule " << id.value() << " added to '" << name << "': " << rule.value()
              << "\n  next run: "
              << (next ? schedule::format_local(next->time) + " (" + next->level + ")" : "never")
              << "\n  (runs while tapeloom-cli serve runs, e.g. as the tapeloom service)\n";
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
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& r : rows.value()) {
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
    if (ctx.json()) {
        ctx.print_json(arr);
        return 0;
    }
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
    return 0;
}

// `schedule edit ID [--name LABEL] [RULE]`: what is not given stays.
int schedule_edit(Context& ctx) {
    const auto& words = ctx.args().words();
    if (words.empty())
        return ctx.fail(usage("schedule edit needs a schedule ID; see tapeloom-cli schedule list"));
    char* end = nullptr;
    const long long n = std::strtoll(words.front().c_str(), &end, 10);
    if (words.front().empty() || *end || n <= 0)
        return ctx.fail(
            usage("schedule edit takes a schedule ID (a number), not '" + words.front() + "'"));
    std::string rule;
    for (std::size_t i = 1; i < words.size(); ++i)
        rule += (rule.empty() ? "" : " ") + words[i];
    if (rule.empty() && !ctx.args().has("name"))
        return ctx.fail(usage("schedule edit needs a new RULE or --name (or both)"));
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto store = schedule::definition_store(*engine.value());
    auto rows = store.schedules();
    if (!rows) return ctx.fail(rows.error());
    auto it = std::find_if(rows->begin(), rows->end(), [n](const auto& r) { return r.id == n; });
    if (it == rows->end())
        return ctx.fail(make_error(ErrorKind::NotFound, "schedule " + std::to_string(n) +
                                                            " does not exist; see tapeloom-cli "
                                                            "schedule list"));
    const std::string name = ctx.args().has("name") ? ctx.args().get("name") : it->name;
    if (rule.empty()) rule = it->rule;
    const long long now = to_unix_seconds(engine.value()->clock().wall());
    if (auto st = store.edit_schedule(n, name, rule, now); !st) return ctx.fail(st.error());
    if (ctx.json())
        ctx.print_json({{"id", n}, {"name", name}, {"rule", rule}});
    else
        ctx.out() << "Schedule " << n << (name.empty() ? "" : " (" + name + ")") << ": " << rule
                  << "\n";
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
    long long days = 14;
    if (ctx.args().has("days")) {
        const std::string v = ctx.args().get("days");
        char* end = nullptr;
        days = std::strtoll(v.c_str(), &end, 10);
        if (v.empty() || *end || days < 1 || days > 3660)
            return ctx.fail(usage("--days takes 1..3660, not '" + v + "'"));
    }
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    const long long now = to_unix_seconds(engine.value()->clock().wall());
    const long long until = now + days * 86400;
    const std::string name = ctx.args().words().empty() ? "" : ctx.args().words().front();
    auto store = schedule::definition_store(*engine.value());
    if (!name.empty())
        if (auto d = store.get(name); !d) return ctx.fail(d.error());
    auto rows = store.schedules(name);
    if (!rows) return ctx.fail(rows.error());
    struct Run {
        long long time;
        std::string definition, level;
        std::int64_t schedule;
    };
    std::vector<Run> runs;
    for (const auto& r : rows.value()) {
        auto rule = ScheduleRule::parse(r.rule);
        if (!rule) continue;
        for (auto o = rule->next_after(now); o && o->time <= until && runs.size() < 100000;
             o = rule->next_after(o->time))
            runs.push_back({o->time, r.definition, o->level, r.id});
    }
    std::stable_sort(runs.begin(), runs.end(),
                     [](const Run& a, const Run& b) { return a.time < b.time; });
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& r : runs)
        arr.push_back({{"time", r.time},
                       {"local", schedule::format_local(r.time)},
                       {"definition", r.definition},
                       {"level", r.level},
                       {"schedule", r.schedule}});
    if (ctx.json()) {
        ctx.print_json(arr);
        return 0;
    }
    for (const auto& r : runs)
        ctx.out() << schedule::format_local(r.time) << "  " << std::left << std::setw(5) << r.level
                  << " " << r.definition << " (schedule " << r.schedule << ")\n";
    if (runs.empty()) ctx.out() << "(no runs in the next " << days << " day(s))\n";
    return 0;
}
} // namespace

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
