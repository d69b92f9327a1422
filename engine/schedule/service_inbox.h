#pragma once
// Requests handed to a running scheduler service from other threads (the service's HTTP API):
// submit() and cancel() block the caller until the service loop has acted (the loop wakes
// within 100 ms when something waits) and the queue is in the catalog. A submission names a
// job definition, or carries an ad-hoc one (sources, pool, drives) that lives only as long as
// its run. Thread-safe.
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <optional>
#include <string>

#include "common/result.h"
#include "schedule/job_definition.h"

namespace tl::schedule {

struct BackupSubmission {
    std::string definition;              // a stored definition's name, or
    std::optional<JobDefinition> ad_hoc; // a run of its own (no name: one from its sources)
    std::string level = "full";          // full | diff | incr
};

class ServiceInbox {
public:
    // From any thread: the queue entry's id. Cancelled when the service stops before taking it.
    Result<std::int64_t> submit(BackupSubmission submission);
    // From any thread: a waiting entry is removed, a running one asked to stop (its job ends
    // as cancelled). NotFound when the entry is not in the queue.
    Status cancel(std::int64_t queue_id);

    // The service loop: whether a submission waits.
    bool pending() const;
    // The service loop: hands each waiting request to `enqueue` or `cancel`; the answers reach
    // their callers when `deliver` is called (after the queue is in the catalog).
    void take(const std::function<Result<std::int64_t>(const BackupSubmission&)>& enqueue,
              const std::function<Status(std::int64_t)>& cancel);
    void deliver();
    // The service loop, when stopping: every waiting caller gets Cancelled; later submissions too.
    void close();

private:
    struct Waiting {
        BackupSubmission submission;
        std::int64_t cancel = 0; // > 0: a cancel request for this entry instead
        std::promise<Result<std::int64_t>> answer;
    };
    struct Answered {
        std::promise<Result<std::int64_t>> answer;
        Result<std::int64_t> result;
    };
    Result<std::int64_t> ask(Waiting request);
    mutable std::mutex mutex_;
    std::deque<Waiting> waiting_;
    std::deque<Answered> answered_;
    bool closed_ = false;
};

} // namespace tl::schedule
