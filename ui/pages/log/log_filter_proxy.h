#pragma once
// Keeps log rows at or above a level whose module or message contains a text (case-insensitive),
// of one module (or all) and about one job (or all): a job's lines name it ("backup job 12: …",
// "job 12: …").
#include <QRegularExpression>
#include <QSortFilterProxyModel>

namespace tl::ui {

class LogFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setMinimumLevel(int level);
    void setText(const QString& text);
    void setModule(const QString& module); // "" for every module
    void setJob(qint64 job);               // 0 for every line

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

private:
    int minLevel_ = 0;
    QString text_;
    QString module_;
    qint64 job_ = 0;
    QRegularExpression jobPattern_;
};

} // namespace tl::ui
