#include "service/job_starts.h"

#include <condition_variable>
#include <exception>
#include <memory>
#include <optional>

#include "common/log.h"
#include "job/job_opened.h"

namespace tl::service {

namespace {
// What the route waits for: the job's id, or the end of its work before it had one.
struct Handshake {
    std::mutex mutex;
    std::condition_variable changed;
    std::optional<std::int64_t> job;
    std::optional<Status> ended;
};

TaskFn job_task(const std::shared_ptr<Handshake>& hs, JobStarts::JobWork work) {
    return [hs, work = std::move(work)](const nlohmann::json&, TaskIo& io) {
        Status st;
        {
            job::JobOpenedWatch watch([&hs](std::int64_t id) {
                std::lock_guard lock(hs->mutex);
                if (!hs->job) hs->job = id;
                hs->changed.notify_all();
            });
            try {
                st = work(io);
            } catch (const std::exception& e) { // the route waits for an end: it must come
                st = make_error(ErrorKind::Internal, std::string("unexpected: ") + e.what());
            }
        }
        if (!st) io.err << st.error().message << "\n";
        std::lock_guard lock(hs->mutex);
        hs->ended = st;
        hs->changed.notify_all();
        return st ? 0 : 1;
    };
}
} // namespace

Result<StartedJob> JobStarts::start(const std::string& what, JobWork work) {
    auto hs = std::make_shared<Handshake>();
    auto task = tasks_.start_work(what, job_task(hs, std::move(work)), nlohmann::json::object());
    if (!task) return task.error();
    std::unique_lock lock(hs->mutex);
    hs->changed.wait(lock, [&] { return hs->job || hs->ended; });
    if (hs->job) {
        std::lock_guard book(mutex_);
        task_of_job_[*hs->job] = task.value();
        log::get("service")->info("{}: job {} (task {}, API)", what, *hs->job, task.value());
        return StartedJob{*hs->job, task.value()};
    }
    if (!*hs->ended) return hs->ended->error();
    return make_error(ErrorKind::Internal, what + " ended without making a job");
}

Status JobStarts::cancel(std::int64_t job) {
    std::int64_t task = 0;
    {
        std::lock_guard book(mutex_);
        auto it = task_of_job_.find(job);
        if (it != task_of_job_.end()) task = it->second;
    }
    const auto not_running = make_error(
        ErrorKind::NotFound,
        "job " + std::to_string(job) +
            " is not running under this service (a queued or running backup is cancelled "
            "with POST /v1/queue/{id}/cancel)");
    if (!task) return not_running;
    if (auto st = tasks_.cancel(task); !st) return not_running;
    log::get("service")->info("job {}: cancel requested (API)", job);
    return {};
}

} // namespace tl::service
