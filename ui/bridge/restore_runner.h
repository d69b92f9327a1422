#pragma once
// Runs restores for the console on a worker thread, one batch per runner at a time: plan() computes
// the plan of each request (tl::job::plan_restore, a read: volumes and where they are, bytes,
// time); start() plans, then runs each request in turn in the service of the console's data
// directory through the typed door (bridge/service_restore.h; the service checks the media and
// records a refusal). The console runs no restore itself (issue 38). Results come back on the GUI
// thread through planned() and finished(); nothing blocks the window. progress() reads the
// running restore job's live snapshot (<home>/live/, published by the service): what it waits
// for while other jobs hold its volumes or drives, then the bytes its drives read of those to
// read. Cancel cancels the service's job.
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

// Where the running restore is, from its job's live snapshot.
struct RestoreProgress {
    bool known = false; // its job is on the live board
    qint64 jobId = 0;
    bool waiting = false; // for volumes or drives other jobs hold
    QString waitingFor;   // "waiting for volume TLO001L9 (in use by job 3)"
    double waitedSeconds = 0;
    qint64 bytesRead = 0, bytesToRead = 0; // from tape, of the plan's
};

struct RestoreSummary {
    QString status; // completed | warnings | partial | failed | cancelled | media-missing
    QString message;
    QList<qint64> jobIds;
    qint64 restored = 0, skipped = 0, failed = 0, bytes = 0;
    // From the jobs' reports: seconds from their rows to their ends, of which they waited for
    // volumes or drives other jobs held; the bytes written over the rest.
    double elapsed = 0, waited = 0;
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
    // `clients[i]`, when given and not empty, is the client whose agent writes run i
    // (`restore --client NAME`, docs/agent.md): run i's save set is then read here and sent.
    bool start(const std::vector<job::RestoreOptions>& runs, QString* error = nullptr,
               const std::vector<std::string>& clients = {});
    void cancel() { cancel_ = true; }
    // The restore job of this runner on the live board (not known before its job starts).
    RestoreProgress progress() const;
    // When set, a restore is on the board while it runs (beside other jobs; refused while a
    // cartridge moves); a plan is a read and never waits. `board` must outlive the runner.
    void setBoard(TaskBoard* board) { board_ = board; }
    // Restores run as the jobs of the service of `home` (bridge/service_restore.h);
    // progress() follows the restore job the service process `pid` runs (0: not known yet).
    void setService(const QString& home, long pid);
    TaskBoard* board() const { return board_; }

Q_SIGNALS:
    void planned(const tl::ui::RestorePlanSummary& plan);
    void finished(const tl::ui::RestoreSummary& result);

private:
    bool launch(const std::vector<job::RestoreOptions>& runs, bool run, QString* error,
                const std::vector<std::string>& clients = {});
    RestorePlanSummary planAll(const std::vector<job::RestoreOptions>& runs);

    Engine& engine_;
    std::thread thread_;
    std::atomic<bool> cancel_{false};
    bool running_ = false;
    double launchedAt_ = 0; // unix seconds: the restore's jobs started after it
    TaskBoard* board_ = nullptr;
    qint64 task_ = 0;     // the restore's task on the board (0: a plan, or no board)
    QString serviceHome_; // restores run in this data directory's service
    long writerPid_ = 0;  // the service process that runs the restore jobs (0: not known yet)
};

} // namespace tl::ui
