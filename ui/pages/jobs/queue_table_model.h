#pragma once
// The queue for the Jobs page: the scheduler service's waiting and running entries as its typed
// door gives them (GET /v1/queue, as `tapeloom-cli queue list` shows them) plus the console's own
// runs, which the service does not know about (their rows have ids of 0 or below). Holds values
// only: the panel reads on a worker thread and hands the answer over. GUI thread only.
#include <QAbstractTableModel>
#include <map>
#include <vector>

#include "client/queue.h"
#include "schedule/scheduler.h"

namespace tl::ui {

class QueueTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Job, Level, State, WaitingFor, Reason, Attempt, Since, ColumnCount };
    explicit QueueTableModel(QObject* parent = nullptr);

    // Shows the service's queue as read; reset only on a change.
    void setServiceQueue(const client::Queue& queue);
    // The console's own runs (Run now, Back up now, a restore…); shown first, ids <= 0.
    void setLocalRuns(std::vector<schedule::QueueEntry> runs);
    // Whether the service's queue lists a run of `definition` that has not ended (queued or
    // running).
    bool servicePending(const std::string& definition) const;
    // The entry on `row` (a local run has an id <= 0).
    const schedule::QueueEntry& entry(int row) const;
    // What the running entries' jobs wait for, by entry id (their live snapshots say it): such
    // an entry is "waiting", with the reason in the Waiting for column.
    void setWaits(std::map<std::int64_t, QString> waits);
    // Pid of the scheduler service that answered, 0 before it did (as of setServiceQueue()).
    long servicePid() const { return servicePid_; }
    // True when the service's queue has a running entry (as of setServiceQueue()).
    bool serviceRunning() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    std::vector<schedule::QueueEntry> local_;
    std::vector<schedule::QueueEntry> service_;
    std::map<std::int64_t, QString> waits_;
    std::string signature_;
    long servicePid_ = 0;
};

} // namespace tl::ui
