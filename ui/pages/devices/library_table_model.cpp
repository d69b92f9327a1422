#include "pages/devices/library_table_model.h"

#include <QLocale>

namespace tl::ui {

LibraryTableModel::LibraryTableModel(QObject* parent) : RowTableModel(ColumnCount, parent) {}

QVariant LibraryTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !rowAt(index.row())) return {};
    const auto& l = *rowAt(index.row());
    if (role == NameRole) return l.name;
    if (role == Qt::ToolTipRole && index.column() == Status && !l.problem.isEmpty())
        return l.problem;
    if (role == Qt::ToolTipRole && index.column() == Cleaning && !l.cleaningCartridges.isEmpty())
        return l.cleaningCartridges.join(QLatin1Char('\n'));
    if (role == Qt::TextAlignmentRole && index.column() == Drives)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != SortRole) return {};
    const bool sort = role == SortRole;
    const QLocale loc;
    switch (index.column()) {
    case Name:
        return l.name;
    case Kind:
        return l.kind == QLatin1String("virtual") ? tr("virtual")
               : l.kind == QLatin1String("mtx")   ? tr("mtx (SCSI changer)")
                                                  : l.kind;
    case Device:
        return l.device;
    case Drives:
        return sort ? QVariant(l.drives) : QVariant(loc.toString(l.drives));
    case Slots:
        return sort ? QVariant(l.slotsFull)
                    : QVariant(tr("%1 of %2 full").arg(l.slotsFull).arg(l.storageSlots));
    case MailSlots:
        return sort ? QVariant(l.mailFull)
                    : QVariant(tr("%1 of %2 full").arg(l.mailFull).arg(l.mailSlots));
    case Cleaning:
        if (sort) return static_cast<int>(l.cleaningCartridges.size());
        return l.cleaningCartridges.isEmpty()
                   ? tr("none")
                   : tr("%n cleaning cartridge(s): %1", "",
                        static_cast<int>(l.cleaningCartridges.size()))
                         .arg(l.cleaningCartridges.join(QStringLiteral(", ")));
    case Status:
        return l.problem.isEmpty() ? tr("ready") : tr("error: %1").arg(l.problem);
    default:
        return {};
    }
}

QVariant LibraryTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Name:
        return tr("Name");
    case Kind:
        return tr("Type");
    case Device:
        return tr("Changer device");
    case Drives:
        return tr("Drives");
    case Slots:
        return tr("Slots");
    case MailSlots:
        return tr("Mail slots");
    case Cleaning:
        return tr("Cleaning");
    case Status:
        return tr("Status");
    default:
        return {};
    }
}

} // namespace tl::ui
