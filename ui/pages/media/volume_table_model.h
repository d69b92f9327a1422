#pragma once
// The volumes of the Media page: one row per cartridge (the catalog's volumes and the blank
// cartridges the library holds), one column per fact an administrator sorts by. Display text
// follows the settings' units; Qt::UserRole gives the raw value for sorting, the roles below
// the barcode, pool and state for filters and actions. Filled from a MediaSnapshot (read off
// the GUI thread); GUI thread only.
#include <QAbstractTableModel>
#include <vector>

#include "pages/media/media_snapshot.h"

namespace tl::ui {

class VolumeTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Barcode,
        Pool,
        State,
        Used,
        Capacity,
        LastWritten,
        Expires,
        Location,
        Mounts,
        Errors,
        Jobs,
        Encryption, // the key ids its encrypted save sets need ("" when all is clear)
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole,
        BarcodeRole,
        PoolRole,
        StateRole, // media::to_string of the state ("append", "read-only"…)
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<VolumeRow> rows);
    const VolumeRow* row(int r) const;
    const VolumeRow* find(const QString& barcode) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const VolumeRow& r, int column) const;
    QVariant sortKey(const VolumeRow& r, int column) const;

    std::vector<VolumeRow> rows_;
};

} // namespace tl::ui
