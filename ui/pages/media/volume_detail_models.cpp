#include "pages/media/volume_detail_models.h"

#include <algorithm>

#include "pages/media/media_text.h"

namespace tl::ui {

void VolumeHistoryModel::clear() {
    beginResetModel();
    rows_.clear();
    endResetModel();
}

void VolumeHistoryModel::setRows(std::vector<media::HistoryEntry> history) {
    std::reverse(history.begin(), history.end()); // newest first
    beginResetModel();
    rows_ = std::move(history);
    endResetModel();
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

void VolumeJobsModel::setRows(std::vector<client::VolumeJob> jobs) {
    beginResetModel();
    rows_ = std::move(jobs);
    endResetModel();
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
    const auto id = static_cast<qint64>(j.id);
    if (role == JobIdRole) return id;
    if (role == Qt::ToolTipRole) return tr("Double-click to open the report of job %1").arg(id);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Id:
        return id;
    case Name:
        return QString::fromStdString(j.name);
    case Level:
        return QString::fromStdString(j.level);
    case JobStatus:
        return QString::fromStdString(j.status);
    case Started:
        return MediaText::date(j.started);
    case Bytes:
        return MediaText::bytes(static_cast<qint64>(j.bytes));
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
