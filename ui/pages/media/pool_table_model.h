#pragma once
// The pools of the Media page: name, purpose, retention of jobs and of file entries, the
// per-volume limits, recycling, auto-labeling and how many volumes each holds. Qt::UserRole
// gives raw values for sorting. GUI thread only.
#include <QAbstractTableModel>
#include <vector>

#include "media/pool.h"

namespace tl::ui {

class PoolTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Purpose,
        Retention,
        FileRetention,
        MaxJobs,
        MaxBytes,
        MaxUse,
        Recycle,
        AutoLabel,
        Volumes,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setPools(std::vector<media::Pool> pools);
    const std::vector<media::Pool>& pools() const { return pools_; }
    const media::Pool* pool(int row) const;
    QStringList names() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    // "7 d", "12 h", "90 min", "45 s" for a use duration; "" for 0 (no limit).
    static QString duration(qint64 seconds);

private:
    std::vector<media::Pool> pools_;
};

} // namespace tl::ui
