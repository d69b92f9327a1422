#pragma once
// A table model over a list of rows of one type that is replaced as a whole (a snapshot read
// off the GUI thread): the row storage, the counts and the reset every page's table needs.
// Subclasses declare Q_OBJECT (their tr() context) and add data() and headerData().
// GUI thread only.
#include <QAbstractTableModel>
#include <QList>

namespace tl::ui {

template <class Row> class RowTableModel : public QAbstractTableModel {
public:
    RowTableModel(int columns, QObject* parent) : QAbstractTableModel(parent), columns_(columns) {}

    void setRows(const QList<Row>& rows) {
        beginResetModel();
        rows_ = rows;
        endResetModel();
    }
    const QList<Row>& rows() const { return rows_; }
    // The row at `r`, or nullptr outside the table.
    const Row* rowAt(int r) const { return r >= 0 && r < rows_.size() ? &rows_[r] : nullptr; }
    // The first row whose `field` equals `value`, or -1.
    template <class Field, class Value> int rowWhere(Field Row::*field, const Value& value) const {
        for (int i = 0; i < rows_.size(); ++i)
            if (rows_[i].*field == value) return i;
        return -1;
    }

    int rowCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : static_cast<int>(rows_.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : columns_;
    }

private:
    QList<Row> rows_;
    int columns_;
};

} // namespace tl::ui
