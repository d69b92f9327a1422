#include "bridge/backup_runner.h"

#include <QMetaObject>
#include <QStringList>

#include "bridge/task_board.h"
#include "bridge/typed_door.h"

namespace tl::ui {

namespace {
// How a backup beside the service ended: its job, status, the promotion note of its report.
struct ServiceBackupEnd {
    qint64 job = 0;
    QString status = QStringLiteral("failed");
    QString promotion, error;
};

// The backup queued in the service's scheduler through the typed door (POST /v1/backups),
// followed until its run ended (GET /v1/queue/{id}; a cancel cancels the entry, POST
// /v1/queue/{id}/cancel), then its report read (GET /v1/jobs/{id}). `onJob` sees the queue
// entry's id once queued (job 0), then the job's id once the service runs it.
ApiCall followServiceBackup(const job::BackupOptions& options, const std::atomic<bool>& cancel,
                            const std::function<void(qint64 queue, qint64 job)>& onJob,
                            ServiceBackupEnd& end) {
    return [request = client::ad_hoc_backup_request(options), &cancel, onJob,
            &end](client::Api& api) -> Status {
        auto id = api.queue_ad_hoc_backup(request);
        if (!id) return id.error();
        onJob(id.value(), 0);
        bool jobKnown = false;
        auto run = client::follow_queued_run(
            api, id.value(), [&cancel] { return cancel.load(); },
            [&](const client::QueuedRun& r) {
                if (r.job && !jobKnown) {
                    jobKnown = true;
                    onJob(id.value(), r.job);
                }
            });
        if (!run) return run.error();
        if (run->job && !jobKnown) onJob(id.value(), run->job);
        end.job = run->job;
        end.status = QString::fromStdString(run->status);
        end.error = QString::fromStdString(run->error);
        if (!end.job) return {};
        auto job = api.job(end.job);
        if (!job) return job.error();
        if (job->document.is_object())
            end.promotion =
                QString::fromStdString(job->document.value("level_promotion", std::string()));
        return {};
    };
}
} // namespace

BackupRunner::BackupRunner(DoorAddress door, QObject* parent)
    : QObject(parent), door_(std::move(door)) {}

BackupRunner::~BackupRunner() {
    cancel_ = true;
    if (thread_.joinable()) thread_.join();
}

bool BackupRunner::start(const job::BackupOptions& options, QString* error) {
    if (running_) {
        if (error) *error = tr("A backup is already running; wait for it or cancel it.");
        return false;
    }
    const QString what = options.name.empty()
                             ? tr("Backup")
                             : tr("Backup %1").arg(QString::fromStdString(options.name));
    task_ = 0;
    if (board_ && !(task_ = board_->begin(what, TaskKind::Job, error, QStringLiteral("backup"))))
        return false;
    if (thread_.joinable()) thread_.join();
    running_ = true;
    cancel_ = false;
    job_ = 0;
    if (board_) board_->setCanceller(task_, [this] { cancel_ = true; });
    thread_ = std::thread([this, options] { runInService(options); });
    return true;
}

void BackupRunner::runInService(const job::BackupOptions& options) {
    ServiceBackupEnd end;
    auto onJob = [this](qint64 queue, qint64 job) {
        if (job) job_ = job;
        if (!board_) return;
        if (job)
            board_->setJobId(task_, job);
        else
            board_->setQueueId(task_, queue); // the service's queue lists it from now on
    };
    const QString refused =
        callService(door_, "Back up now", followServiceBackup(options, cancel_, onJob, end));
    QStringList parts;
    if (!end.promotion.isEmpty()) parts << end.promotion;
    if (!refused.isEmpty()) parts << refused;
    if (!end.error.isEmpty()) parts << end.error;
    if (board_) board_->end(task_);
    QMetaObject::invokeMethod(
        this,
        [this, end, message = parts.join(QStringLiteral("; "))] {
            running_ = false;
            if (!end.promotion.isEmpty()) Q_EMIT levelPromoted(end.job, end.promotion);
            Q_EMIT finished(end.job, end.status, message);
        },
        Qt::QueuedConnection);
}

} // namespace tl::ui
