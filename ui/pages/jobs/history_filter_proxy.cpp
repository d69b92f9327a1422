#include "pages/jobs/history_filter_proxy.h"

#include <QDateTime>

#include "models/job_history_model.h"

namespace tl::ui {

HistoryFilterProxy::HistoryFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(Qt::UserRole);
}

void HistoryFilterProxy::setStatus(const QString& status) {
    status_ = status;
    invalidateFilter();
}

void HistoryFilterProxy::setLevel(const QString& level) {
    level_ = level;
    invalidateFilter();
}

void HistoryFilterProxy::setDateRange(const QDate& from, const QDate& to) {
    from_ = from;
    to_ = to;
    invalidateFilter();
}

bool HistoryFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    auto* m = sourceModel();
    auto cell = [&](int column, int role = Qt::DisplayRole) {
        return m->data(m->index(sourceRow, column, sourceParent), role);
    };
    // The codes (Qt::UserRole), not the words shown in the user's language.
    if (!status_.isEmpty() && cell(JobHistoryModel::Status, Qt::UserRole).toString() != status_)
        return false;
    if (!level_.isEmpty() && cell(JobHistoryModel::Level, Qt::UserRole).toString() != level_)
        return false;
    const QDate day = cell(JobHistoryModel::Started, Qt::UserRole).toDateTime().date();
    if (from_.isValid() && day < from_) return false;
    if (to_.isValid() && day > to_) return false;
    return true;
}

} // namespace tl::ui
