#pragma once
// A read-only table over a JSON array of objects (a bench's rows): one column per key of the
// first row, in the order the producer wrote them; arrays are shown joined ("5, 5"). Numbers
// sort as numbers (Qt::UserRole). GUI thread only.
#include <QAbstractTableModel>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace tl::ui {

class JsonTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(const nlohmann::ordered_json& rows);
    int column(const QString& key) const { return static_cast<int>(keys_.indexOf(key)); }
    double number(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    QStringList keys_;
    nlohmann::ordered_json rows_ = nlohmann::ordered_json::array();
};

} // namespace tl::ui
