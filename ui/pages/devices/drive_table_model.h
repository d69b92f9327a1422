#pragma once
// The drives of the Devices page as a table: configuration, status and counters of each
// configured drive (DeviceSnapshot). Sorting goes through a QSortFilterProxyModel on
// SortRole (numbers sort as numbers). GUI thread only.

#include "models/row_table_model.h"
#include "pages/devices/device_snapshot.h"

namespace tl::ui {

class DriveTableModel final : public RowTableModel<DriveInfo> {
    Q_OBJECT
public:
    enum Column {
        Name,
        Kind,
        Device,
        Library,
        Status,
        Volume,
        BlockSize,
        Compression,
        Written,
        Read,
        Mounts,
        Errors,
        Cleaning,
        Health,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int NameRole = Qt::UserRole + 1; // the drive's name, any column

    explicit DriveTableModel(QObject* parent = nullptr);

    void setDrives(const QList<DriveInfo>& drives) { setRows(drives); }
    const QList<DriveInfo>& drives() const { return rows(); }
    // Row of the drive named `name`, or -1.
    int rowOf(const QString& name) const { return rowWhere(&DriveInfo::name, name); }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    // "online", "empty", "in use by backup 4", "error: …" as shown in the Status column.
    static QString statusText(const DriveInfo& d);
    static QString kindText(const QString& kind);
};

} // namespace tl::ui
