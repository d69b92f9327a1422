#include "job/job_opened.h"

namespace tl::job {

namespace {
thread_local JobOpenedWatch* t_watch = nullptr;
thread_local const std::function<void(std::int64_t)>* t_heard = nullptr;
} // namespace

JobOpenedWatch::JobOpenedWatch(std::function<void(std::int64_t)> heard)
    : heard_(std::move(heard)), outer_(t_watch) {
    t_watch = this;
    t_heard = &heard_;
}

JobOpenedWatch::~JobOpenedWatch() {
    t_watch = outer_;
    t_heard = outer_ ? &outer_->heard_ : nullptr;
}

void tell_job_opened(std::int64_t job_id) {
    if (t_heard && *t_heard) (*t_heard)(job_id);
}

} // namespace tl::job
