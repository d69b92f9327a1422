#include "schedule/service_inbox.h"

namespace tl::schedule {

namespace {
Error stopped() {
    return make_error(ErrorKind::Cancelled,
                      "the service is stopping; nothing was done (start the service again and "
                      "ask again)");
}
} // namespace

Result<std::int64_t> ServiceInbox::ask(Waiting request) {
    std::future<Result<std::int64_t>> answer;
    {
        std::lock_guard lock(mutex_);
        if (closed_) return stopped();
        waiting_.push_back(std::move(request));
        answer = waiting_.back().answer.get_future();
    }
    return answer.get();
}

Result<std::int64_t> ServiceInbox::submit(BackupSubmission submission) {
    return ask({std::move(submission), 0, {}});
}

Status ServiceInbox::cancel(std::int64_t queue_id) {
    auto r = ask({{}, queue_id, {}});
    if (!r) return r.error();
    return {};
}

bool ServiceInbox::pending() const {
    std::lock_guard lock(mutex_);
    return !waiting_.empty();
}

void ServiceInbox::take(const std::function<Result<std::int64_t>(const BackupSubmission&)>& enqueue,
                        const std::function<Status(std::int64_t)>& cancel) {
    std::deque<Waiting> batch;
    {
        std::lock_guard lock(mutex_);
        batch.swap(waiting_);
    }
    for (auto& w : batch) {
        Result<std::int64_t> result = w.cancel;
        if (w.cancel == 0)
            result = enqueue(w.submission);
        else if (auto st = cancel(w.cancel); !st)
            result = st.error();
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
