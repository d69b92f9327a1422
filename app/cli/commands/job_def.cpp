// tapeloom-cli job define|edit|remove|list|show|run|export|import: stored job definitions
// (docs/schedules.md). The `jobs` group (plural) is the job history.
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "agent/client_registry.h"
#include "api/schedule_ops.h"
#include "commands/commands.h"
#include "commands/typed_door_runs.h"
#include "common/units.h"
#include "job/job_report.h"
#include "schedule/calendar.h"
#include "schedule/definition_run.h"
#include "schedule/definition_store.h"
#include "schedule/schedule_rule.h"

namespace tl::cli {

namespace {
using schedule::DefinitionStore;
using schedule::JobDefinition;

const std::set<std::string> kDefinitionOptions = {"source",
                                                  "include",
                                                  "exclude",
                                                  "pool",
                                                  "library",
                                                  "drives",
                                                  "sessions-per-drive",
                                                  "block-size",
                                                  "read-buffer",
                                                  "compression",
                                                  "encryption",
                                                  "key",
                                                  "encrypt-names",
                                                  "priority",
                                                  "retention-days",
                                                  "pre-command",
                                                  "post-command",
                                                  "notify-command",
                                                  "retries",
                                                  "retry-delay",
                                                  "allow-concurrent",
                                                  "missed",
                                                  "schedule",
                                                  "client"};

Error usage_error(const std::string& what) {
    return make_error(ErrorKind::InvalidArgument, what);
}

Result<long long> whole(const Args& a, const char* name, long long lo, long long hi) {
    const std::string v = a.get(name);
    char* end = nullptr;
    const long long n = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end || n < lo || n > hi)
        return usage_error(std::string("--") + name + " takes a whole number " +
                           std::to_string(lo) + ".." + std::to_string(hi) + ", not '" + v + "'");
    return n;
}

// Applies the options given on the command line to `d` (define: onto the defaults; edit: onto
// the stored definition). Repeatable options replace the stored list when given.
Status apply_options(const Args& a, JobDefinition& d) {
    std::vector<std::string> sources = a.all("source");
    for (std::size_t i = 1; i < a.words().size(); ++i) // words()[0] is the name
        sources.push_back(a.words()[i]);
    // --client NAME: the sources given with it are that client's trees (client:NAME:PATH), as
    // for `backup --client`; a source naming a client keeps its own (docs/agent.md).
    if (a.has("client")) {
        if (a.get("client").empty() || sources.empty())
            return usage_error("--client NAME names the client of the sources given with it "
                               "(--source PATH, absolute on the client)");
        for (auto& s : sources)
            if (!agent::split_client_source(s)) s = agent::client_source(a.get("client"), s);
    }
    if (!sources.empty()) d.sources = sources;
    // An empty pattern (`--include ''`) stands for none: it empties the list.
    for (auto [name, list] : {std::pair{"include", &d.include}, {"exclude", &d.exclude}}) {
        if (!a.has(name)) continue;
        list->clear();
        for (const auto& p : a.all(name))
            if (!p.empty()) list->push_back(p);
    }
    if (a.has("one-file-system")) d.one_file_system = true;
    d.pool = a.get("pool", d.pool);
    d.library = a.get("library", d.library);
    d.compression = a.get("compression", d.compression);
    d.encryption = a.get("encryption", d.encryption);
    d.key = a.get("key", d.key);
    d.encrypt_names = a.get("encrypt-names", d.encrypt_names);
    d.pre_command = a.get("pre-command", d.pre_command);
    d.post_command = a.get("post-command", d.post_command);
    d.notify_command = a.get("notify-command", d.notify_command);
    d.missed = a.get("missed", d.missed);
    auto count = [&](const char* name, auto& out, long long lo, long long hi) -> Status {
        if (!a.has(name)) return {};
        auto n = whole(a, name, lo, hi);
        if (!n) return n.error();
        out = static_cast<std::remove_reference_t<decltype(out)>>(n.value());
        return {};
    };
    TL_TRY(count("drives", d.drives, 0, 1024));
    TL_TRY(count("sessions-per-drive", d.sessions_per_drive, 1, 32));
    TL_TRY(count("priority", d.priority, 0, 100));
    TL_TRY(count("retention-days", d.retention_days, 0, 100000));
    TL_TRY(count("retries", d.retries, 0, 100));
    for (const char* name : {"block-size", "read-buffer"}) {
        if (!a.has(name)) continue;
        auto v = parse_size(a.get(name));
        if (!v) return usage_error(std::string("--") + name + ": " + v.error().message);
        (std::string(name) == "block-size" ? d.block_size : d.read_buffer) =
            static_cast<std::size_t>(v.value());
    }
    if (a.has("retry-delay")) {
        auto v = parse_seconds(a.get("retry-delay"));
        if (!v || v.value() < 0) return usage_error("--retry-delay: use e.g. 10m, 90s or 1h");
        d.retry_delay = v.value();
    }
    if (a.has("allow-concurrent")) {
        const std::string v = a.get("allow-concurrent");
        if (v != "yes" && v != "no") return usage_error("--allow-concurrent takes yes or no");
        d.allow_concurrent = v == "yes";
    }
    return {};
}

Result<std::string> name_word(Context& ctx, const char* what) {
    if (ctx.args().words().empty())
        return usage_error(std::string(what) +
                           " needs a job definition NAME; see tapeloom-cli job list");
    return ctx.args().words().front();
}

// The engine and the stored definition named by the first word (job edit|show|run).
struct NamedDefinition {
    Engine* engine = nullptr;
    JobDefinition definition;
};

Result<NamedDefinition> named_definition(Context& ctx, const char* what) {
    auto name = name_word(ctx, what);
    if (!name) return name.error();
    auto engine = ctx.engine();
    if (!engine) return engine.error();
    auto d = schedule::definition_store(*engine.value()).get(name.value());
    if (!d) return d.error();
    return NamedDefinition{engine.value(), std::move(d.value())};
}

long long now(Engine& e) {
    return to_unix_seconds(e.clock().wall());
}

// The soonest next run of `schedules` after `t`, "-" for none.
std::string next_run_text(const std::vector<client::Schedule>& schedules, long long t) {
    std::optional<schedule::Occurrence> best;
    for (const auto& r : schedules) {
        auto rule = schedule::ScheduleRule::parse(r.rule);
        if (!rule) continue;
        auto o = rule->next_after(std::max(t, r.checked_until));
        if (o && (!best || o->time < best->time)) best = o;
    }
    return best ? schedule::format_local(best->time) + " " + best->level : "-";
}

// A stored definition with its schedules, as the service's GET /v1/definitions answers it.
Result<client::Definition> typed_definition(DefinitionStore& store, const JobDefinition& d) {
    auto rows = store.schedules(d.name);
    if (!rows) return rows.error();
    auto j = schedule::to_json(d);
    j["id"] = d.id;
    j["schedules"] = nlohmann::json::array();
    client::Definition typed;
    for (const auto& r : rows.value()) {
        typed.schedules.push_back({r.id, r.definition, r.rule, r.name, r.checked_until});
        j["schedules"].push_back({{"id", r.id},
                                  {"definition", r.definition},
                                  {"rule", r.rule},
                                  {"name", r.name},
                                  {"checked_until", r.checked_until}});
    }
    typed.name = d.name;
    typed.pool = d.pool;
    typed.document = std::move(j);
    return typed;
}

int job_define(Context& ctx) {
    auto name = name_word(ctx, "job define");
    if (!name) return ctx.fail(name.error());
    JobDefinition d;
    d.name = name.value();
    if (auto st = apply_options(ctx.args(), d); !st) return ctx.fail(st.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto id =
        schedule::define_job(*engine.value(), d, ctx.args().all("schedule"), now(*engine.value()));
    if (!id) return ctx.fail(id.error());
    print_definition_stored(ctx, d.name, id.value(), ctx.args().all("schedule"));
    return 0;
}

int job_edit(Context& ctx) {
    auto named = named_definition(ctx, "job edit");
    if (!named) return ctx.fail(named.error());
    Engine& engine = *named->engine;
    JobDefinition& d = named->definition;
    auto store = schedule::definition_store(engine);
    if (auto st = apply_options(ctx.args(), d); !st) return ctx.fail(st.error());
    if (auto st = store.update(d, now(engine)); !st) return ctx.fail(st.error());
    for (const auto& rule : ctx.args().all("schedule"))
        if (auto s = store.add_schedule(d.name, rule, now(engine)); !s) return ctx.fail(s.error());
    print_definition_updated(ctx, d);
    return 0;
}

int job_remove(Context& ctx) {
    auto name = name_word(ctx, "job remove");
    if (!name) return ctx.fail(name.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    if (auto st = schedule::definition_store(*engine.value()).remove(name.value()); !st)
        return ctx.fail(st.error());
    if (!ctx.json())
        ctx.out() << "Job definition '" << name.value()
                  << "' and its schedules removed (its job history stays).\n";
    else
        ctx.print_json({{"removed", name.value()}});
    return 0;
}

// Every definition of the engine as the typed client shows it (job list, job export).
Result<std::vector<client::Definition>> typed_definitions(Engine& engine) {
    auto store = schedule::definition_store(engine);
    auto defs = store.list();
    if (!defs) return defs.error();
    std::vector<client::Definition> typed;
    for (const auto& d : defs.value()) {
        auto t = typed_definition(store, d);
        if (!t) return t.error();
        typed.push_back(std::move(t.value()));
    }
    return typed;
}

int job_list(Context& ctx) {
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto typed = typed_definitions(*engine.value());
    if (!typed) return ctx.fail(typed.error());
    print_definitions(ctx, typed.value(), now(*engine.value()));
    return 0;
}

int job_show(Context& ctx) {
    auto named = named_definition(ctx, "job show");
    if (!named) return ctx.fail(named.error());
    auto store = schedule::definition_store(*named->engine);
    auto typed = typed_definition(store, named->definition);
    if (!typed) return ctx.fail(typed.error());
    return print_definition(ctx, typed.value(), now(*named->engine));
}

int job_run(Context& ctx) {
    const std::string level = ctx.args().get("level", "full");
    if (level != "full" && level != "diff" && level != "incr")
        return ctx.fail(usage_error("--level is full, diff or incr, not '" + level + "'"));
    auto named = named_definition(ctx, "job run");
    if (!named) return ctx.fail(named.error());
    const JobDefinition* d = &named->definition;
    return print_job_run(ctx, d->name, schedule::run_definition(*named->engine, *d, level));
}

int job_export(Context& ctx) {
    if (ctx.args().words().empty())
        return ctx.fail(usage_error("job export needs a FILE (or - for standard output)"));
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto typed = typed_definitions(*engine.value());
    if (!typed) return ctx.fail(typed.error());
    return write_definitions(ctx, ctx.args().words().front(), typed.value());
}

int job_import(Context& ctx) {
    auto doc = definitions_file(ctx.args());
    if (!doc) return ctx.fail(doc.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto n = schedule::definition_store(*engine.value())
                 .import_all(doc.value(), ctx.args().has("replace"), now(*engine.value()));
    if (!n) return ctx.fail(n.error());
    print_definitions_imported(ctx, ctx.args().words().front(), n.value());
    return 0;
}
} // namespace

int write_definitions(Context& ctx, const std::string& file,
                      const std::vector<client::Definition>& defs) {
    // As DefinitionStore::export_all() writes them: each with its schedules as rules, or
    // {"name", "rule"} for a named one; no catalog ids.
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& d : defs) {
        auto j = d.document;
        j.erase("id");
        j["schedules"] = nlohmann::json::array();
        for (const auto& s : d.schedules)
            j["schedules"].push_back(s.name.empty()
                                         ? nlohmann::json(s.rule)
                                         : nlohmann::json{{"name", s.name}, {"rule", s.rule}});
        arr.push_back(std::move(j));
    }
    const nlohmann::json doc = {{"version", 1}, {"definitions", std::move(arr)}};
    if (file == "-") {
        ctx.print_json(doc);
        return 0;
    }
    std::ofstream f(file, std::ios::trunc);
    f << doc.dump(2) << "\n";
    f.close();
    if (!f)
        return ctx.fail(make_error(ErrorKind::Io, "cannot write " + file +
                                                      "; check the directory and permissions"));
    if (!ctx.json())
        ctx.out() << doc["definitions"].size() << " job definition(s) written to " << file << "\n";
    else
        ctx.print_json({{"file", file}, {"definitions", doc["definitions"].size()}});
    return 0;
}

Result<nlohmann::json> definitions_file(const Args& a) {
    if (a.words().empty())
        return usage_error("job import needs a FILE written by tapeloom-cli job export");
    const std::string file = a.words().front();
    std::ifstream f(file);
    if (!f) return make_error(ErrorKind::NotFound, "cannot read " + file + "; check the path");
    std::stringstream ss;
    ss << f.rdbuf();
    auto doc = nlohmann::json::parse(ss.str(), nullptr, false);
    if (doc.is_discarded())
        return usage_error(file + " is not JSON; give a file written by job export");
    return doc;
}

void print_definitions_imported(Context& ctx, const std::string& file, std::size_t n) {
    if (ctx.json())
        ctx.print_json({{"imported", n}});
    else
        ctx.out() << n << " job definition(s) imported from " << file << "\n";
}

int print_job_run(Context& ctx, const std::string& name, const job::JobReport& report) {
    if (ctx.json())
        ctx.print_json(job::to_json(report));
    else
        ctx.out() << job::format_report(report);
    if (report.status == "failed")
        ctx.err() << "tapeloom-cli: error: job '" << name << "' failed: " << report.error << "\n";
    return exit_code_for_job_status(report.status);
}

Status apply_definition_options(const Args& a, schedule::JobDefinition& d) {
    return apply_options(a, d);
}

void print_definition_stored(Context& ctx, const std::string& name, std::int64_t id,
                             const std::vector<std::string>& rules) {
    if (ctx.json()) {
        ctx.print_json({{"id", id}, {"name", name}});
        return;
    }
    auto& o = ctx.out();
    o << "Job definition '" << name << "' stored (id " << id << ")";
    if (rules.empty()) {
        o << ". Schedule it with tapeloom-cli schedule add " << name << " 'RULE'";
    } else {
        o << ", scheduled";
        for (std::size_t i = 0; i < rules.size(); ++i)
            o << (i ? "; " : ": ") << rules[i];
        o << " (its next runs: tapeloom-cli schedule next " << name << ")";
    }
    o << ", or run it now with tapeloom-cli job run " << name << "\n";
}

void print_definition_updated(Context& ctx, const schedule::JobDefinition& d) {
    if (ctx.json())
        ctx.print_json(schedule::to_json(d));
    else
        ctx.out() << "Job definition '" << d.name << "' updated.\n";
}

void print_definitions(Context& ctx, const std::vector<client::Definition>& defs, long long t) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& d : defs) {
        auto j = d.document;
        j["schedules"] = d.schedules.size();
        j["next_run"] = next_run_text(d.schedules, t);
        arr.push_back(j);
    }
    if (ctx.json()) return ctx.print_json(arr);
    auto& o = ctx.out();
    o << std::left << std::setw(20) << "NAME" << std::setw(9) << "SOURCES" << std::setw(12)
      << "POOL" << std::setw(9) << "PRIORITY" << std::setw(11) << "SCHEDULES"
      << "NEXT RUN\n";
    for (const auto& j : arr)
        o << std::left << std::setw(20) << j["name"].get<std::string>() << std::setw(9)
          << j["sources"].size() << std::setw(12) << j["pool"].get<std::string>() << std::setw(9)
          << j["priority"].get<int>() << std::setw(11) << j["schedules"].get<std::size_t>()
          << j["next_run"].get<std::string>() << "\n";
    if (arr.empty())
        o << "(no job definitions; add one with tapeloom-cli job define NAME --source PATH)\n";
}

