#pragma once
// The Tapeloom service (`tapeloom-cli service start`, docs/api.md): one process per data
// directory owns its Engine (and with it the data directory's lock) and the scheduler loop
// (schedule/service.h), and serves the HTTP/JSON API on <home>/tapeloom.sock to root and the
// data directory's owner. No Qt.
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "context/engine.h"
#include "schedule/backup_runner.h"
#include "schedule/scheduler.h"
#include "schedule/service_inbox.h"
#include "service/api_context.h"
#include "service/event_hub.h"
#include "service/event_watch.h"
#include "service/idle_exit.h"
#include "service/job_tally.h"
#include "service/log_events.h"
#include "service/peer_checked_server.h"
#include "service/run_tracker.h"

namespace tl::service {

struct ServiceConfig {
    std::string home;
    schedule::SchedulerLimits limits;
    double tick_seconds = 1.0;
    double prune_every_seconds = 24 * 3600.0; // retention applied this often; 0: never
    // Remote access (off when `listen` is empty): HTTPS on HOST:PORT with this certificate and
    // key, for clients with a bearer token (token_store.h).
    std::string listen, tls_cert, tls_key;
    // An autostarted service's idle exit (idle_exit.h; idle_seconds 0: never).
    IdleRule idle;
};

class Service {
public:
    // Checks the data directory (private, see socket_place.h), opens the engine (Busy naming
    // the holder's pid when another process has the data directory), removes a stale socket
    // and binds the new one (mode 0600). `stop` ends run(): set by a signal handler or by
    // POST /v1/service/stop; it must outlive the Service.
    static Result<std::unique_ptr<Service>> open(const ServiceConfig& config,
                                                 std::atomic<bool>& stop);
    ~Service();
    Service(const Service&) = delete;
    Service& operator=(const Service&) = delete;

    // Serves the API and runs the scheduler until `stop`; then cancels running jobs, stops
    // serving and removes the socket. The engine (the lock) goes with the Service.
    Status run();

private:
    Service(ServiceConfig config, std::atomic<bool>& stop, std::unique_ptr<Engine> engine,
            uid_t owner);
    Status bind();
    Status bind_remote();
    void add_routes(httplib::Server& server, Access access);
    std::function<IdleFacts()> idle_facts(); // read on the idle watch's thread
    void shut_down();

    ServiceConfig config_;
    std::atomic<bool>& stop_;
    std::unique_ptr<Engine> engine_;
    schedule::BackupRunner runner_;
    EventHub events_;
    LogEventsAttached log_events_; // warnings on the stream while the service lives
    RunTracker tracker_;
    TaskBoard tasks_;  // before api_ and server_; gone before engine_
    JobStarts starts_; // the typed routes' jobs, on tasks_
    EventWatch watch_;
    schedule::ServiceInbox inbox_;
    IdleExit idle_; // watches events_, tasks_ and the catalog; ends before them
    JobTally tally_;
    ApiContext api_;
    PeerCheckedServer server_;
    std::thread serving_;
    std::unique_ptr<httplib::SSLServer> remote_;
    std::thread remote_serving_;
    std::string socket_;
    bool bound_ = false;
};

} // namespace tl::service
