#include "bridge/backup_runner.h"

#include <QMetaObject>

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
        auto r = job::run_backup(engine_, options, {}, &cancel_);
        qint64 id = 0;
        QString status, message;
        if (r) {
            id = r->job_id;
            status = QString::fromStdString(r->status);
            message = QString::fromStdString(r->error);
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
