#pragma once
// Who hears of a job's row as JobContext::open() adds it on this thread: the service starts a
// restore on a thread of its own and answers its client with the job's URL (202) as soon as the
// job has an id, before the job reads a block. A watch holds for its scope, on its thread only.
#include <cstdint>
#include <functional>

namespace tl::job {

class JobOpenedWatch {
public:
    explicit JobOpenedWatch(std::function<void(std::int64_t job_id)> heard);
    ~JobOpenedWatch();
    JobOpenedWatch(const JobOpenedWatch&) = delete;
    JobOpenedWatch& operator=(const JobOpenedWatch&) = delete;

private:
    std::function<void(std::int64_t)> heard_;
    JobOpenedWatch* outer_;
};

// Tells this thread's innermost watch, if any, that the job `job_id` has its row.
void tell_job_opened(std::int64_t job_id);

} // namespace tl::job
