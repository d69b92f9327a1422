#include "service/service.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog/catalog_location.h"
#include "common/clock.h"
#include "common/log.h"
#include "schedule/service.h"
#include "schedule/service_lock.h"
#include "service/api_protocol.h"
#include "service/audit_trail.h"
#include "service/caller.h"
#include "service/lifo_pool.h"
#include "service/socket_place.h"

namespace tl::service {

Result<std::unique_ptr<Service>> Service::open(const ServiceConfig& config,
                                               std::atomic<bool>& stop) {
    auto owner = check_home_private(config.home);
    if (!owner) return owner.error();
    if (const long pid = schedule::service_holder(config.home))
        return make_error(ErrorKind::Busy, "data directory " + config.home +
                                               " is served by the scheduler service (pid " +
                                               std::to_string(pid) + "); stop it first");
    EngineOptions eo;
    eo.home = config.home;
    auto engine = Engine::open(eo);
    if (!engine) return engine.error();
    // We hold the data directory's lock now, so no live service of ours owns a socket here.
    TL_TRY(remove_stale_socket(socket_path(config.home)));
    std::unique_ptr<Service> s(new Service(config, stop, std::move(engine.value()), owner.value()));
    TL_TRY(s->bind());
    if (!config.listen.empty()) TL_TRY(s->bind_remote());
    return s;
}

Service::Service(ServiceConfig config, std::atomic<bool>& stop, std::unique_ptr<Engine> engine,
                 uid_t owner)
    : config_(std::move(config)), stop_(stop), engine_(std::move(engine)), runner_(*engine_),
      log_events_(events_), tracker_(runner_, events_), tasks_(*engine_, events_), starts_(tasks_),
      watch_(config_.home, events_), idle_(config_.idle, idle_facts(), stop),
      api_{config_.home, owner,    static_cast<long>(getpid()),
           inbox_,       tracker_, tasks_,
           events_,      stop_,    *engine_,
           tally_,       starts_},
      socket_(socket_path(config_.home)) {
    add_routes(server_, Access::LocalSocket);
}

std::function<IdleFacts()> Service::idle_facts() {
    auto db = std::make_shared<std::optional<catalog::Db>>();
    return [this, db] {
        IdleFacts f;
        f.streams = events_.streams();
        f.tasks = tasks_.running();
        if (!*db)
            if (auto opened = catalog::Db::open(catalog::catalog_location(config_.home),
                                                catalog::Access::ReadOnly))
                *db = std::move(opened.value());
        // A catalog that cannot be read keeps the service: it never ends on a guess.
        if (!*db || !read_catalog_facts(**db, f)) f.jobs = 1;
        return f;
    };
}

void Service::add_routes(httplib::Server& server, Access access) {
    add_guards(server, api_, access);
    server.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
        idle_.touch();
        // Which reads reached the typed routes (the console's tests look for them at debug).
        if (req.method == "GET") log::get("service")->debug("GET {} {}", req.path, res.status);
    });
    add_read_routes(server, api_);
    add_action_routes(server, api_);
    add_job_start_routes(server, api_);
    add_volume_routes(server, api_);
    add_volume_action_routes(server, api_);
    add_pool_routes(server, api_);
    add_library_routes(server, api_);
    add_library_read_routes(server, api_);
    add_config_routes(server, api_);
    add_definition_routes(server, api_);
    add_definition_import_route(server, api_);
    add_volume_history_route(server, api_);
    add_volume_jobs_route(server, api_);
    add_file_version_route(server, api_);
    add_wear_route(server, api_);
    add_file_routes(server, api_);
    add_saveset_route(server, api_);
    add_key_import_route(server, api_);
    add_client_routes(server, api_);
    add_identity_route(server, api_);
    add_console_feed_routes(server, api_);
    add_device_routes(server, api_);
    add_drive_routes(server, api_);
    add_volume_adopt_route(server, api_);
    add_catalog_setting_routes(server, api_);
    add_job_report_route(server, api_);
    add_volume_contents_route(server, api_);
    add_verification_routes(server, api_);
    add_maintenance_routes(server, api_);
    add_library_fault_routes(server, api_);
    add_stream_routes(server, api_);
    add_live_route(server, api_);
    add_metrics_route(server, api_);
    add_caller_route(server, api_, access);
    add_audit_route(server, api_);
    add_audit_trail(server, api_, access);
    // Each open stream holds a connection's thread: room for the streams and the calls. A call
    // goes to the thread idle last, whose catalog connection is warm (lifo_pool.h).
    server.new_task_queue = [] { return new LifoPool(EventHub::kMaxSubscribers + 16); };
}

