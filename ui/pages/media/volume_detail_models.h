#pragma once
// The two lists of the volume details: its state history (time, from, to, reason) and the
// backup jobs with data on it (id, name, level, status, started, bytes), as the typed door
// read them (VolumeDetails). GUI thread only.
#include <QAbstractTableModel>
#include <vector>

#include "client/volume_usage.h"
#include "media/volume_catalog.h"

namespace tl::ui {

class VolumeHistoryModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Time, From, To, Reason, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    // `history` oldest first, as the service answers it; shown newest first.
    void setRows(std::vector<media::HistoryEntry> history);
    void clear();
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    std::vector<media::HistoryEntry> rows_;
};

class VolumeJobsModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Name, Level, JobStatus, Started, Bytes, ColumnCount };
    static constexpr int JobIdRole = Qt::UserRole + 1;
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<client::VolumeJob> jobs);
    void clear();
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    std::vector<client::VolumeJob> rows_;
};

} // namespace tl::ui
