#include "pages/jobs/definition_runner.h"

#include "bridge/engine_task.h"
#include "context/engine.h"
#include "job/job_report.h"
#include "schedule/definition_run.h"

namespace tl::ui {

DefinitionRunner::DefinitionRunner(Engine& engine, TaskBoard& board, QObject* parent)
    : QObject(parent), engine_(engine), board_(board) {}

bool DefinitionRunner::start(const schedule::JobDefinition& d, const QString& level,
                             QString* whyNot) {
    if (running_) {
        if (whyNot) *whyNot = tr("%1 is still running.").arg(QString::fromStdString(d.name));
        return false;
    }
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto report = std::make_shared<job::JobReport>();
    Engine* engine = &engine_;
    const std::string lvl = level.toStdString();
    const QString name = QString::fromStdString(d.name);
    const TaskSpec spec{tr("Job %1 (%2)").arg(name, level), TaskKind::Job, QStringLiteral("backup"),
                        [cancel] { *cancel = true; }};
    const qint64 task = runEngineTask(
        board_, this, spec,
        [engine, d, lvl, cancel, report]() -> QString {
            *report = schedule::run_definition(*engine, d, lvl, cancel.get());
            return report->status == "failed" ? QString::fromStdString(report->error) : QString();
        },
        [this, name, report](const QString& error) {
            running_.reset();
            cancel_.reset();
            Q_EMIT finished(report->job_id, name, QString::fromStdString(report->status), error);
        },
        whyNot);
    if (!task) return false;
    cancel_ = cancel;
    task_ = task;
    schedule::QueueEntry e;
    e.id = -task;
    e.definition = d.name;
    e.level = lvl;
    e.reason = "manual";
    e.state = schedule::QueueEntry::State::Running;
    e.started = to_unix_seconds(engine_.clock().wall());
    e.pool = d.pool;
    e.library = d.library;
    e.drives = d.drives;
    running_ = e;
    Q_EMIT started(name);
    return true;
}

bool DefinitionRunner::cancel() {
    if (!cancel_ || !running_) return false;
    *cancel_ = true;
    running_->cancel_requested = true;
    return true;
}

} // namespace tl::ui
