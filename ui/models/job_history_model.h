#pragma once
// The job history for the Reports page: one row per job (newest first, at most 5,000) with its
// kind, name, level, status, start, duration, files, bytes and its wall and sustained rate from
// the stored report; a running or waiting job shows its time so far and, from its live snapshot
// (<home>/live/), its files and bytes so far. Reads through its own read-only catalog
// connection (SQLite WAL), so it never waits for a running job. GUI thread only.
#include <QAbstractTableModel>
#include <QDateTime>
#include <vector>

#include "common/result.h"

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
    JobHistoryModel(QString catalogPath, QObject* parent = nullptr);

    // Reloads from the catalog; the error names the catalog.
    tl::Status refresh();
    const std::vector<JobRow>& rows() const { return rows_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    void addLiveFigures(std::vector<JobRow>& rows) const;

    QString path_;
    std::vector<JobRow> rows_;
};

} // namespace tl::ui
