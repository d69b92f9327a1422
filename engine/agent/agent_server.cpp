#include "agent/agent_server.h"

#include <memory>
#include <thread>

#include "agent/agent_backup.h"
#include "agent/agent_compare.h"
#include "agent/agent_restore.h"
#include "agent/agent_state.h"
#include "agent/wire.h"
#include "common/log.h"

namespace tl::agent {

namespace {

constexpr int kServiceWaitSeconds = 6 * 3600;

void handle(std::unique_ptr<TlsLink> link, const AllowList& allow) {
    auto log = log::get("engine");
    if (auto st = TlsListener::handshake(*link); !st) {
        log->error("{}", st.error().message);
        return;
    }
    // The service waits for drives and volumes as it needs (back-pressure on a backup, a
    // cartridge to mount on a restore): the agent waits for it as long.
    link->set_timeout(kServiceWaitSeconds);
    auto peer_hello = exchange_hello(*link, "agent");
    if (!peer_hello) {
        log->error("{}", peer_hello.error().message);
        return;
    }
    auto f = link->receive();
    if (!f) {
        log->error("{}", f.error().message);
        return;
    }
    auto request = parse_json(f.value());
    Status st;
    if (!request) {
        st = request.error();
    } else if (f->type == frame::kBackup) {
        log->info("backup of {} for {}", request->value("source", ""), link->peer());
        st = serve_backup(*link, request.value(), allow);
    } else if (f->type == frame::kRestore) {
        log->info("restore into {} for {}", request->value("to", ""), link->peer());
        st = serve_restore(*link, request.value(), allow);
    } else if (f->type == frame::kCompare) {
        log->info("compare for {}", link->peer());
        st = serve_compare(*link, request.value(), allow);
    } else {
        st = make_error(ErrorKind::InvalidArgument, "an unknown request");
        (void)send_error(*link, st.error());
    }
    if (!st)
        log->error("{}: {}", link->peer(), st.error().message);
    else
        log->info("{}: done", link->peer());
    link->close();
}

} // namespace

Status
serve_agent(const AgentOptions& o,
            const std::function<void(const std::string&, const std::string&)>& on_listening) {
    auto me = load_identity(o.state_dir, "agent");
    if (!me) return me.error();
    if (trusted_service(o.state_dir).empty())
        log::get("engine")->warn("this agent trusts no service yet: every connection is refused "
                                 "until tapeloom-agent trust --state {} --server-fingerprint FP",
                                 o.state_dir);
    auto allow = AllowList::from(o.allow);
    if (!allow) return allow.error();
    const std::string dir = o.state_dir;
    auto listener =
        TlsListener::listen(o.listen, me.value(), [dir] { return trusted_service(dir); });
    if (!listener) return listener.error();
    const auto hp = split_address(o.listen);
    on_listening(hp->first + ":" + std::to_string(listener.value()->port()), me->fingerprint);
    auto shared_allow = std::make_shared<AllowList>(allow.value());
    for (;;) {
        auto link = listener.value()->accept_connection();
        if (!link) {
            log::get("engine")->error("{}", link.error().message);
            continue;
        }
        std::thread([l = std::move(link.value()), shared_allow]() mutable {
            handle(std::move(l), *shared_allow);
        }).detach();
    }
}

} // namespace tl::agent
