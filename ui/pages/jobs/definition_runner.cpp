#include "pages/jobs/definition_runner.h"

#include "bridge/engine_task.h"
#include "bridge/typed_door.h"
#include "job/job_report.h"

namespace tl::ui {

namespace {
// Run now: the definition's backup queued in the service's scheduler
// (POST /v1/backups), followed until its run ended (GET /v1/queue/{id}); a cancel asked on the
// page cancels the entry (POST /v1/queue/{id}/cancel). The run's job id, status and error land
// in `report`; `entry` holds the queue entry's id once the service took it.
ApiCall queuedRun(const schedule::JobDefinition& d, const std::string& level,
                  std::shared_ptr<std::atomic<bool>> cancel,
                  std::shared_ptr<std::atomic<std::int64_t>> entry,
                  std::shared_ptr<job::JobReport> report) {
    return [request = client::QueueBackupRequest{d.name, level}, cancel, entry,
            report](client::Api& api) -> Status {
        auto id = api.queue_backup(request);
        if (!id) return id.error();
        *entry = id.value();
        auto run = client::follow_queued_run(api, id.value(), [cancel] { return cancel->load(); });
        if (!run) return run.error();
        report->job_id = run->job;
        report->status = run->status;
        report->error = run->error;
        return {};
    };
}
} // namespace

DefinitionRunner::DefinitionRunner(const ConsoleContext& ctx, TaskBoard& board, QObject* parent)
    : QObject(parent), ctx_(ctx), board_(board) {}

bool DefinitionRunner::start(const schedule::JobDefinition& d, const QString& level,
                             QString* whyNot) {
    if (running_) {
        if (whyNot) *whyNot = tr("%1 is still running.").arg(QString::fromStdString(d.name));
        return false;
    }
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto report = std::make_shared<job::JobReport>();
    const std::string lvl = level.toStdString();
    const QString name = QString::fromStdString(d.name);
    const TaskSpec spec{tr("Job %1 (%2)").arg(name, level), TaskKind::Job, QStringLiteral("backup"),
                        [cancel] { *cancel = true; }};
    auto entry = std::make_shared<std::atomic<std::int64_t>>(0);
    std::function<QString()> work = [door = ctx_.door, what = "job run " + d.name, report,
                                     call = queuedRun(d, lvl, cancel, entry, report)]() -> QString {
        const QString refused = callService(door, what, call);
        if (!refused.isEmpty()) {
            report->status = "failed";
            return refused;
        }
        return report->status == "failed" ? QString::fromStdString(report->error) : QString();
    };
    const qint64 task = runEngineTask(
        board_, this, spec, std::move(work),
        [this, name, report](const QString& error) {
            running_.reset();
            cancel_.reset();
            entry_.reset();
            Q_EMIT finished(report->job_id, name, QString::fromStdString(report->status), error);
        },
        whyNot);
    if (!task) return false;
    cancel_ = cancel;
    entry_ = entry;
    task_ = task;
    schedule::QueueEntry e;
    e.id = -task;
    e.definition = d.name;
    e.level = lvl;
    e.reason = "manual";
    e.state = schedule::QueueEntry::State::Running;
    e.started = to_unix_seconds(ctx_.now());
    e.pool = d.pool;
    e.library = d.library;
    e.drives = d.drives;
    running_ = e;
    Q_EMIT started(name);
    return true;
}

std::optional<schedule::QueueEntry> DefinitionRunner::entry() const {
    if (entry_ && *entry_ != 0) return std::nullopt; // the service's queue lists it
    return running_;
}

bool DefinitionRunner::cancel() {
    if (!cancel_ || !running_) return false;
    *cancel_ = true;
    running_->cancel_requested = true;
    return true;
}

} // namespace tl::ui
