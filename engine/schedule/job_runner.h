#pragma once
// What the Scheduler asks of whoever runs jobs. The real one (BackupRunner) runs each job on
// its own thread; tests use a fake that records the starts and finishes runs on demand.
// All methods are called from the scheduler's thread.
#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"
#include "schedule/job_definition.h"

namespace tl::schedule {

struct RunRequest {
    std::int64_t queue_id = 0;
    JobDefinition definition; // a copy: later edits do not touch a running job
    std::string level;        // full | diff | incr
    int attempt = 1;          // 1 = first try, 2 = first retry...
};

struct RunResult {
    std::int64_t queue_id = 0;
    std::string status;      // completed | warnings | partial | failed | cancelled
    std::string error;       // why, when failed
    std::int64_t job_id = 0; // in the job history; 0 when none was recorded
};

class JobRunner {
public:
    virtual ~JobRunner() = default;
    // Starts the run without waiting for it. Busy: it cannot start now (e.g. the data directory
    // is held by another program), the entry stays queued; any other error ends the attempt as
    // failed with that reason.
    virtual Status start(const RunRequest& request) = 0;
    // Asks a started run to stop; it still reports through finished() (status cancelled).
    virtual void cancel(std::int64_t queue_id) = 0;
    // Runs that ended since the last call.
    virtual std::vector<RunResult> finished() = 0;
    // Whether a run has ended that finished() has not returned yet: the service's loop wakes
    // for it instead of at its next tick, so a job's end (and the next queued job's start) is
    // seen within 100 ms. A runner that cannot tell says false (the tick finds it).
    virtual bool has_finished() const { return false; }
    // Blocks until every started run has ended (their results stay for finished()). The
    // service calls it when it stops, after cancelling the running jobs.
    virtual void wait_all() {}
};

} // namespace tl::schedule
