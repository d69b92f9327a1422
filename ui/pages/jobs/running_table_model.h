#pragma once
// The Running tab's table (BAT's Running Jobs): every job running on the service's data
// directory as its live snapshot shows it (GET /v1/live through the typed door) — of the
// scheduler service or of a `tapeloom-cli` process — with who runs it, whether it works or waits
// (and for which drives or volumes), its progress against the last run of the same sources,
// bytes, rate, elapsed time (the working time; a waiting job's wait so far) and time left. Holds
// values only: the panel reads on a worker thread and hands the answer over. GUI thread only.
#include <QAbstractTableModel>
#include <vector>

#include "client/live_jobs.h"

namespace tl::ui {

class RunningTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Job,
        Kind,
        Name,
        Level,
        RunBy,
        State,
        WaitingFor,
        Progress,
        Done,
        Rate,
        Elapsed,
        Left,
        ColumnCount
    };
    // Qt::UserRole of the Progress column: percent done, -1 when unknown.
    explicit RunningTableModel(QObject* parent = nullptr);

    // Shows the jobs of `live` that have not ended; only the figures change while they are the
    // same jobs (the selection stays).
    void setJobs(const client::LiveJobs& live);
    const metrics::LiveSnapshot& job(int row) const { return jobs_.at(std::size_t(row)); }
    // Who runs the job on `row`.
    enum class Owner { Service, OtherProcess };
    Owner owner(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    std::vector<metrics::LiveSnapshot> jobs_;
    long servicePid_ = 0;
};

} // namespace tl::ui
