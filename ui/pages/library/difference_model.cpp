#include "pages/library/difference_model.h"

namespace tl::ui {

DifferenceModel::DifferenceModel(QObject* parent) : QAbstractTableModel(parent) {}

void DifferenceModel::setDifferences(std::vector<media::Difference> d) {
    beginResetModel();
    rows_ = std::move(d);
    endResetModel();
}

int DifferenceModel::rowOf(const QString& barcode) const {
    for (std::size_t i = 0; i < rows_.size(); ++i)
        if (QString::fromStdString(rows_[i].barcode) == barcode) return int(i);
    return -1;
}

int DifferenceModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

int DifferenceModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString DifferenceModel::kindName(media::DifferenceKind k) {
    switch (k) {
    case media::DifferenceKind::Moved:
        return tr("Moved");
    case media::DifferenceKind::Returned:
        return tr("Returned");
    case media::DifferenceKind::Unknown:
        return tr("Unknown");
    case media::DifferenceKind::Missing:
        return tr("Missing");
    }
    return {};
}

QVariant DifferenceModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(rows_.size())) return {};
    const auto& d = rows_[std::size_t(index.row())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        auto orDash = [](const std::string& s) {
            return s.empty() ? QStringLiteral("-") : QString::fromStdString(s);
        };
        switch (index.column()) {
        case Kind:
            return kindName(d.kind);
        case Barcode:
            return QString::fromStdString(d.barcode);
        case Was:
            return orDash(d.catalog_says);
        case Now:
            return orDash(d.changer_says);
        case Action:
            return QString::fromStdString(d.action);
        }
    }
    if (role == Qt::UserRole) return QString::fromLatin1(media::to_string(d.kind));
    return {};
}

QVariant DifferenceModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Kind:
        return tr("Difference");
    case Barcode:
        return tr("Barcode");
    case Was:
        return tr("Catalog (was)");
    case Now:
        return tr("Changer (now)");
    case Action:
        return tr("Action");
    }
    return {};
}

} // namespace tl::ui
