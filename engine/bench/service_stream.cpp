// bench service, stream: what following a running job's live stream and the event stream costs
// the service, from its CPU time in windows with and without followers. The middle window has
// `followers` pairs of followers, so the cost of one pair stands out of the backup's own spread.
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "bench/scratch_backup.h"
#include "bench/service_bench_parts.h"
#include "client/service_client.h"

namespace tl::bench {

namespace {
using Steady = std::chrono::steady_clock;

// The service's CPU over `seconds`, in percent of one core.
Result<double> cpu_percent(const BenchService& svc, double seconds) {
    auto before = svc.cpu_seconds();
    if (!before) return before.error();
    const auto t0 = Steady::now();
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    auto after = svc.cpu_seconds();
    if (!after) return after.error();
    const double wall = std::chrono::duration<double>(Steady::now() - t0).count();
    return 100.0 * (after.value() - before.value()) / wall;
}

// Follows `path` of the service at `home` on its own thread until stopped, counting events.
class Follower {
public:
    Follower(const std::string& home, std::string path, std::atomic<std::uint64_t>& events)
        : thread_([this, home, path = std::move(path), &events] {
              client::ServiceClient c(home);
              status_ = c.follow(
                  path,
                  [&](const client::StreamEvent&) {
                      ++events;
                      return !stop_;
                  },
                  [&] { return !stop_.load(); });
          }) {}
    Status finish() {
        stop_ = true;
        thread_.join();
        return status_;
    }

private:
    std::atomic<bool> stop_{false};
    Status status_;
    std::thread thread_;
};

Status windows(const BenchService& svc, std::int64_t job, const ServiceBenchOptions& o,
               StreamCost& s) {
    auto a = cpu_percent(svc, o.window);
    if (!a) return a.error();
    std::atomic<std::uint64_t> events{0};
    std::vector<std::unique_ptr<Follower>> followers;
    for (std::size_t i = 0; i < o.followers; ++i) {
        followers.push_back(std::make_unique<Follower>(
            svc.home(), "/v1/jobs/" + std::to_string(job) + "/live", events));
        followers.push_back(std::make_unique<Follower>(svc.home(), "/v1/events", events));
    }
    auto b = cpu_percent(svc, o.window);
    Status ended;
    for (auto& f : followers)
        if (auto st = f->finish(); !st && ended) ended = st;
    if (!b) return b.error();
    TL_TRY(ended);
    auto c = cpu_percent(svc, o.window);
    if (!c) return c.error();
    s.without_before = a.value();
    s.with = b.value();
    s.without_after = c.value();
    s.events = events.load();
    return {};
}
} // namespace

Status measure_stream_cost(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock) {
    auto dir = make_scratch_dir(o.scratch);
    if (!dir) return dir.error();
    ScratchDir scratch(dir.value());
    const std::string home = scratch.path + "/home";
    TL_TRY(make_private_home(home));
    const std::size_t sources = o.stream_drives * o.stream_sessions;
    // Long enough for the three windows and the start, at the throttled rate.
    const auto per_source = static_cast<std::uint64_t>(o.stream_rate * (3 * o.window + 60));
    TL_TRY(add_library_before_service(home, o.stream_drives, per_source * sources, clock));
    const auto request = throttled_backup_request(o.source_program, o.stream_drives,
                                                  o.stream_sessions, per_source, o.stream_rate);
    auto svc = BenchService::start(o.start_service, home);
    if (!svc) return svc.error();
    client::ServiceClient c(home);
    auto queue_id = c.submit_backup(request);
    if (!queue_id) return queue_id.error();
    auto job = running_job(c, queue_id.value(), "the stream bench's backup");
    if (!job) return job.error();
    // The drives label and mount their cartridges first; the windows measure them streaming.
    std::this_thread::sleep_for(std::chrono::seconds(10));
    r.stream.drives = o.stream_drives;
    r.stream.sessions = sources;
    r.stream.window = o.window;
    r.stream.followers = o.followers;
    auto measured = windows(svc.value(), job.value(), o, r.stream);
    auto cancelled = c.cancel(queue_id.value());
    auto stopped = svc->stop();
    TL_TRY(measured);
    TL_TRY(cancelled);
    return stopped;
}

} // namespace tl::bench
