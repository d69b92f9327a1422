#pragma once
// The jobs the typed routes start (POST /v1/restores...): each runs as a task of the service
// (task_board.h) on a thread of its own, and the route answers 202 with the job's URL as soon
// as the job has its row, or with the error its work ended with before that (a bad selection,
// volumes outside the library: no job was made). POST /v1/jobs/{id}/cancel asks such a job to
// stop. Thread-safe.
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

#include "common/result.h"
#include "service/task_board.h"

namespace tl::service {

struct StartedJob {
    std::int64_t job = 0;
    std::int64_t task = 0;
};

class JobStarts {
public:
    explicit JobStarts(TaskBoard& tasks) : tasks_(tasks) {}

    // The job's work on the service's engine; its cancel flag is io.cancel.
    using JobWork = std::function<Status(TaskIo& io)>;
    // Starts `work` as the task `what` ("restore of job 12") and waits for its job's id.
    Result<StartedJob> start(const std::string& what, JobWork work);
    // NotFound naming the job when this service started no such job or it ended.
    Status cancel(std::int64_t job);

private:
    TaskBoard& tasks_;
    std::mutex mutex_;
    std::map<std::int64_t, std::int64_t> task_of_job_;
};

} // namespace tl::service
