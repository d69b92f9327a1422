#include "models/drive_board_model.h"

#include <QLocale>
#include <algorithm>

#include "widgets/job_text.h"
#include "widgets/units_format.h"

namespace tl::ui {

void DriveBoardModel::setJobs(const std::vector<metrics::LiveSnapshot>& jobs) {
    std::vector<Row> rows;
    for (const auto& s : jobs) {
        if (s.ended) continue;
        Row base{s.job_id, s.name, s.kind, s.status == "waiting", s.waiting_for, {}};
        if (base.waiting || s.drives.empty()) {
            rows.push_back(base);
            continue;
        }
        for (const auto& d : s.drives) {
            Row r = base;
            r.drive = d;
            rows.push_back(std::move(r));
        }
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return a.drive.name != b.drive.name ? a.drive.name < b.drive.name : a.job < b.job;
    });
    const bool same =
        rows.size() == rows_.size() &&
        std::equal(rows.begin(), rows.end(), rows_.begin(), [](const Row& a, const Row& b) {
            return a.job == b.job && a.drive.name == b.drive.name;
        });
    if (!same) beginResetModel();
    rows_ = std::move(rows);
    if (!same)
        endResetModel();
    else if (!rows_.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int DriveBoardModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int DriveBoardModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DriveBoardModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& r = rows_[static_cast<std::size_t>(index.row())];
    if (role == Qt::UserRole && index.column() == Job) return qint64(r.job);
    if (role == Qt::TextAlignmentRole)
        return index.column() == Position || index.column() == Rate
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    const QLocale loc;
    switch (index.column()) {
    case Drive:
        return r.drive.name.empty() ? tr("—") : QString::fromStdString(r.drive.name);
    case Job: {
        QString job = tr("%1 %2").arg(JobText::kind(QString::fromStdString(r.kind))).arg(r.job);
        if (!r.jobName.empty())
            job += QStringLiteral(" (%1)").arg(QString::fromStdString(r.jobName));
        return job;
    }
    case Volume:
        return r.drive.volume.empty() ? tr("—") : QString::fromStdString(r.drive.volume);
    case Position:
        return r.drive.position < 0 ? tr("—")
                                    : tr("block %1").arg(loc.toString(qlonglong(r.drive.position)));
    case State:
        if (r.waiting) return QString::fromStdString(r.waitingFor);
        // A job's drive that is idle waits for the job's data (its sources, the catalog).
        if (r.drive.state == "idle") return tr("waiting for data");
        return JobText::activity(QString::fromStdString(r.drive.state));
    case Rate:
        return r.waiting || r.drive.name.empty() ? tr("—") : formatRate(r.drive.rate);
    }
    return {};
}

QVariant DriveBoardModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Drive:
        return tr("Drive");
    case Job:
        return tr("Job");
    case Volume:
        return tr("Volume");
    case Position:
        return tr("Position");
    case State:
        return tr("State");
    case Rate:
        return tr("Rate");
    }
    return {};
}

} // namespace tl::ui
