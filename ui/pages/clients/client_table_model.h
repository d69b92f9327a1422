#pragma once
// The clients of the Clients page as a table: name, state (online or offline at the last
// contact), address, agent version, OS, last backup (with its size) and next scheduled backup.
// Sorting through a QSortFilterProxyModel on SortRole. GUI thread only.
#include "models/row_table_model.h"
#include "pages/clients/client_snapshot.h"

namespace tl::ui {

class ClientTableModel final : public RowTableModel<ClientInfo> {
    Q_OBJECT
public:
    enum Column { Name, State, Address, Version, Os, LastBackup, NextBackup, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int NameRole = Qt::UserRole + 1;

    explicit ClientTableModel(QObject* parent = nullptr);

    void setClients(const QList<ClientInfo>& clients) { setRows(clients); }
    const QList<ClientInfo>& clients() const { return rows(); }
    int rowOf(const QString& name) const { return rowWhere(&ClientInfo::name, name); }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    QVariant text(const ClientInfo& c, int column) const;
    QVariant sortKey(const ClientInfo& c, int column) const;
    QString tip(const ClientInfo& c, int column) const;
};

} // namespace tl::ui
