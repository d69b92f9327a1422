#pragma once
// Runs one Back up now backup at a time for the console on a worker thread (tl::job::run_backup),
// so the window never waits for the engine; its live figures reach the dashboard through the
// LiveFeed, its end through finished(). The Engine must not be used by the GUI thread while a job
// runs (isRunning()). Cancel is cooperative: the job stops at the next chunk and reports
// "cancelled". Beside the service the backup is queued in the service's scheduler through the
// typed door and followed to its end (its promotion said once its report is stored).
#include <QObject>
#include <atomic>
#include <thread>

#include "job/backup_job.h"

namespace tl {
class Engine;
}

namespace tl::ui {

class TaskBoard;

class BackupRunner final : public QObject {
    Q_OBJECT
public:
    explicit BackupRunner(Engine& engine, QObject* parent = nullptr);
    ~BackupRunner() override; // cancels and joins a running job

    bool isRunning() const { return running_; }
    // False (with `error`) when a job is already running.
    bool start(const job::BackupOptions& options, QString* error = nullptr);
    void cancel() { cancel_ = true; }
    // The job of the last backup started, once known (0 before).
    qint64 jobId() const { return job_; }
    // When set, a backup is on the board while it runs (beside other jobs; refused while a
    // cartridge moves); `board` must outlive the runner.
    void setBoard(TaskBoard* board) { board_ = board; }

Q_SIGNALS:
    // The job runs at another level than asked (an incremental without a full runs as a
    // full): `note` says so, as soon as the job knows it.
    void levelPromoted(qint64 jobId, const QString& note);
    // jobId 0 when the job could not start; status is the job's final status or "failed";
    // `message` holds the promotion note and the job's error, if any.
    void finished(qint64 jobId, const QString& status, const QString& message);

private:
    void runInService(const job::BackupOptions& options); // on the runner's thread
    Engine& engine_;
    std::thread thread_;
    std::atomic<bool> cancel_{false};
    std::atomic<qint64> job_{0};
    bool running_ = false;
    TaskBoard* board_ = nullptr;
    qint64 task_ = 0; // the backup's task on the board
};

} // namespace tl::ui
