#pragma once
// Runs restores for the console on a worker thread, one batch per runner at a time, through the
// console's typed door (bridge/typed_door.h; issue 38): plan() asks the service for the plan of
// each request (POST /v1/restore-plans, a read: volumes and where they are, bytes, time, and the
// keys the key store lacks); start() plans, then runs each request in turn as a job of the
// service (bridge/service_restore.h; the service checks the media and records a refusal). A
// plan that names missing keys runs nothing: planned() hands it to the page, which asks for the
// key. The console runs no restore itself. Results come back on the GUI thread through planned()
// and finished(); nothing blocks the window. progress() reads the running restore job's live
// snapshot (<home>/live/, published by the service; not known for a remote service): what it
// waits for while other jobs hold its volumes or drives, then the bytes its drives read of those
// to read. Cancel cancels the service's job.
#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "bridge/typed_door.h"
#include "job/restore_job.h"
#include "metrics/live_snapshot.h"

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
    QStringList missing;     // barcodes outside the library
    QStringList missingKeys; // key ids the key store lacks: nothing runs until imported
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
    explicit RestoreRunner(DoorAddress door, QObject* parent = nullptr);
    ~RestoreRunner() override; // cancels and joins

    bool isRunning() const { return running_; }
    // False (with `error`) when busy or `runs` is empty.
    bool plan(const std::vector<job::RestoreOptions>& runs, QString* error = nullptr);
    // `clients[i]`, when given and not empty, is the client whose agent writes run i
    // (`restore --client NAME`, docs/agent.md): run i's save set is then read here and sent.
    bool start(const std::vector<job::RestoreOptions>& runs, QString* error = nullptr,
               const std::vector<std::string>& clients = {});
    void cancel() { cancel_ = true; }
    // The restore job of this runner as the service's live snapshots last showed it (GET
    // /v1/live while the job is followed; not known before its job starts). Local and remote
    // services alike.
    RestoreProgress progress() const;
    // When set, a restore is on the board while it runs (beside other jobs; refused while a
    // cartridge moves); a plan is a read and never waits. `board` must outlive the runner.
    void setBoard(TaskBoard* board) { board_ = board; }
    TaskBoard* board() const { return board_; }

Q_SIGNALS:
    void planned(const tl::ui::RestorePlanSummary& plan);
    void finished(const tl::ui::RestoreSummary& result);

private:
    bool launch(const std::vector<job::RestoreOptions>& runs, bool run, QString* error,
                const std::vector<std::string>& clients = {});
    RestorePlanSummary planAll(const std::vector<job::RestoreOptions>& runs,
                               const std::vector<std::string>& clients);

    DoorAddress door_;
    std::thread thread_;
    std::atomic<bool> cancel_{false};
    bool running_ = false;
    TaskBoard* board_ = nullptr;
    qint64 task_ = 0;              // the restore's task on the board (0: a plan, or no board)
    mutable std::mutex liveMutex_; // guards live_
    std::optional<metrics::LiveSnapshot> live_; // the followed job's last snapshot
};

} // namespace tl::ui
