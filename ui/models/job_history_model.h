#pragma once
// The job history for the Jobs and Reports pages: one row per job (newest first, at most 5,000)
// with its kind, name, level, status, start, duration, files, bytes and its wall and sustained
// rate from the stored report; a running or waiting job shows its time so far and, from its
// live snapshot (GET /v1/live), its files and bytes so far. Read from the service through the
// typed door on a worker thread (served_history.h), so it never waits for a running job and the
// window never waits for the service. GUI thread only.
#include <QAbstractTableModel>
#include <QDateTime>
#include <cstdint>
#include <map>
#include <vector>

#include "bridge/typed_door.h"
#include "common/result.h"
#include "metrics/live_snapshot.h"

namespace tl::ui {

struct JobRow {
    qint64 id = 0;
    QString kind, name, level, status;
    QDateTime started;
    double seconds = 0;
    qint64 files = 0, bytes = 0;
    double wall = 0, sustained = 0; // bytes per second
};

class JobHistoryModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Id,
        Kind,
        Name,
        Level,
        Status,
        Started,
        Duration,
        Files,
        Bytes,
        Wall,
        Sustained,
        ColumnCount
    };
    static constexpr std::int64_t kMaxRows = 5000;

    // Reads the service at `door` (whatever catalog back end it uses).
    explicit JobHistoryModel(DoorAddress door, QObject* parent = nullptr);

    // Reads the history from the service; refreshed() once the rows are in (or why not). A
    // refresh asked while one reads reads again once that one is in.
    void refresh();
    const std::vector<JobRow>& rows() const { return rows_; }
    // The rows read (newest first), with the live figures of running jobs (as last read) added.
    void setRows(std::vector<JobRow> rows);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // "" when the rows are the service's history now, else the service's error (rows kept).
    void refreshed(const QString& error);

private:
    struct Read;
    void arrived(const Read& read);
    void addLiveFigures(std::vector<JobRow>& rows) const;

    DoorAddress door_;
    std::map<qint64, metrics::LiveSnapshot> live_; // the running jobs as last read
    std::vector<JobRow> rows_;
    bool reading_ = false, again_ = false;
};

} // namespace tl::ui
