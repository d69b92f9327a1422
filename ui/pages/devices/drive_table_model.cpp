#include "pages/devices/drive_table_model.h"

#include <QLocale>

#include "widgets/units_format.h"

namespace tl::ui {

DriveTableModel::DriveTableModel(QObject* parent) : RowTableModel(ColumnCount, parent) {}

QString DriveTableModel::kindText(const QString& kind) {
    if (kind == QLatin1String("virtual")) return tr("virtual");
    if (kind == QLatin1String("st")) return tr("st");
    if (kind == QLatin1String("null")) return tr("null");
    return kind;
}

QString DriveTableModel::statusText(const DriveInfo& d) {
    if (!d.usedByJob.isEmpty()) return tr("in use by %1").arg(d.usedByJob);
    if (!d.outOfService.isEmpty()) return tr("out of service: %1").arg(d.outOfService);
    if (!d.problem.isEmpty()) return tr("error: %1").arg(d.problem);
    if (d.online) return d.writeProtected ? tr("online, write-protected") : tr("online");
    return d.volume.isEmpty() ? tr("empty") : tr("loaded, not ready");
}

QVariant DriveTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !rowAt(index.row())) return {};
    const auto& d = *rowAt(index.row());
    if (role == NameRole) return d.name;
    if (role == Qt::ToolTipRole && index.column() == Status && !d.problem.isEmpty())
        return d.problem;
    if (role == Qt::ToolTipRole && index.column() == Kind)
        return d.kind == QLatin1String("st") ? tr("A Linux tape drive (/dev/nstN)")
               : d.kind == QLatin1String("null")
                   ? tr("Discards what it is given (measures reading)")
                   : tr("File-backed cartridges in the data directory");
    if (role == Qt::ToolTipRole && index.column() == Cleaning)
        return tr("st and virtual drives report that they need cleaning (TapeAlert 20); a job "
                  "cleans such a drive when it ends, or run tapeloom-cli drive clean.");
    if (role == Qt::ToolTipRole && index.column() == Health)
        return d.alerts.isEmpty() ? tr("No TapeAlert flag recorded for this drive.")
                                  : d.alerts.join(QLatin1Char('\n'));
    if (role == Qt::TextAlignmentRole && index.column() >= BlockSize &&
        index.column() != Compression && index.column() != Cleaning)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != SortRole) return {};
    const bool sort = role == SortRole;
    const QLocale loc;
    switch (index.column()) {
    case Name:
        return d.name;
    case Kind:
        return kindText(d.kind);
    case Device:
        return d.device;
    case Library:
        return d.library.isEmpty() ? tr("standalone")
                                   : tr("%1, drive %2").arg(d.library).arg(d.element);
    case Status:
        return statusText(d);
    case Volume:
        return d.volume;
    case BlockSize:
        if (sort) return d.blockSize;
        return d.blockSize > 0 ? tr("%1 KiB").arg(loc.toString(d.blockSize / 1024)) : QString();
    case Compression:
        return d.compression;
    case Written:
        return sort ? QVariant(d.bytesWritten) : QVariant(formatBytes(d.bytesWritten));
    case Read:
        return sort ? QVariant(d.bytesRead) : QVariant(formatBytes(d.bytesRead));
    case Mounts:
        return sort ? QVariant(d.mounts) : QVariant(loc.toString(d.mounts));
    case Errors:
        return sort ? QVariant(d.errors) : QVariant(loc.toString(d.errors));
    case Cleaning:
        if (d.kind == QLatin1String("null")) return tr("not reported");
        return d.cleaningRequested ? tr("needs cleaning") : tr("no request");
    case Health:
        return d.alerts.isEmpty() ? QString() : d.alerts.first();
    default:
        return {};
    }
}

QVariant DriveTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Name:
        return tr("Name");
    case Kind:
        return tr("Type");
    case Device:
        return tr("Device");
    case Library:
        return tr("Library");
    case Status:
        return tr("Status");
    case Volume:
        return tr("Volume");
    case BlockSize:
        return tr("Block size");
    case Compression:
        return tr("Compression");
    case Written:
        return tr("Written");
    case Read:
        return tr("Read");
    case Mounts:
        return tr("Mounts");
    case Errors:
        return tr("Errors");
    case Cleaning:
        return tr("Cleaning");
    case Health:
        return tr("TapeAlert");
    default:
        return {};
    }
}

} // namespace tl::ui
