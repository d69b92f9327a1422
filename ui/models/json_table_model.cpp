#include "models/json_table_model.h"

#include <QLocale>

namespace tl::ui {

namespace {
QString cellText(const nlohmann::ordered_json& v) {
    if (v.is_string()) return QString::fromStdString(v.get<std::string>());
    if (v.is_boolean()) return v.get<bool>() ? QObject::tr("yes") : QObject::tr("no");
    if (v.is_number_integer()) return QLocale().toString(v.get<qlonglong>());
    if (v.is_number()) return QLocale().toString(v.get<double>(), 'f', 2);
    if (v.is_array()) {
        QStringList parts;
        for (const auto& x : v)
            parts << cellText(x);
        return parts.join(QStringLiteral(", "));
    }
    if (v.is_null()) return {};
    return QString::fromStdString(v.dump());
}
} // namespace

void JsonTableModel::setRows(const nlohmann::ordered_json& rows) {
    beginResetModel();
    rows_ = rows.is_array() ? rows : nlohmann::ordered_json::array();
    keys_.clear();
    if (!rows_.empty() && rows_.front().is_object())
        for (const auto& [k, v] : rows_.front().items())
            keys_ << QString::fromStdString(k);
    endResetModel();
}

double JsonTableModel::number(int row, int column) const {
    if (row < 0 || row >= rowCount() || column < 0 || column >= keys_.size()) return 0;
    const auto& v = rows_[static_cast<std::size_t>(row)][keys_[column].toStdString()];
    return v.is_number() ? v.get<double>() : 0;
}

int JsonTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int JsonTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(keys_.size());
}

QVariant JsonTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= keys_.size()) return {};
    const auto& row = rows_[static_cast<std::size_t>(index.row())];
    const std::string key = keys_[index.column()].toStdString();
    if (!row.contains(key)) return {};
    const auto& v = row[key];
    if (role == Qt::DisplayRole) return cellText(v);
    if (role == Qt::UserRole)
        return v.is_number() ? QVariant(v.get<double>()) : QVariant(cellText(v));
    if (role == Qt::TextAlignmentRole && v.is_number())
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant JsonTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole || section >= keys_.size()) return {};
    return keys_[section];
}

} // namespace tl::ui
