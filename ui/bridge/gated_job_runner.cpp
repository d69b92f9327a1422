#include "bridge/gated_job_runner.h"

#include <QCoreApplication>

#include "bridge/task_board.h"

namespace tl::ui {

GatedJobRunner::GatedJobRunner(Engine& engine, TaskBoard& board) : inner_(engine), board_(board) {}

GatedJobRunner::~GatedJobRunner() {
    inner_.wait_all();
    finished(); // takes the runs that ended unseen off the board
}

Status GatedJobRunner::start(const schedule::RunRequest& request) {
    QString why;
    const QString what = QCoreApplication::translate("tl::ui::GatedJobRunner", "Scheduled job %1")
                             .arg(QString::fromStdString(request.definition.name));
    const std::int64_t task = board_.begin(what, TaskKind::Job, &why, QStringLiteral("backup"));
    if (!task) return Error{ErrorKind::Busy, why.toStdString()};
    auto st = inner_.start(request);
    if (!st) {
        board_.end(task);
        return st;
    }
    tasks_[request.queue_id] = task;
    board_.setQueueId(task, request.queue_id);
    board_.setCanceller(task, [this, id = request.queue_id] {
        std::lock_guard lock(cancelMutex_);
        cancelRequested_.insert(id);
    });
    return {};
}

void GatedJobRunner::cancel(std::int64_t queue_id) {
    inner_.cancel(queue_id);
}

std::vector<schedule::RunResult> GatedJobRunner::finished() {
    std::set<std::int64_t> asked;
    {
        std::lock_guard lock(cancelMutex_);
        asked.swap(cancelRequested_);
    }
    for (const std::int64_t id : asked)
        inner_.cancel(id);
    auto ended = inner_.finished();
    for (const auto& r : ended)
        if (auto t = tasks_.find(r.queue_id); t != tasks_.end()) {
            board_.end(t->second);
            tasks_.erase(t);
        }
    return ended;
}

void GatedJobRunner::wait_all() {
    inner_.wait_all();
}

} // namespace tl::ui
