#pragma once
// One job's hold on what it owns while it runs, for every kind of job (docs/jobs.md): its
// catalog row, its report, its cancellation, its live monitor (rates from the JobMonitor, the
// live snapshot on the LiveBoard, the kept series) and its reservations of drives and volumes.
// A job goes through four phases:
//   plan     the job's own checks and choices, before anything is recorded (no context yet, or
//            one not opened: a job refused here leaves no row)
//   acquire  open() adds its row; acquire() reserves drives and volumes, waiting and saying why
//   run      start_monitor() polls the job's counters on a thread of its own at the poll
//            interval while the job works; stop_monitor() takes the last sample
//   finish   finish() stores the report (figures, CPU, rates, series), ends the row, publishes
//            the last live snapshot and gives the reservations back; fail() does the same for a
//            job that ended early with an error.
// Thread-safety: a JobContext belongs to its job's thread. The collect function given to
// start_monitor() runs on the monitor thread and must only read what the job publishes for it
// (atomics, or state under the job's own lock).
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "common/clock.h"
#include "context/engine.h"
#include "job/job_report.h"
#include "job/job_reservation.h"
#include "metrics/job_monitor.h"
#include "metrics/live_snapshot.h"

namespace tl::job {

// What the job's row says from the start.
struct JobIdentity {
    std::string kind; // backup | restore | verify | scan | clone | label ...
    std::string name;
    std::string level;        // backups only ("" for the others)
    std::int64_t pool_id = 0; // 0: none
};

struct MonitorOptions {
    double poll_interval = 1.0; // seconds
    bool publish = true;        // on the LiveBoard (false: only the series, e.g. null drives)
};

class JobContext {
public:
    JobContext(Engine& engine, std::atomic<bool>* cancel = nullptr);
    JobContext(const JobContext&) = delete;
    JobContext& operator=(const JobContext&) = delete;
    // Stops the monitor; a context opened but never finished ends its row as failed.
    ~JobContext();

    // --- acquire ---
    // Adds the job's row (status running, this process's pid) and starts its clocks.
    Status open(const JobIdentity& identity);
    // Reserves `needs` on `library` for this job (its id and cancellation filled in); blocks
    // while other jobs hold them, the row saying why. The grant is kept until finish().
    Result<JobDrives*> acquire(device::Library& library, JobNeeds needs);
    JobDrives* reserved() { return drives_.get(); }

    std::int64_t id() const { return report_.job_id; }
    Engine& engine() { return engine_; }
    JobReport& report() { return report_; }
    std::atomic<bool>* cancel_flag() const { return cancel_; }
    bool cancelled() const { return cancel_ && cancel_->load(); }
    // Seconds since open() on the engine's clock.
    double elapsed() const;
    // Of those, the seconds the job has worked: without its waits for drives and volumes.
    double working() const;
    Clock::Mono started() const { return started_; }

    // --- run ---
    // `collect` returns the job's cumulative counters (drives, sessions, devices, total_bytes,
    // level); the context stamps the job's identity on them. `on_poll` (optional) sees every
    // completed snapshot, on the monitor thread.
    using Collect = std::function<metrics::LiveSnapshot()>;
    using OnPoll = std::function<void(const metrics::LiveSnapshot&)>;
    void start_monitor(Collect collect, MonitorOptions options = {}, OnPoll on_poll = {});
    // Joins the monitor thread and takes the final sample; the report gets the sample times
    // and per-drive rates. Idempotent.
    void stop_monitor();

    // --- finish ---
    // Sets ended, elapsed, CPU and memory in the report (the job's work is over). Called by
    // finish() when the job did not call it first (a job that needs elapsed for its own rates).
    void stamp_end();
    // The report's status is set by the job. Fills in the figures, stores the report (to_json
    // merged with `extra`), the row's end, files and bytes, the series, and publishes the last
    // live snapshot; releases the reservations.
    Status finish(const nlohmann::json& extra = nlohmann::json::object());
    // A job that ended early: failed (cancelled when the error says so, or the report's status
    // is already "cancelled") with `e`, its report stored. Errors are logged by the caller.
    void fail(const Error& e, const nlohmann::json& extra = nlohmann::json::object());

private:
    metrics::LiveSnapshot stamped(metrics::LiveSnapshot s) const;
    void publish_waiting(const std::string& why);
    void monitor_loop();
    void sample(bool final);
    void end_row(const nlohmann::json& extra, bool with_counts);
    // Reads the TapeAlert flags of the job's drives, records them with the rest its library
    // kept, acts on the critical ones and puts them in the report (job/drive_alerts.h).
    void record_alerts();

    Engine& engine_;
    Clock& clock_;
    std::atomic<bool>* cancel_;
    JobIdentity identity_;
    JobReport report_;
    Clock::Mono started_{};
    double started_unix_ = 0;
    double cpu_before_ = 0;
    bool opened_ = false, ended_ = false, stamped_ = false;
    std::unique_ptr<JobDrives> drives_;

    // The monitor.
    Collect collect_;
    OnPoll on_poll_;
    MonitorOptions monitor_options_;
    std::unique_ptr<metrics::LiveBoard> board_;
    std::unique_ptr<metrics::JobMonitor> monitor_;
    std::thread monitor_thread_;
    std::atomic<bool> monitor_stop_{false};
    std::mutex monitor_mutex_; // with monitor_cv_: wakes the monitor to stop
    std::condition_variable monitor_cv_;
    metrics::LiveSnapshot last_;
    std::uint64_t waiting_seq_ = 0; // waiting snapshots published (before the monitor's)
};

} // namespace tl::job
