#include "job/job_context.h"

#include <algorithm>
#include <chrono>

#include <unistd.h>

#include "catalog/job_writer.h"
#include "catalog/series_store.h"
#include "common/log.h"
#include "common/thread_name.h"
#include "context/engine_catalog.h"
#include "job/drive_alerts.h"
#include "job/drive_cleaning.h"
#include "job/job_opened.h"
#include "job/volume_wear.h"
#include "metrics/live_board.h"
#include "metrics/process_stat.h"
#include "metrics/sustained_rate.h"

namespace tl::job {

namespace {
// Live files of jobs that ended longer ago than this are removed when a job starts.
constexpr double kLiveKeepSeconds = 600;

nlohmann::json merged(const JobReport& r, const nlohmann::json& extra) {
    auto j = to_json(r);
    if (extra.is_object())
        for (auto it = extra.begin(); it != extra.end(); ++it)
            j[it.key()] = it.value();
    return j;
}
} // namespace

JobContext::JobContext(Engine& engine, std::atomic<bool>* cancel)
    : engine_(engine), clock_(engine.clock()), cancel_(cancel) {}

JobContext::~JobContext() {
    stop_monitor();
    if (opened_ && !ended_)
        fail(make_error(ErrorKind::Internal, "the job ended without recording how"));
}

Status JobContext::open(const JobIdentity& identity) {
    identity_ = identity;
    const auto wall = clock_.wall();
    started_ = clock_.now();
    started_unix_ = std::chrono::duration<double>(wall.time_since_epoch()).count();
    cpu_before_ = metrics::read_process_stat().cpu_seconds;
    report_.kind = identity.kind;
    report_.started = to_unix_seconds(wall);
    catalog::NewJob job;
    job.kind = identity.kind;
    job.name = identity.name;
    if (!identity.level.empty()) job.level = identity.level;
    if (identity.pool_id) job.pool_id = identity.pool_id;
    job.pid = static_cast<std::int64_t>(getpid());
    job.started = report_.started;
    auto id = catalog::add_job(engine_catalog(engine_), job);
    if (!id) return id.error();
    report_.job_id = id.value();
    opened_ = true;
    tell_job_opened(report_.job_id);
    return {};
}

Result<JobDrives*> JobContext::acquire(device::Library& library, JobNeeds needs) {
    needs.job_id = report_.job_id;
    if (!needs.cancel) needs.cancel = cancel_;
    bool waited = false;
    needs.on_wait = [this, &waited](const std::string& why) {
        if (why.empty()) return;
        waited = true;
        if (opened_) publish_waiting(why); // a job without a row (a scan) has no live figures
    };
    const double asked = elapsed();
    auto r = reserve(engine_, library, needs);
    // The wait is kept apart: the job's rates and its live figures are over the time it works.
    if (waited) report_.waited += elapsed() - asked;
    if (!r) return r.error();
    drives_ = std::move(r.value());
    return drives_.get();
}

double JobContext::elapsed() const {
    return seconds_between(started_, clock_.now());
}

double JobContext::working() const {
    return std::max(0.0, elapsed() - report_.waited);
}

// While the job waits, the board says so (with why), so every view lists it as waiting.
void JobContext::publish_waiting(const std::string& why) {
    metrics::LiveSnapshot s = stamped({});
    s.status = "waiting";
    s.waiting_for = why;
    s.seq = ++waiting_seq_;
    s.wall_time = to_unix_seconds(clock_.wall());
    if (auto st = metrics::LiveBoard(engine_.home()).publish(s); !st)
        log::get("job")->warn("{} job {}: its wait is not on the live board: {}", identity_.kind,
                              report_.job_id, st.error().message);
}

metrics::LiveSnapshot JobContext::stamped(metrics::LiveSnapshot s) const {
    s.job_id = report_.job_id;
    s.kind = identity_.kind;
    s.name = identity_.name;
    s.pid = getpid();
    // Live figures start when the work does: after a wait for drives or volumes.
    s.started_at = started_unix_ + report_.waited;
    s.seconds_waiting = report_.waited;
    if (s.status.empty()) s.status = "running";
    s.poll_interval = monitor_options_.poll_interval;
    return s;
}

void JobContext::start_monitor(Collect collect, MonitorOptions options, OnPoll on_poll) {
    collect_ = std::move(collect);
    on_poll_ = std::move(on_poll);
    monitor_options_ = options;
    if (options.publish) {
        board_ = std::make_unique<metrics::LiveBoard>(engine_.home());
        board_->prune(to_unix_seconds(clock_.wall()), kLiveKeepSeconds);
    }
    monitor_ = std::make_unique<metrics::JobMonitor>(board_.get());
    monitor_->continue_after(waiting_seq_); // readers see each snapshot as a new one
    monitor_stop_ = false;
    monitor_thread_ = std::thread([this] {
        name_this_thread("tl-monitor");
        monitor_loop();
    });
}

void JobContext::monitor_loop() {
    const double interval = monitor_options_.poll_interval;
    const auto step = std::chrono::duration<double>(std::min(0.05, interval));
    auto next = clock_.now() + std::chrono::duration_cast<Clock::Mono::duration>(
                                   std::chrono::duration<double>(interval));
    std::unique_lock lock(monitor_mutex_);
    while (!monitor_stop_.load()) {
        // stop_monitor() wakes it at once: the job's end waits for no poll step.
        monitor_cv_.wait_for(lock, step, [this] { return monitor_stop_.load(); });
        if (clock_.now() < next || monitor_stop_.load()) continue;
        lock.unlock();
        sample(false);
        lock.lock();
        next += std::chrono::duration_cast<Clock::Mono::duration>(
            std::chrono::duration<double>(interval));
    }
}

void JobContext::sample(bool final) {
    auto live =
        monitor_->poll(stamped(collect_()), working(), to_unix_seconds(clock_.wall()), final);
    if (on_poll_) on_poll_(live);
    last_ = std::move(live);
}

void JobContext::stop_monitor() {
    if (!monitor_thread_.joinable()) return;
    {
        std::lock_guard lock(monitor_mutex_);
        monitor_stop_ = true;
    }
    monitor_cv_.notify_all();
    monitor_thread_.join();
    sample(true);
    report_.poll_interval = monitor_options_.poll_interval;
    report_.sample_times = monitor_->series().times;
    report_.drive_samples = monitor_->drive_rates();
}

void JobContext::stamp_end() {
    if (stamped_) return;
    stamped_ = true;
    report_.ended = to_unix_seconds(clock_.wall());
    report_.elapsed = elapsed();
    const auto proc = metrics::read_process_stat();
    report_.cpu_seconds = proc.cpu_seconds - cpu_before_;
    const unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
    report_.cpu_utilization =
        report_.elapsed > 0 ? 100.0 * report_.cpu_seconds / (report_.elapsed * cpus) : 0;
    report_.peak_rss = proc.peak_rss_bytes;
}

void JobContext::end_row(const nlohmann::json& extra, bool with_counts) {
    catalog::JobUpdate u;
    u.status = report_.status;
    u.clear_wait = true;
    u.ended = report_.ended;
    if (with_counts) {
        u.files = report_.files;
        u.bytes = report_.bytes;
    }
    u.report =
        merged(report_, extra).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    auto& db = engine_catalog(engine_);
    if (auto st = catalog::update_job(db, report_.job_id, u); !st)
        log::get("job")->warn("{} job {}: its end is not recorded: {}", identity_.kind,
                              report_.job_id, st.error().message);
    ended_ = true;
    drives_.reset(); // the drives are closed and the grant given back
}

Status JobContext::finish(const nlohmann::json& extra) {
    stop_monitor();
    stamp_end();
    // The sustained rate over the samples; with no steady state, at least the average.
    std::vector<double> summed(report_.sample_times.size(), 0.0);
    for (const auto& series : report_.drive_samples)
        for (std::size_t i = 0; i < series.size() && i < summed.size(); ++i)
            summed[i] += series[i];
    const auto sustained = metrics::sustained_rate(summed);
    report_.sustained_rate = sustained.rate;
    report_.sustained_steady = sustained.steady;
    if (!sustained.steady && report_.elapsed > 0)
        report_.sustained_rate =
            std::max(report_.sustained_rate, rate_over_work(report_, report_.tape_bytes));
    if (!has_rate(report_)) {
        // A job that moved no data has no rate: its labels and headers read or written in a
        // millisecond are not "1,151 MB/s".
        report_.wall_rate = report_.sustained_rate = 0;
        report_.sustained_steady = false;
    }
    record_alerts();
    end_row(extra, true);
    auto& db = engine_catalog(engine_);
    if (monitor_) {
        if (auto st = catalog::save_series(db, report_.job_id, monitor_->series()); !st)
            log::get("job")->warn("{} job {}: series not stored: {}", identity_.kind,
                                  report_.job_id, st.error().message);
        if (board_) {
            auto last = stamped(collect_());
            last.ended = true;
            last.status = report_.status;
            (void)monitor_->poll(std::move(last), working_seconds(report_), report_.ended, true);
        }
    }
    return {};
}

void JobContext::record_alerts() {
    if (!drives_) return;
    auto& lib = drives_->library();
    const bool failed = report_.status == "failed";
    for (auto d : drives_->drives())
        lib.check_alerts(d, failed ? "error" : "check");
    const auto alerts = lib.take_alerts();
    if (auto st = record_volume_wear(engine_catalog(engine_), lib.take_uses(), alerts,
                                     to_unix_seconds(clock_.wall()));
        !st)
        log::get("job")->warn("job {}: cartridge wear not recorded: {}", report_.job_id,
                              st.error().message);
    if (alerts.empty()) return;
    auto out = record_drive_alerts(engine_catalog(engine_), alerts, to_unix_seconds(clock_.wall()),
                                   report_.job_id);
    if (!out) {
        log::get("job")->warn("job {}: TapeAlert flags not recorded: {}", report_.job_id,
                              out.error().message);
        return;
    }
    add_to_report(out.value(), report_);
    for (auto index : out->cleaning_wanted) {
        const auto& held = drives_->drives();
        if (std::find(held.begin(), held.end(), index) == held.end()) continue;
        auto done = clean_reserved_drive(engine_catalog(engine_), lib, index, clock_);
        report_.warnings.push_back(
            done ? "drive " + done->drive + " cleaned with " + done->cartridge + " (" +
                       std::to_string(done->uses_left) + " uses left)"
                 : "drive " + lib.drive(index).name() + " needs cleaning: " + done.error().message);
    }
}

void JobContext::fail(const Error& e, const nlohmann::json& extra) {
    stop_monitor();
    stamp_end();
    if (report_.status != "cancelled")
        report_.status = e.kind == ErrorKind::Cancelled ? "cancelled" : "failed";
    report_.error = e.message;
    record_alerts();
    end_row(extra, false);
    if (board_) {
        auto last = stamped(last_);
        last.ended = true;
        last.status = report_.status;
        (void)board_->publish(last);
    } else if (waiting_seq_ > 0) { // it ended while waiting (cancelled): it waits no more
        auto last = stamped({});
        last.seq = waiting_seq_ + 1;
        last.ended = true;
        last.status = report_.status;
        last.wall_time = report_.ended;
        (void)metrics::LiveBoard(engine_.home()).publish(last);
    }
}

} // namespace tl::job
