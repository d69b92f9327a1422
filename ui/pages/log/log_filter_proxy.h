#pragma once
// Keeps log rows at or above a level whose module or message contains a text (case-insensitive).
#include <QSortFilterProxyModel>

namespace tl::ui {

class LogFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setMinimumLevel(int level);
    void setText(const QString& text);

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

private:
    int minLevel_ = 0;
    QString text_;
};

} // namespace tl::ui
