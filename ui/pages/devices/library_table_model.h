#pragma once
// The libraries (changers) of the Devices page as a table: type, changer device, drives,
// storage and mail slots in use, cleaning cartridges. Sorting through a QSortFilterProxyModel
// on SortRole. GUI thread only.

#include "models/row_table_model.h"
#include "pages/devices/device_snapshot.h"

namespace tl::ui {

class LibraryTableModel final : public RowTableModel<LibraryInfo> {
    Q_OBJECT
public:
    enum Column { Name, Kind, Device, Drives, Slots, MailSlots, Cleaning, Status, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int NameRole = Qt::UserRole + 1;

    explicit LibraryTableModel(QObject* parent = nullptr);

    void setLibraries(const QList<LibraryInfo>& libraries) { setRows(libraries); }
    const QList<LibraryInfo>& libraries() const { return rows(); }
    int rowOf(const QString& name) const { return rowWhere(&LibraryInfo::name, name); }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;
};

} // namespace tl::ui
