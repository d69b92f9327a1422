#pragma once
// Runs one Back up now backup at a time for the console: queued in the scheduler of the console's
// service through its typed door (DoorAddress; POST /v1/backups) and followed to
// its end on a worker thread, so the window never waits; its live figures reach the dashboard
// through the LiveFeed, its promotion (once its report is stored) through levelPromoted(), its
// end through finished(). Cancel cancels its queue entry or job in the service. The console has
// no backup of its own (issue 38).
#include <QObject>
#include <atomic>
#include <thread>

#include "bridge/typed_door.h"
#include "job/backup_job.h"

namespace tl::ui {

class TaskBoard;

class BackupRunner final : public QObject {
    Q_OBJECT
public:
    // The backups run in the service at `door`.
    explicit BackupRunner(DoorAddress door, QObject* parent = nullptr);
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
    DoorAddress door_;
    std::thread thread_;
    std::atomic<bool> cancel_{false};
    std::atomic<qint64> job_{0};
    bool running_ = false;
    TaskBoard* board_ = nullptr;
    qint64 task_ = 0; // the backup's task on the board
};

} // namespace tl::ui
