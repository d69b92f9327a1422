#include "models/job_history_model.h"

#include <QLocale>

#include <nlohmann/json.hpp>

#include "catalog/db.h"
#include "widgets/job_text.h"

namespace tl::ui {

JobHistoryModel::JobHistoryModel(QString catalogPath, QObject* parent)
    : QAbstractTableModel(parent), path_(std::move(catalogPath)) {}

Status JobHistoryModel::refresh() {
    auto db = catalog::Db::open(path_.toStdString(), false);
    if (!db) return db.error();
    auto q = db->prepare("SELECT id, kind, name, level, status, started, ended, files, bytes, "
                         "report FROM jobs ORDER BY id DESC LIMIT 5000");
    if (!q) return q.error();
    std::vector<JobRow> rows;
    for (;;) {
        auto step = q->step();
        if (!step) return step.error();
        if (!step.value()) break;
        JobRow r;
        r.id = q->i64(0);
        r.kind = QString::fromStdString(q->text(1));
        r.name = QString::fromStdString(q->text(2));
        r.level = QString::fromStdString(q->text(3));
        r.status = QString::fromStdString(q->text(4));
        r.started = QDateTime::fromSecsSinceEpoch(q->i64(5));
        r.files = q->i64(7);
        r.bytes = q->i64(8);
        const auto report = nlohmann::json::parse(q->text(9), nullptr, false);
        if (report.is_object()) {
            r.seconds = report.value("elapsed_s", 0.0);
            r.wall = report.value("wall_rate_Bps", 0.0);
            r.sustained = report.value("sustained_rate_Bps", 0.0);
        }
        if (r.seconds <= 0 && q->i64(6) > 0) r.seconds = double(q->i64(6) - q->i64(5));
        rows.push_back(std::move(r));
    }
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
    return {};
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
        return sortKey ? r.status : JobText::status(r.status);
    case Started:
        return sortKey ? QVariant(r.started)
                       : QVariant(loc.toString(r.started, QLocale::ShortFormat));
    case Duration:
        return sortKey ? QVariant(r.seconds)
                       : QVariant(tr("%1 s").arg(loc.toString(r.seconds, 'f', 1)));
    case Files:
        return sortKey ? QVariant(r.files) : QVariant(loc.toString(r.files));
    case Bytes:
        return sortKey ? QVariant(r.bytes) : QVariant(loc.formattedDataSize(r.bytes));
    case Wall:
        return sortKey ? QVariant(r.wall)
                       : QVariant(tr("%1 MB/s").arg(loc.toString(r.wall / 1e6, 'f', 1)));
    case Sustained:
        return sortKey ? QVariant(r.sustained)
                       : QVariant(tr("%1 MB/s").arg(loc.toString(r.sustained / 1e6, 'f', 1)));
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
