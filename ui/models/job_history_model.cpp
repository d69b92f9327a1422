#include "models/job_history_model.h"

#include <QLocale>
#include <map>
#include <memory>

#include "bridge/engine_task.h"
#include "client/live_jobs.h"
#include "models/served_history.h"
#include "widgets/job_text.h"
#include "widgets/units_format.h"

namespace tl::ui {

// What one read of the service brings: the history and the running jobs' live snapshots.
struct JobHistoryModel::Read {
    Result<std::vector<JobRow>> rows;
    Result<client::LiveJobs> live;
};

JobHistoryModel::JobHistoryModel(DoorAddress door, QObject* parent)
    : QAbstractTableModel(parent), door_(std::move(door)) {}

void JobHistoryModel::refresh() {
    if (reading_) {
        again_ = true; // the history may have changed since that read began
        return;
    }
    reading_ = true;
    runBackgroundRead(nullptr, this, [this, door = door_]() -> GuiContinuation {
        auto read = std::make_shared<Read>(
            Read{readJobHistory(door, kMaxRows),
                 readService<client::LiveJobs>(door, "running jobs",
                                               [](client::Api& api) { return api.live_jobs(); })});
        return [this, read] { arrived(*read); }; // values only above
    });
}

void JobHistoryModel::arrived(const Read& read) {
    reading_ = false;
    if (read.live) {
        live_.clear();
        for (const auto& s : read.live->jobs)
            if (!s.ended) live_[s.job_id] = s;
    }
    if (read.rows) setRows(read.rows.value());
    Q_EMIT refreshed(read.rows ? QString() : QString::fromStdString(read.rows.error().message));
    if (again_) {
        again_ = false;
        refresh();
    }
}

void JobHistoryModel::setRows(std::vector<JobRow> rows) {
    addLiveFigures(rows);
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

// A running or waiting job has no report yet: its time so far (since its row started) and,
// once it works, its files and bytes so far from its live snapshot.
void JobHistoryModel::addLiveFigures(std::vector<JobRow>& rows) const {
    const QDateTime now = QDateTime::currentDateTime();
    for (auto& r : rows) {
        if (r.status != QLatin1String("running") && r.status != QLatin1String("waiting")) continue;
        r.seconds = double(qMax<qint64>(0, r.started.secsTo(now)));
        const auto it = live_.find(r.id);
        if (it == live_.end() || it->second.status == "waiting") continue;
        r.files = qint64(it->second.files);
        r.bytes = qint64(it->second.source_bytes);
        r.wall = it->second.wall_rate;
    }
}

int JobHistoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int JobHistoryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JobHistoryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& r = rows_[static_cast<std::size_t>(index.row())];
    const QLocale loc;
    const bool sortKey = role == Qt::UserRole;
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Duration || index.column() == Id
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    if (role != Qt::DisplayRole && !sortKey) return {};
    switch (index.column()) {
    case Id:
        return r.id;
    case Kind:
        return sortKey ? r.kind : JobText::kind(r.kind);
    case Name:
        // A job started by hand (`backup --source`, a restore) has no definition's name: a dash,
        // as `jobs list` prints it, rather than a cell that looks unread.
        return sortKey || !r.name.isEmpty() ? r.name : QStringLiteral("\u2014");
    case Level:
        if (r.kind != QLatin1String("backup")) return QString(); // a restore has no level
        return sortKey ? r.level : JobText::level(r.kind, r.level);
    case Status:
        return sortKey ? r.status : JobText::status(r.kind, r.status);
    case Started:
        return sortKey ? QVariant(r.started)
                       : QVariant(loc.toString(r.started, QLocale::ShortFormat));
    case Duration:
        return sortKey ? QVariant(r.seconds)
                       : QVariant(tr("%1 s").arg(loc.toString(r.seconds, 'f', 1)));
    case Files:
        return sortKey ? QVariant(r.files) : QVariant(loc.toString(r.files));
    case Bytes:
        return sortKey ? QVariant(r.bytes) : QVariant(formatBytes(quint64(r.bytes)));
    case Wall:
        return sortKey ? QVariant(r.wall) : QVariant(formatJobRate(r.wall, quint64(r.bytes)));
    case Sustained:
        return sortKey ? QVariant(r.sustained)
                       : QVariant(formatJobRate(r.sustained, quint64(r.bytes)));
    }
    return {};
}

QVariant JobHistoryModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Id:
        return tr("Job");
    case Kind:
        return tr("Kind");
    case Name:
        return tr("Name");
    case Level:
        return tr("Level");
    case Status:
        return tr("Status");
    case Started:
        return tr("Started");
    case Duration:
        return tr("Duration");
    case Files:
        return tr("Files");
    case Bytes:
        return tr("Bytes");
    case Wall:
        return tr("Wall rate");
    case Sustained:
        return tr("Sustained rate");
    }
    return {};
}

} // namespace tl::ui
