// Every command but those that run here (runs_here(), docs/service.md) goes to the service of
// the data directory, started when none runs (autostart, service_link.cpp): restore, volume
// mark, volume label, volume relabel, pool add|edit, the library commands, the reads and the
// configuration's writes of typed_door_*.cpp through its typed door (typed_door.cpp); any
// other action (verify, clone, scan) and any
// other command that writes is started as a task (POST /v1/verifications, ..., /v1/commands:
// its arguments and options as JSON) whose output this process prints as it comes, exiting
// with its exit code (Ctrl-C cancels it); a command that only reads is a query (POST
// /v1/queries) answered at once;
// `files ls` reads the directory in pages (GET /v1/files, files_through_service.cpp). Inside
// the service the same command runs on the service's engine, so text, --json and exit codes
// are those of the command run here.
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <memory>
#include <thread>

#include "client/service_client.h"
#include "commands/commands.h"
#include "exit_codes.h"
#include "service/api_protocol.h"

namespace tl::cli {

namespace {
std::atomic<bool> g_interrupted{false};

// Global options that name this process's setting, not the command's.
constexpr const char* kLocalGlobals[] = {"home",  "log-level", "now",          "connect",
                                         "token", "ca-cert",   "no-autostart", "catalog"};
// The commands that always run in this process (docs/service.md "What runs without a
// service"): the service's own management, the measurements and the demo (they need the
// machine to themselves or set up a data directory), what asks on the terminal (passphrases,
// the live monitor), what must work while no service can (recover-catalog), what has no
// engine (token), and the commands with a service path of their own (backup, queue cancel,
// events), and the choice of the catalog and its move to another back end (catalog use|migrate:
// the service keeps the catalog it was started with), and audit (GET /v1/audit, admin only).
constexpr const char* kRunHere[] = {
    "service", "serve",        "bench",  "bench-source", "demo",
    "plan",    "monitor",      "key",    "token",        "recover-catalog",
    "backup",  "queue cancel", "events", "catalog use",  "catalog migrate",
    "audit"};

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words)
        s += (s.empty() ? "" : " ") + w;
    return s;
}

std::string absolute(const std::string& p) {
    if (p.empty() || p.front() == '/' || p == "-") return p;
    return (std::filesystem::current_path() / p).lexically_normal().string();
}

nlohmann::json request_from(const Args& a, const std::string& command) {
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [name, values] : a.options()) {
        if (std::find(std::begin(kLocalGlobals), std::end(kLocalGlobals), name) !=
            std::end(kLocalGlobals))
            continue;
        auto v = values;
        if (service::is_path_option(command, name))
            for (auto& p : v)
                p = absolute(p);
        options[name] = v;
    }
    auto words = a.words();
    if (service::takes_path_words(command))
        for (auto& w : words)
            w = absolute(w);
    return {{"arguments", words}, {"options", options}};
}

// The request's words and options as the command's Args; InvalidArgument for a bad shape.
Result<Args> args_from(const nlohmann::json& request) {
    std::vector<std::string> words;
    std::map<std::string, std::vector<std::string>> options;
    const auto bad = make_error(ErrorKind::InvalidArgument,
                                "arguments are strings; an option's value is a string, a list "
                                "of strings or true");
    const nlohmann::json none = nlohmann::json::array();
    const auto& arguments = request.contains("arguments") ? request["arguments"] : none;
    const nlohmann::json no_options = nlohmann::json::object();
    const auto& given = request.contains("options") ? request["options"] : no_options;
    if (!arguments.is_array() || !given.is_object()) return bad;
    for (const auto& w : arguments) {
        if (!w.is_string()) return bad;
        words.push_back(w.get<std::string>());
    }
    for (const auto& [name, value] : given.items()) {
        if (value.is_boolean() && value.get<bool>()) {
            options[name].push_back("1");
        } else if (value.is_string()) {
            options[name].push_back(value.get<std::string>());
        } else if (value.is_array()) {
            for (const auto& v : value) {
                if (!v.is_string()) return bad;
                options[name].push_back(v.get<std::string>());
            }
        } else {
            return bad;
        }
    }
    return Args::from_parts(std::move(words), std::move(options));
}

