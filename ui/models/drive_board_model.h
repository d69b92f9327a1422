#pragma once
// Every drive every job is using now, library-wide, as the jobs' live snapshots on the
// LiveBoard say (published by the engine that runs them: this console, the service or a
// `tapeloom-cli`): drive, job, volume, position on the volume, state and rate. A job waiting
// for drives or volumes other jobs hold has a row of its own saying what it waits for. Rows
// are updated in place while the set of drives stays the same. GUI thread only.
#include <QAbstractTableModel>
#include <vector>

#include "metrics/live_snapshot.h"

namespace tl::ui {

class DriveBoardModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Drive, Job, Volume, Position, State, Rate, ColumnCount };
    // Qt::UserRole of the Job column: the job id.
    using QAbstractTableModel::QAbstractTableModel;

    // The board as LiveFeed::board hands it: ended jobs are left out.
    void setJobs(const std::vector<metrics::LiveSnapshot>& jobs);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        std::int64_t job = 0;
        std::string jobName, kind;
        bool waiting = false;
        std::string waitingFor;
        metrics::LiveDrive drive; // empty for a waiting job
    };
    std::vector<Row> rows_;
};

} // namespace tl::ui