namespace {
void print_definition_text(std::ostream& o, const JobDefinition& def, const nlohmann::json& j) {
    const JobDefinition* d = &def;
    o << "Job definition " << d->name << " (id " << d->id << ")\n";
    for (const auto& s : d->sources)
        o << "  source            " << s << "\n";
    for (const auto& s : d->include)
        o << "  include           " << s << "\n";
    for (const auto& s : d->exclude)
        o << "  exclude           " << s << "\n";
    o << "  pool              " << d->pool << "\n"
      << "  library           " << (d->library.empty() ? "(default)" : d->library) << "\n"
      << "  drives            " << (d->drives ? std::to_string(d->drives) : "as useful") << " x "
      << d->sessions_per_drive << " session(s)\n"
      << "  block size        " << format_bytes(d->block_size) << ", read buffer "
      << format_bytes(d->read_buffer) << ", compression " << d->compression << "\n"
      << "  priority          " << d->priority << "\n"
      << "  retention         "
      << (d->retention_days ? std::to_string(d->retention_days) + " days" : "the pool's") << "\n"
      << "  retries           " << d->retries << " after " << d->retry_delay << " s\n"
      << "  concurrent runs   " << (d->allow_concurrent ? "allowed" : "no") << "\n"
      << "  missed runs       " << d->missed << "\n";
    if (!d->pre_command.empty()) o << "  pre-command       " << d->pre_command << "\n";
    if (!d->post_command.empty()) o << "  post-command      " << d->post_command << "\n";
    if (!d->notify_command.empty()) o << "  notify-command    " << d->notify_command << "\n";
    for (const auto& s : j["schedules"])
        o << "  schedule " << std::setw(8) << std::left << s["id"].get<long long>()
          << s["rule"].get<std::string>() << "  (next: "
          << (s["next_run"].get<long long>()
                  ? schedule::format_local(s["next_run"].get<long long>()) + " " +
                        s["next_level"].get<std::string>()
                  : std::string("never"))
          << ")\n";
}
} // namespace

