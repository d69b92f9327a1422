#include "pages/media/volume_detail_models.h"

#include <algorithm>

#include "pages/media/media_text.h"

namespace tl::ui {

void VolumeHistoryModel::clear() {
    beginResetModel();
    rows_.clear();
    endResetModel();
}

Status VolumeHistoryModel::load(catalog::Db& db, std::int64_t volumeId) {
    auto h = media::volume_history(db, volumeId);
    if (!h) return h.error();
    std::vector<media::HistoryEntry> rows = std::move(h.value());
    std::reverse(rows.begin(), rows.end()); // newest first
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
    return {};
}

int VolumeHistoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int VolumeHistoryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant VolumeHistoryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || role != Qt::DisplayRole) return {};
    const auto& e = rows_[static_cast<std::size_t>(index.row())];
    switch (index.column()) {
    case Time:
        return MediaText::date(e.time);
    case From:
        return QString::fromStdString(e.from);
    case To:
        return QString::fromStdString(e.to);
    case Reason:
        return QString::fromStdString(e.reason);
    }
    return {};
}

QVariant VolumeHistoryModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Time:
        return tr("Time");
    case From:
        return tr("From");
    case To:
        return tr("To");
    case Reason:
        return tr("Reason");
    }
    return {};
}

void VolumeJobsModel::clear() {
    beginResetModel();
    rows_.clear();
    endResetModel();
}

Status VolumeJobsModel::load(catalog::Db& db, std::int64_t volumeId) {
    std::vector<Job> rows;
    {
        auto ids = media::jobs_on_volume(db, volumeId);
        if (!ids) return ids.error();
        auto q = db.prepare("SELECT name, level, status, started, bytes FROM jobs WHERE id=?");
        if (!q) return q.error();
        for (auto id : ids.value()) {
            Job j;
            j.id = id;
            q->bind(1, id);
            auto step = q->step();
            if (!step) return step.error();
            if (step.value()) {
                j.name = QString::fromStdString(q->text(0));
                j.level = QString::fromStdString(q->text(1));
                j.status = QString::fromStdString(q->text(2));
                j.started = q->i64(3);
                j.bytes = q->i64(4);
            }
            q->reset();
            rows.push_back(std::move(j));
        }
    }
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
    return {};
}

int VolumeJobsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int VolumeJobsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant VolumeJobsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& j = rows_[static_cast<std::size_t>(index.row())];
    if (role == JobIdRole) return j.id;
    if (role == Qt::ToolTipRole) return tr("Double-click to open the report of job %1").arg(j.id);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Id:
        return j.id;
    case Name:
        return j.name;
    case Level:
        return j.level;
    case JobStatus:
        return j.status;
    case Started:
        return MediaText::date(j.started);
    case Bytes:
        return MediaText::bytes(j.bytes);
    }
    return {};
}

QVariant VolumeJobsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Id:
        return tr("Job");
    case Name:
        return tr("Name");
    case Level:
        return tr("Level");
    case JobStatus:
        return tr("Status");
    case Started:
        return tr("Started");
    case Bytes:
        return tr("Bytes");
    }
    return {};
}

} // namespace tl::ui
