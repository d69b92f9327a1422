#include "pages/jobs/schedule_table_model.h"

#include <QDateTime>
#include <QLocale>
#include <algorithm>
#include <limits>

#include "schedule/schedule_rule.h"
#include "widgets/job_text.h"

namespace tl::ui {

ScheduleTableModel::ScheduleTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ScheduleTableModel::setSchedules(const std::vector<client::Schedule>& served, long long now) {
    std::vector<ScheduleRow> rows;
    for (const auto& s : served) {
        ScheduleRow row;
        row.id = s.id;
        row.name = QString::fromStdString(s.name);
        row.definition = QString::fromStdString(s.definition);
        row.rule = QString::fromStdString(s.rule);
        auto rule = schedule::ScheduleRule::parse(s.rule);
        if (!rule) {
            row.error = QString::fromStdString(rule.error().message);
        } else if (auto o = rule->next_after(std::max(now, s.checked_until))) {
            row.nextRun = o->time;
            row.nextLevel = QString::fromStdString(o->level);
        }
        rows.push_back(std::move(row));
    }
    if (loaded_ && rows == rows_) return;
    beginResetModel();
    rows_ = std::move(rows);
    loaded_ = true;
    endResetModel();
}

int ScheduleTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ScheduleTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScheduleTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& r = rows_[static_cast<std::size_t>(index.row())];
    const bool sortKey = role == Qt::UserRole;
    if (role == Qt::ToolTipRole && !r.error.isEmpty()) return r.error;
    if (role != Qt::DisplayRole && !sortKey) return {};
    switch (index.column()) {
    case Id:
        return r.id;
    case Job:
        return r.definition;
    case Rule:
        return r.rule;
    case Name:
        return r.name;
    case NextRun:
        if (sortKey) return r.nextRun ? r.nextRun : std::numeric_limits<long long>::max();
        if (!r.error.isEmpty()) return tr("invalid rule");
        if (!r.nextRun) return tr("never");
        return tr("%1 (%2)").arg(
            QLocale().toString(QDateTime::fromSecsSinceEpoch(r.nextRun), QLocale::ShortFormat),
            JobText::level(QStringLiteral("backup"), r.nextLevel));
    }
    return {};
}

QVariant ScheduleTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Id:
        return tr("Schedule");
    case Job:
        return tr("Job definition");
    case Rule:
        return tr("Rule");
    case Name:
        return tr("Name");
    case NextRun:
        return tr("Next run");
    }
    return {};
}

} // namespace tl::ui
