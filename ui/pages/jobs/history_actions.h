#pragma once
// Verify (of the backup, or of its copies in a pool) and clone of a finished backup, from the
// History tab of the Jobs page: each is a job the service runs, started through its typed door
// (POST /v1/verifications, POST /v1/clones; docs/console.md "Beside the service") and followed
// until it ended, as a job of the TaskBoard on a worker thread beside the other jobs (the service
// reserves the drives and volumes it reads and writes). The pools a clone may go to are the
// service's (GET /v1/pools), those a verify of copies may read the job's report's copies (GET
// /v1/jobs/{id}); both are read on a worker thread before the question. Without a service
// answering, the error says how to start it. The outcome comes back as status() then finished().
// GUI thread only.
#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <vector>

#include "bridge/console_context.h"
#include "bridge/typed_door.h"
#include "client/pools.h"

class QWidget;

namespace tl::ui {

class TaskBoard;

class HistoryActions final : public QObject {
    Q_OBJECT
public:
    // Which pool of `pools` (the answer to `question` about `job`); empty = cancelled.
    using AskPool =
        std::function<QString(qint64 job, const QString& question, const QStringList& pools)>;

    // `dialogParent` parents the default pool question.
    HistoryActions(const ConsoleContext& ctx, TaskBoard& board, QWidget* dialogParent);

    void setAskPool(AskPool ask) { askPool_ = std::move(ask); }

    // Reads backup `job` back: every block's CRC and every file's content hash.
    bool verify(qint64 job);
    // The same of its copies (clones) in a pool the user chooses among those holding them.
    bool verifyCopy(qint64 job);
    bool verifyIn(qint64 job, const QString& pool);
    // Copies backup `job`'s save sets to volumes of a pool the user chooses among the
    // service's pools (asked once they are read).
    bool clone(qint64 job);
    bool cloneTo(qint64 job, const QString& pool);

Q_SIGNALS:
    void status(const QString& text, bool error);
    void finished(qint64 job, const QString& error); // "" on success

private:
    // Runs `call` (which sets `summary` on success) through the service's typed door.
    bool start(qint64 job, const QString& what, const QString& kind, ApiCall call,
               std::shared_ptr<QString> summary, const QString& success);
    // The words of a pool question: the failure to read the pools ("%2": why), none to offer,
    // the question itself.
    struct PoolQuestion {
        QString notDone, none, question;
    };
    // Asks which of `pools` (read on a worker thread) and gives the answer to `then`; a failed
    // read or no pool is said on status() instead.
    void askPoolThen(qint64 job, const Result<QStringList>& pools, const PoolQuestion& q,
                     const std::function<void(const QString&)>& then);

    ConsoleContext ctx_;
    TaskBoard& board_;
    QWidget* parent_;
    AskPool askPool_;
};

} // namespace tl::ui
