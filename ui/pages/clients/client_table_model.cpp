#include "pages/clients/client_table_model.h"

#include <QDateTime>
#include <QLocale>
#include <limits>

#include "widgets/units_format.h"

namespace tl::ui {

namespace {
QString when(qint64 t) {
    return QLocale().toString(QDateTime::fromSecsSinceEpoch(t), QLocale::ShortFormat);
}
} // namespace

ClientTableModel::ClientTableModel(QObject* parent) : RowTableModel(ColumnCount, parent) {}

QVariant ClientTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !rowAt(index.row())) return {};
    const auto& c = *rowAt(index.row());
    if (role == NameRole) return c.name;
    if (role == Qt::ToolTipRole) return tip(c, index.column());
    if (role == SortRole) return sortKey(c, index.column());
    if (role == Qt::DisplayRole) return text(c, index.column());
    return {};
}

QVariant ClientTableModel::text(const ClientInfo& c, int column) const {
    switch (column) {
    case Name:
        return c.name;
    case State:
        if (!c.online) return tr("not contacted yet");
        return *c.online ? tr("online") : tr("offline");
    case Address:
        return c.address;
    case Version:
        return c.version.isEmpty() ? tr("—") : c.version;
    case Os:
        return c.os.isEmpty() ? tr("—") : c.os;
    case LastBackup:
        if (!c.lastBackup) return tr("never");
        return tr("%1 (%2)").arg(when(c.lastBackup),
                                 formatBytes(static_cast<quint64>(c.lastBackupBytes)));
    case NextBackup:
        if (!c.nextBackup) return QString();
        return tr("%1 (%2)").arg(when(c.nextBackup), c.nextDefinition);
    default:
        return {};
    }
}

QVariant ClientTableModel::sortKey(const ClientInfo& c, int column) const {
    switch (column) {
    case State:
        return c.online ? (*c.online ? 2 : 1) : 0;
    case LastBackup:
        return c.lastBackup;
    case NextBackup:
        return c.nextBackup ? c.nextBackup : std::numeric_limits<qint64>::max();
    default:
        return text(c, column);
    }
}

QString ClientTableModel::tip(const ClientInfo& c, int column) const {
    switch (column) {
    case Name:
        return tr("Fingerprint of the agent's certificate: %1").arg(c.fingerprint);
    case State:
        if (!c.online) return tr("No backup or restore has reached the agent yet.");
        return c.lastSeen ? tr("The agent last answered at %1.").arg(when(c.lastSeen))
                          : tr("The agent has not answered yet.");
    default:
        return {};
    }
}

QVariant ClientTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Name:
        return tr("Client");
    case State:
        return tr("State");
    case Address:
        return tr("Address");
    case Version:
        return tr("Agent version");
    case Os:
        return tr("OS");
    case LastBackup:
        return tr("Last backup");
    case NextBackup:
        return tr("Next backup");
    default:
        return {};
    }
}

} // namespace tl::ui
