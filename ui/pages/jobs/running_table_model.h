#pragma once
// The Running tab's table (BAT's Running Jobs): every job running on the data directory as its
// LiveBoard snapshot shows it — of this console, of the scheduler service or of a
// `tapeloom-cli` — with who runs it, whether it works or waits (and for which drives or volumes),
// its progress against the last run of the same sources, bytes, rate, elapsed time (the
// working time; a waiting job's wait so far) and time left. Reads <home>/live/ (small files, no
// catalog, no lock) on the GUI thread. GUI thread only.
#include <QAbstractTableModel>
#include <vector>

#include "common/result.h"
#include "metrics/live_snapshot.h"

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
    explicit RunningTableModel(QString home, QObject* parent = nullptr);

    // Reads the board. `ownPid`: this process; `servicePid`: the scheduler service's (0 none).
    Status refresh(long ownPid, long servicePid);
    const metrics::LiveSnapshot& job(int row) const { return jobs_.at(std::size_t(row)); }
    // Who runs the job on `row`.
    enum class Owner { ThisConsole, Service, OtherProcess };
    Owner owner(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    QString home_;
    std::vector<metrics::LiveSnapshot> jobs_;
    long ownPid_ = 0, servicePid_ = 0;
};

} // namespace tl::ui
