#pragma once
// Filters the job history (JobHistoryModel) by status, level and a local date range for the
// Jobs page; sorts by the model's sort keys (Qt::UserRole). GUI thread only.
#include <QDate>
#include <QSortFilterProxyModel>

namespace tl::ui {

class HistoryFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit HistoryFilterProxy(QObject* parent = nullptr);

    // Empty = any. Values as stored: "completed", "failed"…; "full", "diff", "incr".
    void setStatus(const QString& status);
    void setLevel(const QString& level);
    // Jobs started on local dates from..to (inclusive); a null date leaves that end open.
    void setDateRange(const QDate& from, const QDate& to);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString status_, level_;
    QDate from_, to_;
};

} // namespace tl::ui
