#include "models/job_history_model.h"

#include <QFileInfo>
#include <QLocale>
#include <map>

#include "api/catalog_ops.h"
#include "catalog/job_store.h"
#include "metrics/live_board.h"
#include "widgets/job_text.h"
#include "widgets/units_format.h"

namespace tl::ui {

JobHistoryModel::JobHistoryModel(QString catalogPath, QObject* parent)
    : QAbstractTableModel(parent), path_(std::move(catalogPath)) {}

Status JobHistoryModel::refresh() {
    auto db = CatalogHandle::open(path_.toStdString(), false);
    if (!db) return db.error();
    catalog::JobQuery query;
    query.order = catalog::JobOrder::NewestFirst;
    query.limit = 5000;
    query.with_rates = true;
    auto jobs = catalog::list_jobs(db.value(), query);
    if (!jobs) return jobs.error();
    std::vector<JobRow> rows;
    rows.reserve(jobs->size());
    for (const auto& j : jobs.value()) {
        JobRow r;
        r.id = j.id;
        r.kind = QString::fromStdString(j.kind);
        r.name = QString::fromStdString(j.name);
        r.level = QString::fromStdString(j.level);
        r.status = QString::fromStdString(j.status);
        r.started = QDateTime::fromSecsSinceEpoch(j.started);
        r.files = j.files;
        r.bytes = j.bytes;
        r.seconds = j.elapsed_s;
        r.wall = j.wall_rate_Bps;
        r.sustained = j.sustained_rate_Bps;
        if (r.seconds <= 0 && j.ended > 0) r.seconds = double(j.ended - j.started);
        rows.push_back(std::move(r));
    }
    addLiveFigures(rows);
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
    return {};
}

// A running or waiting job has no report yet: its time so far (since its row started) and,
// once it works, its files and bytes so far from its live snapshot.
void JobHistoryModel::addLiveFigures(std::vector<JobRow>& rows) const {
    std::map<qint64, metrics::LiveSnapshot> live;
    if (auto all = metrics::LiveBoard(QFileInfo(path_).path().toStdString()).read())
        for (auto& s : all.value())
            if (!s.ended) live[s.job_id] = std::move(s);
    const QDateTime now = QDateTime::currentDateTime();
    for (auto& r : rows) {
        if (r.status != QLatin1String("running") && r.status != QLatin1String("waiting")) continue;
        r.seconds = double(qMax<qint64>(0, r.started.secsTo(now)));
        const auto it = live.find(r.id);
        if (it == live.end() || it->second.status == "waiting") continue;
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
        return r.name;
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