int print_definition(Context& ctx, const client::Definition& typed, long long t) {
    auto d = schedule::definition_from_json(typed.document);
    if (!d) return ctx.fail(d.error());
    d->id = typed.document.value("id", std::int64_t{0});
    auto j = typed.document;
    j["schedules"] = nlohmann::json::array();
    for (const auto& r : typed.schedules) {
        auto rule = schedule::ScheduleRule::parse(r.rule);
        auto next = rule ? rule->next_after(std::max(t, r.checked_until)) : std::nullopt;
        j["schedules"].push_back({{"id", r.id},
                                  {"rule", r.rule},
                                  {"next_run", next ? next->time : 0},
                                  {"next_level", next ? next->level : ""}});
    }
    if (ctx.json()) {
        ctx.print_json(j);
        return 0;
    }
    print_definition_text(ctx.out(), d.value(), j);
    return 0;
}

void add_job_definition_commands(Registry& r) {
    const std::string opts =
        "[--source SOURCE...] [--client NAME] [--include GLOB] [--exclude GLOB] "
        "[--one-file-system] [--pool P] "
        "[--library L] [--drives N] [--sessions-per-drive K] [--block-size 256K] "
        "[--read-buffer 2M] [--compression C] [--encryption none|aes-256-gcm] [--key NAME] "
        "[--encrypt-names yes|no] [--priority 0..100] [--retention-days N] "
        "[--pre-command CMD] [--post-command CMD] [--notify-command CMD] [--retries N] "
        "[--retry-delay 10m] [--allow-concurrent yes|no] [--missed run|skip] [--schedule RULE]";
    r.push_back({{"job", "define"},
                 "NAME SOURCE... " + opts,
                 "store a job definition (docs/schedules.md)",
                 kDefinitionOptions,
                 {"one-file-system"},
                 job_define});
    r.push_back({{"job", "edit"},
                 "NAME " + opts,
                 "change a job definition (lists given replace the stored ones; --include '' "
                 "and --exclude '' empty them)",
                 kDefinitionOptions,
                 {"one-file-system"},
                 job_edit});
    r.push_back({{"job", "remove"},
                 "NAME",
                 "remove a job definition and its schedules",
                 {},
                 {},
                 job_remove});
    r.push_back({{"job", "list"}, "", "the job definitions and their next runs", {}, {}, job_list});
    r.push_back({{"job", "show"}, "NAME", "a job definition with its schedules", {}, {}, job_show});
    r.push_back({{"job", "run"},
                 "NAME [--level full|diff|incr]",
                 "run a job definition now (pre/post commands, notification); prints the report",
                 {"level"},
                 {},
                 job_run});
    r.push_back({{"job", "export"},
                 "FILE|-",
                 "write every job definition and schedule as JSON",
                 {},
                 {},
                 job_export});
    r.push_back({{"job", "import"},
                 "FILE [--replace]",
                 "add the job definitions of an export (--replace: overwrite same names)",
                 {},
                 {"replace"},
                 job_import});
}

} // namespace tl::cli
