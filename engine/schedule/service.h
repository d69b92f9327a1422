#pragma once
// The scheduler service (`tapeloom-cli serve`): holds the data directory's ServiceLock, and
// every tick reloads the job definitions and schedules from the catalog, acts on cancel
// requests, runs Scheduler::tick() with a BackupRunner, and mirrors its queue and schedule
// progress into the catalog. Returns when `stop` becomes true (SIGTERM/SIGINT): running jobs
// are cancelled and waited for; queued runs stay in the catalog for the next start.
// The console can run it on a thread of its own when service_holder(home) is 0
// (service_lock.h), passing its engine in ServiceOptions::engine.
#include <atomic>
#include <string>

#include "common/clock.h"
#include "common/result.h"
#include "context/engine.h"
#include "schedule/job_runner.h"
#include "schedule/scheduler.h"
#include "schedule/service_inbox.h"

namespace tl::schedule {

struct ServiceOptions {
    std::string home;
    SchedulerLimits limits;
    double tick_seconds = 1.0;
    // Retention (prune) applied on the first tick and then this often; 0: never (retention_tick.h).
    double prune_every_seconds = 24 * 3600.0;
    // nullptr: the service opens the engine only while jobs run (tapeloom-cli serve). The
    // console passes the engine it holds open; it must outlive run_service().
    Engine* engine = nullptr;
    // nullptr: the service's own BackupRunner (on `engine` when given). The console passes a
    // runner that holds its one-job-at-a-time gate around each run; it must outlive
    // run_service(), which calls its wait_all() when stopping.
    JobRunner* runner = nullptr;
    // nullptr: runs are queued only by the schedules. The Tapeloom service (engine/service)
    // passes the inbox its HTTP API submits backups to; it must outlive run_service(), which
    // closes it when stopping.
    ServiceInbox* inbox = nullptr;
};

Status run_service(const ServiceOptions& options, Clock& clock, const std::atomic<bool>& stop);

} // namespace tl::schedule
