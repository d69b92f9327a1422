// tapeloom-cli client add|list|show|remove: the machines whose tapeloom-agent this service
// backs up (docs/agent.md); and a restore to a client (restore --client).
#include <ctime>

#include "agent/client_registry.h"
#include "agent/client_restore.h"
#include "agent/identity.h"
#include "commands/commands.h"
#include "commands/typed_door_runs.h"
#include "exit_codes.h"

namespace tl::cli {

namespace {
Result<std::string> one_name(Context& ctx, const char* what) {
    if (ctx.args().words().size() != 1)
        return make_error(ErrorKind::InvalidArgument,
                          std::string("client ") + what + " takes one NAME");
    return ctx.args().words().front();
}

std::string when(const std::optional<long long>& t) {
    if (!t) return "never";
    char text[32] = "";
    const std::time_t c = *t;
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", std::localtime(&c));
    return text;
}

int client_add(Context& ctx) {
    auto request = client_add_request(ctx.args());
    if (!request) return ctx.fail(request.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto me = agent::service_identity(ctx.home());
    if (!me) return ctx.fail(me.error());
    auto c = agent::add_client(*engine.value(), request->name, request->address,
                               request->fingerprint, static_cast<long long>(std::time(nullptr)));
    if (!c) return ctx.fail(c.error());
    auto typed = client::agent_client_from_json(agent::to_json(c.value()));
    if (!typed) return ctx.fail(typed.error());
    typed->service_fingerprint = me->fingerprint;
    print_client_added(ctx, typed.value());
    return kOk;
}

int client_list(Context& ctx) {
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto clients = agent::list_clients(*engine.value());
    if (!clients) return ctx.fail(clients.error());
    std::vector<client::AgentClient> typed;
    for (const auto& c : clients.value()) {
        auto t = client::agent_client_from_json(agent::to_json(c));
        if (!t) return ctx.fail(t.error());
        typed.push_back(std::move(t.value()));
    }
    print_clients(ctx, typed);
    return kOk;
}

int client_show(Context& ctx) {
    auto name = one_name(ctx, "show");
    if (!name) return ctx.fail(name.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    auto c = agent::find_client(*engine.value(), name.value());
    if (!c) return ctx.fail(c.error());
    auto typed = client::agent_client_from_json(agent::to_json(c.value()));
    if (!typed) return ctx.fail(typed.error());
    print_client(ctx, typed.value());
    return kOk;
}

int client_remove(Context& ctx) {
    auto name = one_name(ctx, "remove");
    if (!name) return ctx.fail(name.error());
    auto engine = ctx.engine();
    if (!engine) return ctx.fail(engine.error());
    if (auto st = agent::remove_client(*engine.value(), name.value()); !st)
        return ctx.fail(st.error());
    if (ctx.json())
        ctx.print_json({{"removed", name.value()}});
    else
        ctx.out() << "client " << name.value() << " removed\n";
    return kOk;
}
} // namespace

Result<std::optional<std::string>> restore_client(Context& ctx, Engine& engine) {
    const auto& a = ctx.args();
    if (a.has("client")) return std::optional<std::string>(a.get("client"));
    if (!a.has("job") && !a.has("saveset")) return std::optional<std::string>();
    return agent::job_client(engine, std::atoll(a.get("job", "0").c_str()),
                             std::atoll(a.get("saveset", "0").c_str()));
}

Result<job::RestoreResult> restore_to_client(Context& ctx, Engine& engine,
                                             const std::string& client, std::atomic<bool>* cancel) {
    const auto& a = ctx.args();
    if (a.has("job") == a.has("saveset") || !a.has("to") || a.has("source"))
        return make_error(ErrorKind::InvalidArgument,
                          "a restore to a client takes --job N or --saveset N, and --to DIR "
                          "(with --path P... for a part of it)");
    agent::ClientRestoreOptions o;
    o.job_id = std::atoll(a.get("job", "0").c_str());
    o.saveset_id = std::atoll(a.get("saveset", "0").c_str());
    o.client = client;
    o.to = a.get("to");
    o.existing = a.get("existing", "skip");
    o.library = a.get("library");
    o.paths = a.all("path");
    for (const auto& w : a.words())
        o.paths.push_back(w);
    return agent::run_client_restore(engine, o, cancel);
}

Result<client::NewClient> client_add_request(const Args& a) {
    if (a.words().size() != 1)
        return make_error(ErrorKind::InvalidArgument, "client add takes one NAME");
    if (!a.has("address") || !a.has("fingerprint"))
        return make_error(ErrorKind::InvalidArgument,
                          "client add needs --address HOST:PORT and --fingerprint FP "
                          "(tapeloom-agent init printed it)");
    return client::NewClient{a.words().front(), a.get("address"), a.get("fingerprint")};
}

void print_client_added(Context& ctx, const client::AgentClient& c) {
    if (ctx.json()) {
        auto doc = c.document;
        doc.erase("service_fingerprint");
        ctx.print_json({{"client", doc}, {"service_fingerprint", c.service_fingerprint}});
        return;
    }
    ctx.out() << c.service_fingerprint << "\n";
    ctx.err() << "tapeloom-cli: client " << c.name << " added; run on it: tapeloom-agent trust "
              << "--state DIR --server-fingerprint " << c.service_fingerprint << "\n";
}

void print_clients(Context& ctx, const std::vector<client::AgentClient>& clients) {
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& c : clients)
            arr.push_back(c.document);
        return ctx.print_json(arr);
    }
    for (const auto& c : clients)
        ctx.out() << c.name << "  " << c.address << "  " << (c.version.empty() ? "-" : c.version)
                  << "  last backup " << when(c.last_backup) << "\n";
    if (clients.empty()) ctx.out() << "(no clients; tapeloom-cli client add NAME ...)\n";
}

void print_client(Context& ctx, const client::AgentClient& c) {
    if (ctx.json()) return ctx.print_json(c.document);
    ctx.out() << "client      " << c.name << "\naddress     " << c.address << "\nfingerprint "
              << c.fingerprint << "\nversion     " << (c.version.empty() ? "-" : c.version)
              << "\nOS          " << (c.os.empty() ? "-" : c.os) << "\nlast seen   "
              << when(c.last_seen) << "\nlast backup " << when(c.last_backup) << "\n";
}

void add_client_commands(Registry& r) {
    r.push_back({{"client", "add"},
                 "NAME --address HOST:PORT --fingerprint FP",
                 "add a client whose tapeloom-agent listens at HOST:PORT with the certificate "
                 "FP; prints the service's fingerprint for tapeloom-agent trust",
                 {"address", "fingerprint"},
                 {},
                 client_add});
    r.push_back({{"client", "list"},
                 "",
                 "the clients, their version and last backup",
                 {},
                 {},
                 client_list});
    reads_only(r);
    r.push_back({{"client", "show"}, "NAME", "one client in full", {}, {}, client_show});
    reads_only(r);
    r.push_back({{"client", "remove"},
                 "NAME",
                 "remove a client: the service no longer talks to it (its backups stay)",
                 {},
                 {},
                 client_remove});
}

} // namespace tl::cli
