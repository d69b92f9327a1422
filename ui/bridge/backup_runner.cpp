#include "bridge/backup_runner.h"

#include <QMetaObject>
#include <QStringList>

#include "bridge/engine_gate.h"

#include "api/engine.h"
#include "common/log.h"

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
    if (gate_ && !gate_->tryAcquire(tr("A backup"), error)) return false;
    if (thread_.joinable()) thread_.join();
    running_ = true;
    cancel_ = false;
    if (gate_) gate_->setCanceller([this] { cancel_ = true; });
    thread_ = std::thread([this, options] {
        std::string promotion; // written by the job's monitor thread, read after the job
        auto noteLevel = [this, &promotion](const job::BackupProgress& p) {
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
        if (gate_) gate_->release();
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
