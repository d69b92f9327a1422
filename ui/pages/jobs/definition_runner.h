#pragma once
// Run now: one job definition at a chosen level, start to end (pre/post commands, backup,
// notification), queued in the service's scheduler through the typed door and followed to its
// end as `tapeloom-cli job run` does it, on a worker thread as a task of the TaskBoard (beside
// other jobs). Keeps the cancel
// flag so the Queue tab can stop the run. One run at a time per runner. GUI thread only (the
// flag is atomic).
#include <QObject>
#include <QString>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

#include "bridge/console_context.h"
#include "schedule/job_definition.h"
#include "schedule/scheduler.h"

namespace tl::ui {

class TaskBoard;

class DefinitionRunner final : public QObject {
    Q_OBJECT
public:
    DefinitionRunner(const ConsoleContext& ctx, TaskBoard& board, QObject* parent = nullptr);

    // Starts `d` at `level` (full | diff | incr); false with the reason (a cartridge moving, a
    // run of this runner still going) in `whyNot`.
    bool start(const schedule::JobDefinition& d, const QString& level, QString* whyNot);
    // Asks the running job to stop (it ends as cancelled). False when nothing runs.
    bool cancel();
    bool isRunning() const { return running_.has_value(); }
    // The run as a queue entry (id: minus its task on the board, reason "manual"), for the
    // Queue tab; none once the service's queue lists it.
    std::optional<schedule::QueueEntry> entry() const;
    // The run's task on the board, 0 when nothing runs.
    qint64 task() const { return running_ ? task_ : 0; }

Q_SIGNALS:
    void started(const QString& name);
    // jobId 0 when the run could not be recorded; status as in the job history.
    void finished(qint64 jobId, const QString& name, const QString& status, const QString& error);

private:
    ConsoleContext ctx_;
    TaskBoard& board_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    std::shared_ptr<std::atomic<std::int64_t>> entry_; // the service's queue entry, 0 before
    std::optional<schedule::QueueEntry> running_;
    qint64 task_ = 0;
};

} // namespace tl::ui
