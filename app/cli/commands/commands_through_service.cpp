// restore, verify, clone, scan, volume label, library load|unload while the service runs for
// the data directory (docs/api.md "Actions"): instead of failing on the data directory's lock
// (exit 4), the command is started in the service as a task (POST /v1/restores, ...: its
// arguments and options as JSON), and this process prints the task's output as it comes and
// exits with its exit code. Ctrl-C cancels the task. Inside the service the same command runs
// on the service's engine, so text, --json and exit codes are those of the command run here.
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
constexpr const char* kLocalGlobals[] = {"home", "log-level", "now", "connect", "token", "ca-cert"};
// Options naming a path on this machine, relative to the caller's directory.
constexpr const char* kPathOptions[] = {"to"};

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words)
        s += (s.empty() ? "" : " ") + w;
    return s;
}

nlohmann::json request_from(const Args& a) {
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [name, values] : a.options()) {
        if (std::find(std::begin(kLocalGlobals), std::end(kLocalGlobals), name) !=
            std::end(kLocalGlobals))
            continue;
        auto v = values;
        if (std::find(std::begin(kPathOptions), std::end(kPathOptions), name) !=
            std::end(kPathOptions))
            for (auto& p : v)
                if (!p.empty() && p.front() != '/')
                    p = (std::filesystem::current_path() / p).lexically_normal().string();
        options[name] = v;
    }
    return {{"arguments", a.words()}, {"options", options}};
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
    auto id = c.start_task(command, request_from(ctx.args()));
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

// The command run inside the service for one task: its options checked as main() checks them.
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
} // namespace

void route_actions_through_service(Registry& r) {
    for (auto& cmd : r) {
        const std::string command = joined(cmd.path);
        if (!is_action(command)) continue;
        cmd.run = [local = cmd.run, command](Context& ctx) {
            auto c = client_for(ctx);
            if (!ctx.args().has("connect") && !c->service()) return local(ctx);
            return run_in_service(ctx, *c, command);
        };
    }
}

service::TaskTable service_actions() {
    auto reg = std::make_shared<Registry>(local_commands());
    service::TaskTable table;
    for (const auto& cmd : *reg) {
        const std::string command = joined(cmd.path);
        if (!is_action(command)) continue;
        table[command] = [reg, &cmd](const nlohmann::json& request, service::TaskIo& io) {
            return run_task(cmd, request, io);
        };
    }
    return table;
}

} // namespace tl::cli
