#pragma once
// The console's board of running tasks: every backup, restore, scheduled run, labeling or
// other engine job started from this console is on it with its name, an id and (when it can be
// stopped) a canceller, and many run at once — the engine gives each job its drives and
// volumes and makes it wait, with a reason, when they are busy. Only what changes the library
// outside any job's reservations (a load, unload, transfer, import, export, off-site mark or
// reconcile on the Library page, removing a device) is exclusive: it is refused while a job
// runs, and a job is refused while it runs, with the reason naming what runs. Catalog-only actions
// (a definition, a schedule, a pool) and reads never come here, but background work counts itself
// (readStarted/readEnded) so the window can wait for it before the Engine goes away. Thread-safe
// (the scheduler's thread and the runners' threads call it); changed() is emitted on the board's
// thread (queued).
#include <QObject>
#include <QString>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <vector>

namespace tl::ui {

enum class TaskKind {
    Job,      // runs beside other jobs (the engine reserves what it uses)
    Exclusive // moves cartridges or removes a device outside any job's reservations: runs alone
};

struct BoardTask {
    qint64 id = 0;
    QString name; // "Backup nightly", "Restore", "Labeling TLO001"
    TaskKind kind = TaskKind::Job;
    QString jobKind;      // the engine's kind when it is a catalog job: backup, restore, label…
    qint64 jobId = 0;     // the catalog's job id once known, else 0
    qint64 queueId = 0;   // the scheduler queue's entry it runs (listed there), else 0
    qint64 startedAt = 0; // seconds since the epoch
    bool cancellable = false;
};

class TaskBoard final : public QObject {
    Q_OBJECT
public:
    explicit TaskBoard(QObject* parent = nullptr);
    ~TaskBoard() override; // waits for the background reads

    // Puts a task on the board and returns its id, or 0 with the reason in `whyNot` (an
    // exclusive task while jobs run, anything while an exclusive task runs). `jobKind` is the
    // engine's kind of job ("backup", "restore"…), empty when it is none.
    qint64 begin(const QString& name, TaskKind kind = TaskKind::Job, QString* whyNot = nullptr,
                 const QString& jobKind = {});
    // Takes the task off the board (its work has ended).
    void end(qint64 id);
    // The task's way to stop early (its job's cancel flag); without one it cannot be stopped.
    void setCanceller(qint64 id, std::function<void()> cancel);
    void setJobId(qint64 id, qint64 jobId);
    void setQueueId(qint64 id, qint64 queueId);

    bool busy() const;
    int count() const;
    std::vector<BoardTask> tasks() const;
    bool isRunning(qint64 id) const;
    // The running tasks' names, "Backup nightly, Restore" (empty when none).
    QString summary() const;
    // One line for the status bar: "Running: Backup nightly" or "Running: 2 jobs — …".
    QString statusLine() const;

    // Calls the task's canceller: false when it is gone or cannot be stopped.
    bool cancel(qint64 id);
    // Asks every cancellable task to stop; the number asked.
    int cancelAll();
    // True when every running task can be stopped (nothing runs: true).
    bool allCancellable() const;
    // The cancellable task running job `jobId` of kind `jobKind`: the one with that job id,
    // else the only cancellable task of that kind whose job id is not known yet; 0 when none.
    qint64 taskForJob(qint64 jobId, const QString& jobKind) const;

    // Waits until no task runs (the window's close waits so the Engine outlives them). False
    // after `timeoutMs`.
    bool waitUntilIdle(int timeoutMs);
    // Calls `then` on `context`'s thread once, the next time no task runs (soon when none runs
    // now); nothing when `context` is gone first.
    void whenIdle(QObject* context, std::function<void()> then);
    // For a page's status line: when `text` names tasks running now (a refusal such as
    // "Library move of TLO001 cannot run while Backup nightly runs…"), calls `clear` once they have
    // all ended, so the refusal does not outlive them. `clear` checks that the line still shows
    // `text`.
    void clearWhenEnded(QObject* context, const QString& text, std::function<void()> clear);

    // Background reads and catalog writes (a page's worker thread) count themselves here, so
    // the window can wait for them before its pages and the Engine go away.
    void readStarted();
    void readEnded();
    bool waitReadsDone(int timeoutMs);

Q_SIGNALS:
    // A task began or ended; `running` is how many run now.
    void changed(int running, const QString& statusLine);

private:
    // With mutex_ held: why `name` of `kind` may not start now, empty when it may.
    QString refusal(const QString& name, TaskKind kind) const;
    void notify();

    mutable std::mutex mutex_;
    std::condition_variable freed_;
    std::vector<BoardTask> tasks_;
    std::vector<std::pair<qint64, std::function<void()>>> cancellers_;
    qint64 nextId_ = 1;
    int reads_ = 0;
};

} // namespace tl::ui
