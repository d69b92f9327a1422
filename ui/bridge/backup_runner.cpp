#include "bridge/backup_runner.h"

#include <QMetaObject>
#include <QStringList>

#include "bridge/task_board.h"

#include "common/log.h"
#include "context/engine.h"

namespace tl::ui {

BackupRunner::BackupRunner(Engine& engine, QObject* parent) : QObject(parent), engine_(engine) {}

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
    if (board_) board_->setCanceller(task_, [this] { cancel_ = true; });
    thread_ = std::thread([this, options] {
        std::string promotion; // written by the job's monitor thread, read after the job
        bool knownJob = false;
        auto noteLevel = [this, &promotion, &knownJob](const job::BackupProgress& p) {
            if (!knownJob && board_ && p.live.job_id > 0) {
                board_->setJobId(task_, p.live.job_id);
                knownJob = true;
            }
            if (p.live.level_note.empty() || !promotion.empty()) return;
            promotion = p.live.level_note;
            const qint64 job = p.live.job_id;
            const QString note = QString::fromStdString(promotion);
            QMetaObject::invokeMethod(
                this, [this, job, note] { Q_EMIT levelPromoted(job, note); }, Qt::QueuedConnection);
        };
        auto r = job::run_backup(engine_, options, noteLevel, &cancel_);
        qint64 id = 0;
        QString status, message;
        if (r) {
            id = r->job_id;
            status = QString::fromStdString(r->status);
            QStringList parts;
            if (!promotion.empty()) parts << QString::fromStdString(promotion);
            if (!r->error.empty()) parts << QString::fromStdString(r->error);
            message = parts.join(QStringLiteral("; "));
        } else {
            status = QStringLiteral("failed");
            message = QString::fromStdString(r.error().message);
            log::get("ui")->error("backup could not start: {}", r.error().message);
        }
        if (board_) board_->end(task_);
        QMetaObject::invokeMethod(
            this,
            [this, id, status, message] {
                running_ = false;
                Q_EMIT finished(id, status, message);
            },
            Qt::QueuedConnection);
    });
    return true;
}

} // namespace tl::ui
