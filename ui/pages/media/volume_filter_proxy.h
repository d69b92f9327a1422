#pragma once
// Sorting and filtering of the Media page's volume table: a text (barcode, pool or location
// contains it, case-insensitive), a pool ("" = all) and a state (media::to_string, "" = all).
// Sorts by VolumeTableModel::SortRole (numbers as numbers). GUI thread only.
#include <QSortFilterProxyModel>

namespace tl::ui {

class VolumeFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit VolumeFilterProxy(QObject* parent = nullptr);

    void setText(const QString& text);
    void setPool(const QString& pool);
    void setState(const QString& state);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString text_, pool_, state_;
};

} // namespace tl::ui
