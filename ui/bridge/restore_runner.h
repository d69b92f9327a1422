#pragma once
// Runs restores for the console on a worker thread, one batch per runner at a time: plan() computes
// the plan of each request (tl::job::plan_restore: volumes and where they are, bytes, time);
// start() plans, then — when every volume is in the library — runs each request
// (tl::job::run_restore) in turn. Results come back on the GUI thread through planned() and
// finished(); nothing blocks the window. run_restore has no progress callback, so bytesWritten()
// polls this process's written bytes (/proc/self/io) since the start (-1 when unreadable). The
// Engine must not be used by the GUI thread while isRunning(). Cancel is cooperative.
#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <thread>
#include <vector>

#include "job/restore_job.h"

namespace tl {
class Engine;
}

namespace tl::ui {

struct RestorePlanSummary {
    bool ok = false;
    QString error;
    qint64 files = 0, bytesWanted = 0, bytesToRead = 0;
    double seconds = 0;
    bool rateMeasured = false;
    struct Volume {
        QString barcode, location;
        bool inLibrary = false;
        qint64 blocks = 0;
    };
    QList<Volume> volumes;
    QStringList missing; // barcodes outside the library
};

struct RestoreSummary {
    QString status; // completed | warnings | partial | failed | cancelled | media-missing
    QString message;
    QList<qint64> jobIds;
    qint64 restored = 0, skipped = 0, failed = 0, bytes = 0;
    QStringList problems;       // "failed: a/b (why)"
    QStringList missingVolumes; // to insert (the CLI's exit 6)
};

class TaskBoard;

// completed < warnings < partial < cancelled < failed: the worse of several restores' statuses.
int restoreStatusRank(const QString& status);

class RestoreRunner final : public QObject {
    Q_OBJECT
public:
    explicit RestoreRunner(Engine& engine, QObject* parent = nullptr);
    ~RestoreRunner() override; // cancels and joins

    bool isRunning() const { return running_; }
    // False (with `error`) when busy or `runs` is empty.
    bool plan(const std::vector<job::RestoreOptions>& runs, QString* error = nullptr);
    bool start(const std::vector<job::RestoreOptions>& runs, QString* error = nullptr);
    void cancel() { cancel_ = true; }
    qint64 bytesWritten() const;
    // When set, a restore is on the board while it runs (beside other jobs; refused while a
    // cartridge moves); a plan is a read and never waits. `board` must outlive the runner.
    void setBoard(TaskBoard* board) { board_ = board; }
    // Beside a service: restores run as the service's tasks (bridge/service_restore.h), plans
    // stay local reads; bytesWritten() counts the service process `pid`'s writes.
    void setService(const QString& home, long pid);
    TaskBoard* board() const { return board_; }

Q_SIGNALS:
    void planned(const tl::ui::RestorePlanSummary& plan);
    void finished(const tl::ui::RestoreSummary& result);

private:
    bool launch(const std::vector<job::RestoreOptions>& runs, bool run, QString* error);
    RestorePlanSummary planAll(const std::vector<job::RestoreOptions>& runs);
    RestoreSummary runAll(const std::vector<job::RestoreOptions>& runs);
    void recordRefused(const std::vector<job::RestoreOptions>& runs, const QStringList& missing);

    Engine& engine_;
    std::thread thread_;
    std::atomic<bool> cancel_{false};
    bool running_ = false;
    qint64 baseline_ = -1;
    TaskBoard* board_ = nullptr;
    qint64 task_ = 0;     // the restore's task on the board (0: a plan, or no board)
    QString serviceHome_; // non-empty: restores run in this data directory's service
    long writerPid_ = 0;  // whose /proc/PID/io bytesWritten() reads (0: this process)
};

} // namespace tl::ui
