#include "bridge/gated_job_runner.h"

#include <QCoreApplication>

#include "bridge/engine_gate.h"

namespace tl::ui {

GatedJobRunner::GatedJobRunner(Engine& engine, EngineGate& gate) : inner_(engine), gate_(gate) {}

GatedJobRunner::~GatedJobRunner() {
    inner_.wait_all();
    finished(); // releases the gate of runs that ended unseen
}

Status GatedJobRunner::start(const schedule::RunRequest& request) {
    QString why;
    const QString what = QCoreApplication::translate("tl::ui::GatedJobRunner", "Scheduled job %1")
                             .arg(QString::fromStdString(request.definition.name));
    if (!gate_.tryAcquire(what, &why)) return Error{ErrorKind::Busy, why.toStdString()};
    auto st = inner_.start(request);
    if (!st) {
        gate_.release();
        return st;
    }
    holding_.insert(request.queue_id);
    // The console's Cancel (any thread) only leaves a note; the scheduler's thread acts on it.
    gate_.setCanceller([this, id = request.queue_id] { cancelRequested_ = id; });
    return {};
}

void GatedJobRunner::cancel(std::int64_t queue_id) {
    inner_.cancel(queue_id);
}

std::vector<schedule::RunResult> GatedJobRunner::finished() {
    if (const std::int64_t id = cancelRequested_.exchange(0)) inner_.cancel(id);
    auto ended = inner_.finished();
    for (const auto& r : ended)
        if (holding_.erase(r.queue_id)) gate_.release();
    return ended;
}

void GatedJobRunner::wait_all() {
    inner_.wait_all();
}

} // namespace tl::ui
