#include "pages/jobs/definition_table_model.h"

#include <QDateTime>
#include <QLocale>
#include <algorithm>
#include <limits>
#include <optional>

#include "schedule/definition_store.h"
#include "schedule/schedule_rule.h"
#include "widgets/job_text.h"

namespace tl::ui {

DefinitionTableModel::DefinitionTableModel(QObject* parent) : QAbstractTableModel(parent) {}

Status DefinitionTableModel::setDefinitions(const std::vector<client::Definition>& served,
                                            long long now) {
    std::vector<DefinitionRow> rows;
    std::string signature;
    for (const auto& one : served) {
        auto read = schedule::definition_from_json(one.document);
        if (!read) return read.error();
        auto d = std::move(read.value());
        d.id = one.document.value("id", std::int64_t{0});
        DefinitionRow row;
        std::optional<schedule::Occurrence> best;
        // The earliest next run over the definition's schedules, as `job list` computes it.
        for (const auto& s : one.schedules) {
            ++row.schedules;
            auto rule = schedule::ScheduleRule::parse(s.rule);
            if (!rule) continue;
            auto o = rule->next_after(std::max(now, s.checked_until));
            if (o && (!best || o->time < best->time)) best = o;
        }
        if (best) {
            row.nextRun = best->time;
            row.nextLevel = QString::fromStdString(best->level);
        }
        signature += schedule::to_json(d).dump() + std::to_string(d.id) + ":" +
                     std::to_string(row.schedules) + ":" + std::to_string(row.nextRun) + "\n";
        row.def = std::move(d);
        rows.push_back(std::move(row));
    }
    if (signature == signature_ && !rows_.empty()) return {};
    beginResetModel();
    rows_ = std::move(rows);
    signature_ = std::move(signature);
    endResetModel();
    return {};
}

int DefinitionTableModel::rowOf(const QString& name) const {
    for (std::size_t i = 0; i < rows_.size(); ++i)
        if (QString::fromStdString(rows_[i].def.name) == name) return static_cast<int>(i);
    return -1;
}

int DefinitionTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int DefinitionTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DefinitionTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& r = rows_[static_cast<std::size_t>(index.row())];
    const auto& d = r.def;
    const bool sortKey = role == Qt::UserRole;
    if (role == Qt::ToolTipRole && index.column() == Sources) {
        QStringList all;
        for (const auto& s : d.sources)
            all << QString::fromStdString(s);
        return all.join(QLatin1Char('\n'));
    }
    if (role == Qt::ToolTipRole && index.column() == NextRun) return data(index, Qt::DisplayRole);
    if (role != Qt::DisplayRole && !sortKey) return {};
    switch (index.column()) {
    case Name:
        return QString::fromStdString(d.name);
    case Sources: {
        QStringList all;
        for (const auto& s : d.sources)
            all << QString::fromStdString(s);
        return all.join(QStringLiteral(", "));
    }
    case Pool:
        return QString::fromStdString(d.pool);
    case Drives:
        if (sortKey) return qulonglong(d.drives * 1000 + d.sessions_per_drive);
        return d.drives ? tr("%1 × %2").arg(d.drives).arg(d.sessions_per_drive)
                        : tr("as useful × %1").arg(d.sessions_per_drive);
    case Priority:
        return d.priority;
    case Schedules:
        return r.schedules;
    case NextRun:
        if (sortKey) return r.nextRun ? r.nextRun : std::numeric_limits<long long>::max();
        if (!r.nextRun) return tr("—");
        return tr("%1 (%2)").arg(
            QLocale().toString(QDateTime::fromSecsSinceEpoch(r.nextRun), QLocale::ShortFormat),
            JobText::level(QStringLiteral("backup"), r.nextLevel));
    case Commands: {
        QStringList c;
        if (!d.pre_command.empty()) c << tr("pre");
        if (!d.post_command.empty()) c << tr("post");
        if (!d.notify_command.empty()) c << tr("notify");
        return c.join(QStringLiteral(", "));
    }
    }
    return {};
}

QVariant DefinitionTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Name:
        return tr("Name");
    case Sources:
        return tr("Sources");
    case Pool:
        return tr("Pool");
    case Drives:
        return tr("Drives × sessions");
    case Priority:
        return tr("Priority");
    case Schedules:
        return tr("Schedules");
    case NextRun:
        return tr("Next run");
    case Commands:
        return tr("Commands");
    }
    return {};
}

} // namespace tl::ui
