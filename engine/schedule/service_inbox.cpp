#include "schedule/service_inbox.h"

namespace tl::schedule {

namespace {
Error stopped() {
    return make_error(ErrorKind::Cancelled,
                      "the service is stopping; the backup was not queued (start the service "
                      "again and resubmit)");
}
} // namespace

Result<std::int64_t> ServiceInbox::submit(BackupSubmission submission) {
    std::future<Result<std::int64_t>> answer;
    {
        std::lock_guard lock(mutex_);
        if (closed_) return stopped();
        waiting_.push_back({std::move(submission), {}});
        answer = waiting_.back().answer.get_future();
    }
    return answer.get();
}

bool ServiceInbox::pending() const {
    std::lock_guard lock(mutex_);
    return !waiting_.empty();
}

void ServiceInbox::take(
    const std::function<Result<std::int64_t>(const BackupSubmission&)>& enqueue) {
    std::deque<Waiting> batch;
    {
        std::lock_guard lock(mutex_);
        batch.swap(waiting_);
    }
    for (auto& w : batch) {
        auto result = enqueue(w.submission);
        std::lock_guard lock(mutex_);
        answered_.push_back({std::move(w.answer), std::move(result)});
    }
}

void ServiceInbox::deliver() {
    std::deque<Answered> done;
    {
        std::lock_guard lock(mutex_);
        done.swap(answered_);
    }
    for (auto& a : done)
        a.answer.set_value(std::move(a.result));
}

void ServiceInbox::close() {
    deliver();
    std::deque<Waiting> left;
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
        left.swap(waiting_);
    }
    for (auto& w : left)
        w.answer.set_value(stopped());
}

} // namespace tl::schedule