// Prints the task's output as it comes until it ended; Ctrl-C asks the service to cancel it.
int follow(Context& ctx, client::ServiceClient& c, std::int64_t id) {
    std::size_t out_at = 0, err_at = 0;
    bool cancel_sent = false;
    for (;;) {
        if (g_interrupted && !cancel_sent) {
            cancel_sent = true;
            if (auto st = c.cancel_task(id); !st && st.error().kind != ErrorKind::NotFound)
                return ctx.fail(st.error());
        }
        auto t = c.task(id, out_at, err_at);
        if (!t) return ctx.fail(c.stopped(t.error(), "task " + std::to_string(id)));
        ctx.out() << t->out << std::flush;
        ctx.err() << t->err << std::flush;
        out_at = t->out_end;
        err_at = t->err_end;
        if (t->ended) return t->exit_code;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

int run_in_service(Context& ctx, client::ServiceClient& c, const std::string& command) {
    auto id = c.start_task(command, request_from(ctx.args(), command));
    if (!id) return ctx.fail(id.error());
    g_interrupted = false;
    std::signal(SIGINT, [](int) { g_interrupted = true; });
    std::signal(SIGTERM, [](int) { g_interrupted = true; });
    const int code = follow(ctx, c, id.value());
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    return code;
}

bool is_action(const std::string& command) {
    for (const auto& r : service::kActionRoutes)
        if (command == r.command) return true;
    return false;
}

// A read answered at once: what the command printed in the service, and its exit code.
int query_in_service(Context& ctx, client::ServiceClient& c, const std::string& command) {
    auto q = c.query(command, request_from(ctx.args(), command));
    if (!q) return ctx.fail(q.error());
    ctx.out() << q->out << std::flush;
    ctx.err() << q->err << std::flush;
    return q->exit_code;
}

// The command run inside the service for one task or query: its options checked as main()
// checks them.
int run_task(const Command& cmd, const nlohmann::json& request, service::TaskIo& io) {
    Context ctx(Args{}, io.engine.home(), io.out, io.err);
    auto args = args_from(request);
    if (!args) return ctx.fail(args.error());
    std::set<std::string> allowed = {"json"};
    allowed.insert(cmd.options.begin(), cmd.options.end());
    allowed.insert(cmd.flags.begin(), cmd.flags.end());
    if (auto bad = args->unknown(allowed); !bad.empty())
        return ctx.fail(
            make_error(ErrorKind::InvalidArgument, "'" + joined(cmd.path) + "' has no option --" +
                                                       bad.front() + "; usage: tapeloom-cli " +
                                                       joined(cmd.path) + " " + cmd.usage));
    Context task(std::move(args.value()), io.engine.home(), io.out, io.err);
    task.use_engine(&io.engine);
    task.set_cancel(&io.cancel);
    return cmd.run(task);
}

// The table of the commands `pick` chooses, as the service runs them.
service::TaskTable table_of(const std::function<bool(const Command&)>& pick) {
    auto reg = std::make_shared<Registry>(local_commands());
    service::TaskTable table;
    for (const auto& cmd : *reg) {
        if (runs_here(cmd.path) || !pick(cmd)) continue;
        table[joined(cmd.path)] = [reg, &cmd](const nlohmann::json& request, service::TaskIo& io) {
            return run_task(cmd, request, io);
        };
    }
    return table;
}
} // namespace

bool runs_here(const std::vector<std::string>& path) {
    const std::string command = joined(path);
    for (const char* c : kRunHere)
        if (command == c || (!path.empty() && path.front() == c)) return true;
    return false;
}

void route_commands_through_service(Registry& r) {
    for (auto& cmd : r) {
        if (runs_here(cmd.path)) continue;
        const std::string command = joined(cmd.path);
        cmd.run = [local = cmd.run, reads = cmd.reads_only, command](Context& ctx) {
            auto c = reach_service(ctx);
            if (!c) return ctx.fail(c.error());
            if (!c.value()) return local(ctx);
            if (command == "files ls") return files_ls_through_service(ctx, *c.value());
            if (auto typed = through_typed_door(ctx, *c.value(), command)) return *typed;
            if (!is_action(command) && reads && reads(ctx.args()))
                return query_in_service(ctx, *c.value(), command);
            return run_in_service(ctx, *c.value(), command);
        };
    }
}

service::TaskTable service_actions() {
    return table_of([](const Command&) { return true; });
}

service::TaskTable service_queries() {
    return table_of([](const Command& cmd) { return static_cast<bool>(cmd.reads_only); });
}

} // namespace tl::cli