Service::~Service() {
    shut_down();
}

Status Service::bind() {
    server_.set_address_family(AF_UNIX);
    server_.set_socket_options([](socket_t) {}); // a path: nothing to share or reuse
    // Nobody else may connect even for the moment between bind() and chmod().
    const mode_t old_mask = umask(0077);
    const bool ok = server_.bind_to_port(socket_, 80);
    umask(old_mask);
    if (!ok)
        return make_error(ErrorKind::Io, "cannot listen on " + socket_ +
                                             " (the path may be too long for a Unix socket: "
                                             "at most 107 bytes)");
    bound_ = true;
    if (chmod(socket_.c_str(), 0600) != 0)
        return make_error(ErrorKind::Io, "cannot make " + socket_ +
                                             " private (chmod 600): " + std::strerror(errno));
    return {};
}

Status Service::bind_remote() {
    const auto colon = config_.listen.rfind(':');
    const std::string host = colon == std::string::npos ? "" : config_.listen.substr(0, colon);
    const int port = colon == std::string::npos ? 0 : std::atoi(config_.listen.c_str() + colon + 1);
    if (host.empty() || port <= 0 || port > 65535)
        return make_error(ErrorKind::InvalidArgument,
                          "--listen takes HOST:PORT (e.g. 127.0.0.1:8443), not '" + config_.listen +
                              "'");
    if (config_.tls_cert.empty() || config_.tls_key.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "--listen needs --tls-cert FILE and --tls-key FILE (PEM): remote "
                          "access is HTTPS only");
    remote_ =
        std::make_unique<httplib::SSLServer>(config_.tls_cert.c_str(), config_.tls_key.c_str());
    if (!remote_->is_valid())
        return make_error(ErrorKind::InvalidArgument,
                          "cannot use the certificate " + config_.tls_cert + " with the key " +
                              config_.tls_key + " (PEM files, readable, the key matching)");
    add_routes(*remote_, Access::RemoteToken);
    // SO_REUSEADDR only (a restart reuses a port in TIME_WAIT): cpp-httplib's default also sets
    // SO_REUSEPORT, with which a second service would share the port and split the requests.
    remote_->set_socket_options([](socket_t sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    if (!remote_->bind_to_port(host, port))
        return make_error(ErrorKind::Busy, "cannot listen on " + config_.listen +
                                               ": the address is in use (another service?) or "
                                               "not an address of this machine");
    return {};
}

Status Service::run() {
    auto log = log::get("service");
    // Both flags outlive their threads: shut_down() joins them before run() returns.
    std::atomic<bool> returned{false}, remote_returned{false};
    serving_ = std::thread([this, &returned] {
        server_.listen_after_bind();
        returned = true;
    });
    // stop() is only heard once the server runs: wait for that before anything may stop it.
    while (!server_.is_running() && !returned)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (remote_) {
        remote_serving_ = std::thread([this, &remote_returned] {
            remote_->listen_after_bind();
            remote_returned = true;
        });
        while (!remote_->is_running() && !remote_returned)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        log->info("service of {} listening on https://{} for clients with a token", config_.home,
                  config_.listen);
    }
    watch_.start();
    idle_.start();
    log->info("service of {} listening on {} (pid {}, API v{})", config_.home, socket_,
              static_cast<long>(getpid()), kApiMajor);
    schedule::ServiceOptions o;
    o.home = config_.home;
    o.limits = config_.limits;
    o.tick_seconds = config_.tick_seconds;
    o.prune_every_seconds = config_.prune_every_seconds;
    o.engine = engine_.get();
    o.runner = &tracker_;
    o.inbox = &inbox_;
    SystemClock clock;
    auto st = schedule::run_service(o, clock, stop_);
    inbox_.close();
    tasks_.cancel_all_and_wait();
    if (!st) log->error("scheduler: {}", st.error().message);
    shut_down();
    log->info("service of {} stopped", config_.home);
    return st;
}

void Service::shut_down() {
    watch_.stop();
    events_.close();
    if (serving_.joinable()) {
        server_.stop();
        serving_.join();
    }
    if (remote_serving_.joinable()) {
        remote_->stop();
        remote_serving_.join();
    }
    if (bound_) {
        unlink(socket_.c_str());
        bound_ = false;
    }
}

} // namespace tl::service
