#include "pages/media/pool_table_model.h"

#include "pages/media/media_text.h"

namespace tl::ui {

void PoolTableModel::setPools(std::vector<media::Pool> pools) {
    bool same = pools.size() == pools_.size();
    for (std::size_t i = 0; same && i < pools.size(); ++i)
        same = pools[i].name == pools_[i].name;
    if (same) {
        pools_ = std::move(pools);
        if (!pools_.empty())
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    pools_ = std::move(pools);
    endResetModel();
}

const media::Pool* PoolTableModel::pool(int row) const {
    return row >= 0 && row < rowCount() ? &pools_[static_cast<std::size_t>(row)] : nullptr;
}

QStringList PoolTableModel::names() const {
    QStringList out;
    for (const auto& p : pools_)
        out << QString::fromStdString(p.name);
    return out;
}

int PoolTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(pools_.size());
}

int PoolTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString PoolTableModel::duration(qint64 s) {
    if (s <= 0) return {};
    if (s % 86400 == 0) return tr("%1 d").arg(s / 86400);
    if (s % 3600 == 0) return tr("%1 h").arg(s / 3600);
    if (s % 60 == 0) return tr("%1 min").arg(s / 60);
    return tr("%1 s").arg(s);
}

namespace {
// Spelled out: a "%n day(s)" numerus string shows as "30 day(s)" without an English .qm.
QString days(int n) {
    return n == 1 ? PoolTableModel::tr("1 day") : PoolTableModel::tr("%1 days").arg(n);
}
} // namespace

QVariant PoolTableModel::data(const QModelIndex& index, int role) const {
    const media::Pool* p = index.isValid() ? pool(index.row()) : nullptr;
    if (!p) return {};
    if (role == Qt::UserRole) {
        switch (index.column()) {
        case Retention:
            return p->retention_days;
        case FileRetention:
            return p->file_retention_days;
        case MaxJobs:
            return qint64(p->max_jobs);
        case MaxBytes:
            return qint64(p->max_bytes);
        case MaxUse:
            return qint64(p->max_use_seconds);
        case Volumes:
            return qint64(p->volumes);
        default:
            role = Qt::DisplayRole;
        }
    }
    if (role != Qt::DisplayRole) return {};
    const QString none = tr("no limit");
    switch (index.column()) {
    case Name:
        return QString::fromStdString(p->name);
    case Purpose:
        return MediaText::purpose(p->purpose);
    case Retention:
        return days(p->retention_days);
    case FileRetention:
        return days(p->file_retention_days);
    case MaxJobs:
        return p->max_jobs ? QString::number(p->max_jobs) : none;
    case MaxBytes:
        return p->max_bytes ? MediaText::bytes(p->max_bytes) : none;
    case MaxUse:
        return p->max_use_seconds ? duration(p->max_use_seconds) : none;
    case Recycle:
        return p->auto_recycle ? tr("automatic") : tr("by hand");
    case AutoLabel:
        return p->auto_label ? tr("yes") : tr("no");
    case Volumes:
        return qint64(p->volumes);
    }
    return {};
}

QVariant PoolTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Name:
        return tr("Pool");
    case Purpose:
        return tr("Purpose");
    case Retention:
        return tr("Job retention");
    case FileRetention:
        return tr("File retention");
    case MaxJobs:
        return tr("Max jobs");
    case MaxBytes:
        return tr("Max bytes");
    case MaxUse:
        return tr("Max use");
    case Recycle:
        return tr("Recycle");
    case AutoLabel:
        return tr("Auto-label");
    case Volumes:
        return tr("Volumes");
    }
    return {};
}

} // namespace tl::ui
