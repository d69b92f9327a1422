#pragma once
// The two lists of the volume details: its state history (time, from, to, reason) and the
// backup jobs with data on it (id, name, level, status, started, bytes). Each loads from a
// catalog connection the caller opened (read-only). GUI thread only.
#include <QAbstractTableModel>
#include <vector>

#include "context/catalog_handle.h"
#include "media/volume_catalog.h"

namespace tl::ui {

class VolumeHistoryModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Time, From, To, Reason, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    tl::Status load(const CatalogHandle& db, std::int64_t volumeId);
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

    tl::Status load(const CatalogHandle& db, std::int64_t volumeId);
    void clear();
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    struct Job {
        qint64 id = 0, bytes = 0;
        long long started = 0;
        QString name, level, status;
    };
    std::vector<Job> rows_;
};

} // namespace tl::ui
