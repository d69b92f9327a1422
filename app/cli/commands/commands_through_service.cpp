// Every command but those that run here (runs_here(), docs/service.md) goes to the service of
// the data directory, started when none runs (autostart, service_link.cpp), through its typed
// door (client/api.h, typed_door*.cpp): each command is one or more calls of typed routes whose
// answers the command's own printers print, so text, --json and exit codes are those of the
// command run here; `files ls` reads the directory in pages (GET /v1/files,
// files_through_service.cpp).
#include "client/service_client.h"
#include "commands/commands.h"

namespace tl::cli {

namespace {
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
        cmd.run = [local = cmd.run, command](Context& ctx) {
            auto c = reach_service(ctx);
            if (!c) return ctx.fail(c.error());
            if (!c.value()) return local(ctx);
            if (command == "files ls") return files_ls_through_service(ctx, *c.value());
            if (auto typed = through_typed_door(ctx, *c.value(), command)) return *typed;
            return ctx.fail(make_error(ErrorKind::Internal,
                                       "'" + command + "' has no call of the service's API"));
        };
    }
}

} // namespace tl::cli
