#include "service/service.h"

#include <cerrno>
#include <chrono>
#include <cstring>

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/log.h"
#include "schedule/service.h"
#include "schedule/service_lock.h"
#include "service/api_protocol.h"
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
    return s;
}

Service::Service(ServiceConfig config, std::atomic<bool>& stop, std::unique_ptr<Engine> engine,
                 uid_t owner)
    : config_(std::move(config)), stop_(stop), engine_(std::move(engine)), runner_(*engine_),
      tracker_(runner_),
      tasks_(*engine_, config_.tasks), api_{config_.home, owner,    static_cast<long>(getpid()),
                                            inbox_,       tracker_, tasks_,
                                            stop_},
      socket_(socket_path(config_.home)) {
    add_guards(server_, api_);
    add_read_routes(server_, api_);
    add_action_routes(server_, api_);
    add_task_routes(server_, api_);
    add_metrics_route(server_, api_);
}

Service::~Service() {
    shut_down();
}

Status Service::bind() {
    server_.set_address_family(AF_UNIX);
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

Status Service::run() {
    auto log = log::get("service");
    std::atomic<bool> returned{false};
    serving_ = std::thread([this, &returned] {
        server_.listen_after_bind();
        returned = true;
    });
    // stop() is only heard once the server runs: wait for that before anything may stop it.
    while (!server_.is_running() && !returned)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    log->info("service of {} listening on {} (pid {}, API v{})", config_.home, socket_,
              static_cast<long>(getpid()), kApiMajor);
    schedule::ServiceOptions o;
    o.home = config_.home;
    o.limits = config_.limits;
    o.tick_seconds = config_.tick_seconds;
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
    if (serving_.joinable()) {
        server_.stop();
        serving_.join();
    }
    if (bound_) {
        unlink(socket_.c_str());
        bound_ = false;
    }
}

} // namespace tl::service
