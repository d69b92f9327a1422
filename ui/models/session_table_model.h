#pragma once
// The sessions of the job on the dashboard: source → drive, state, bytes, rate, files and the
// file being read. Rows are updated in place on each snapshot (dataChanged, no reset unless
// the set of sessions changed), so selection and scrolling survive. GUI thread only.
#include <QAbstractTableModel>
#include <vector>

#include "metrics/live_snapshot.h"

namespace tl::ui {

class SessionTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Source, Drive, State, Bytes, Rate, Files, CurrentFile, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setSessions(const std::vector<metrics::LiveSession>& sessions);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    std::vector<metrics::LiveSession> rows_;
};

} // namespace tl::ui
