#pragma once
// The scheduler's decisions, free of threads and I/O: which schedules are due, which queued
// runs may start now (drives free, per-library / per-pool / total job limits, priorities, one
// run per definition unless allowed), retries after failures, runs missed while no scheduler
// ran, and cancellation. Driven by tick() with the injected clock's wall time; jobs run through
// a JobRunner. Not thread-safe: one thread calls everything (the service loop or a test).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/clock.h"
#include "schedule/job_runner.h"
#include "schedule/schedule_rule.h"

namespace tl::schedule {

struct SchedulerLimits {
    std::size_t max_jobs = 0; // running at once in total; 0 = no limit
    // 0 = no limit: jobs share a library's drives through the engine's reservations
    // (docs/reservations.md); the scheduler still starts a run only when its drives are free.
    std::size_t max_jobs_per_library = 0;
    std::size_t max_jobs_per_pool = 0; // 0 = no limit
};

struct QueueEntry {
    enum class State { Queued, Running };
    std::int64_t id = 0;
    std::string definition;
    std::string level;
    std::string reason; // schedule | missed | manual | retry
    State state = State::Queued;
    int attempt = 1;
    long long not_before = 0; // unix seconds: not started earlier (retry delay)
    long long enqueued = 0;
    long long started = 0;
    bool cancel_requested = false;
    // Taken from the definition when the run starts.
    std::string library, pool;
    std::size_t drives = 0;
};

struct ScheduleEntry {
    std::int64_t id = 0;
    std::string definition;
    ScheduleRule rule;
    long long checked_until = 0; // occurrences up to here were handled
};

const char* to_string(QueueEntry::State s); // "queued" | "running"

class Scheduler {
public:
    // `library_drives`: drives per library name ("" maps to the default library's name via
    // `default_library`). Queue ids start at `first_id`.
    Scheduler(Clock& clock, JobRunner& runner, SchedulerLimits limits,
              std::map<std::string, std::size_t> library_drives, std::string default_library,
              std::int64_t first_id = 1);

    // The current definitions and schedules (reloaded by the service each tick). A schedule
    // seen before keeps its checked_until; a definition that vanished drops its queued runs.
    void set_definitions(std::vector<JobDefinition> definitions);
    void set_schedules(std::vector<ScheduleEntry> schedules);
    void set_library_drives(std::map<std::string, std::size_t> library_drives);
    // Queued entries kept from an earlier service (running ones are not restored).
    void restore(std::vector<QueueEntry> entries);

    // Queues a run now. NotFound for an unknown definition; Busy when one is queued already
    // and the definition does not allow concurrent runs.
    Result<std::int64_t> enqueue(const std::string& definition, const std::string& level,
                                 const std::string& reason = "manual");
    // Removes a queued entry, or asks the runner to stop a running one. NotFound otherwise.
    Status cancel(std::int64_t id);

    // One step: collect finished runs (retries), queue due and missed schedule occurrences,
    // start what may start.
    void tick();
    // Every running entry is asked to stop (service shutdown).
    void cancel_running();
    // Only collects finished runs (no new starts): for draining at shutdown.
    void collect();

    std::vector<QueueEntry> queue() const; // running first, then queued in start order
    const std::vector<ScheduleEntry>& schedules() const { return schedules_; }
    // When the schedule fires next, after its checked_until (nullopt: never again).
    std::optional<Occurrence> next_occurrence(std::int64_t schedule_id) const;
    bool idle() const; // nothing running

private:
    const JobDefinition* find(const std::string& name) const;
    void collect_finished(long long now);
    void end_runs(const std::vector<RunResult>& results, long long now);
    void fire_schedules(long long now);
    void start_ready(long long now);
    std::size_t drives_needed(const JobDefinition& d, std::size_t library_drives) const;
    std::string library_of(const JobDefinition& d) const;

    Clock& clock_;
    JobRunner& runner_;
    SchedulerLimits limits_;
    std::map<std::string, std::size_t> library_drives_;
    std::string default_library_;
    std::int64_t next_id_;
    bool first_tick_ = true;
    std::vector<JobDefinition> definitions_;
    std::vector<ScheduleEntry> schedules_;
    std::vector<QueueEntry> queue_;
};

} // namespace tl::schedule
