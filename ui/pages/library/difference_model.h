#pragma once
// The differences the last inventory found between the catalog and the changer (moved,
// returned, unknown, missing): one row each with the barcode, where the catalog had it (was),
// where the changer has it (now) and what the reconcile does about it. GUI thread only.
#include <QAbstractTableModel>
#include <vector>

#include "media/reconcile.h"

namespace tl::ui {

class DifferenceModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Kind, Barcode, Was, Now, Action, ColumnCount };

    explicit DifferenceModel(QObject* parent = nullptr);
    void setDifferences(std::vector<media::Difference> d);
    const std::vector<media::Difference>& differences() const { return rows_; }
    // The row of `barcode`, or -1.
    int rowOf(const QString& barcode) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    static QString kindName(media::DifferenceKind k);

private:
    std::vector<media::Difference> rows_;
};

} // namespace tl::ui
