#pragma once
// Backups handed to a running scheduler service from other threads (the service's HTTP API):
// submit() blocks the caller until the service loop has queued the run (at its next tick, or
// sooner: the loop wakes when something waits) and returns the queue entry's id. A submission
// names a job definition, or carries an ad-hoc one (sources, pool, drives) that lives only as
// long as its run. Thread-safe.
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
    std::optional<JobDefinition> ad_hoc; // a run of its own (name given by the service)
    std::string level = "full";          // full | diff | incr
};

class ServiceInbox {
public:
    // From any thread. Cancelled when the service stops before taking it.
    Result<std::int64_t> submit(BackupSubmission submission);

    // The service loop: whether a submission waits.
    bool pending() const;
    // The service loop: hands each waiting submission to `enqueue`; the answers reach their
    // callers when `deliver` is called (after the queue is in the catalog).
    void take(const std::function<Result<std::int64_t>(const BackupSubmission&)>& enqueue);
    void deliver();
    // The service loop, when stopping: every waiting caller gets Cancelled; later submissions too.
    void close();

private:
    struct Waiting {
        BackupSubmission submission;
        std::promise<Result<std::int64_t>> answer;
    };
    struct Answered {
        std::promise<Result<std::int64_t>> answer;
        Result<std::int64_t> result;
    };
    mutable std::mutex mutex_;
    std::deque<Waiting> waiting_;
    std::deque<Answered> answered_;
    bool closed_ = false;
};

} // namespace tl::schedule
