#include "pages/media/volume_detail_models.h"

#include <algorithm>

#include "api/catalog_ops.h"
#include "api/media_ops.h"
#include "catalog/job_store.h"
#include "pages/media/media_text.h"

namespace tl::ui {

void VolumeHistoryModel::clear() {
    beginResetModel();
    rows_.clear();
    endResetModel();
}

Status VolumeHistoryModel::load(const CatalogHandle& db, std::int64_t volumeId) {
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

Status VolumeJobsModel::load(const CatalogHandle& db, std::int64_t volumeId) {
    std::vector<Job> rows;
    {
        auto ids = media::jobs_on_volume(db, volumeId);
        if (!ids) return ids.error();
        for (auto id : ids.value()) {
            Job j;
            j.id = id;
            auto job = catalog::find_job(db, id);
            if (!job) return job.error();
            if (job.value()) {
                j.name = QString::fromStdString(job.value()->name);
                j.level = QString::fromStdString(job.value()->level);
                j.status = QString::fromStdString(job.value()->status);
                j.started = job.value()->started;
                j.bytes = job.value()->bytes;
            }
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
