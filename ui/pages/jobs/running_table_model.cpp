#include "pages/jobs/running_table_model.h"

#include <QDateTime>
#include <QLocale>
#include <algorithm>

#include "widgets/job_text.h"
#include "widgets/units_format.h"

namespace tl::ui {

namespace {
QString duration(double seconds) {
    const auto s = static_cast<qint64>(seconds + 0.5);
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}

bool waiting(const metrics::LiveSnapshot& s) {
    return s.status == "waiting";
}

// A waiting job: seconds since it started waiting (its row's start, when it has not worked yet).
double waited(const metrics::LiveSnapshot& s) {
    const double now = static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1e3;
    return s.started_at > 0 ? std::max(0.0, now - s.started_at) : 0;
}

int percent(const metrics::LiveSnapshot& s) {
    if (s.total_bytes == 0 || waiting(s)) return -1;
    const double p = 100.0 * static_cast<double>(s.source_bytes) / double(s.total_bytes);
    return static_cast<int>(std::min(99.0, p)); // 100 % only once it has ended
}
} // namespace

RunningTableModel::RunningTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void RunningTableModel::setJobs(const client::LiveJobs& live) {
    std::vector<metrics::LiveSnapshot> running;
    for (const auto& s : live.jobs)
        if (!s.ended) running.push_back(s);
    std::sort(running.begin(), running.end(),
              [](const auto& a, const auto& b) { return a.job_id < b.job_id; });
    const bool sameRows =
        running.size() == jobs_.size() &&
        std::equal(running.begin(), running.end(), jobs_.begin(),
                   [](const auto& a, const auto& b) { return a.job_id == b.job_id; });
    if (sameRows && live.service_pid == servicePid_) { // keeps the selection: figures change
        jobs_ = std::move(running);
        if (!jobs_.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    jobs_ = std::move(running);
    servicePid_ = live.service_pid;
    endResetModel();
}

RunningTableModel::Owner RunningTableModel::owner(int row) const {
    const long pid = static_cast<long>(job(row).pid);
    return pid != 0 && pid == servicePid_ ? Owner::Service : Owner::OtherProcess;
}

int RunningTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(jobs_.size());
}

int RunningTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunningTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& s = job(index.row());
    if (role == Qt::UserRole) {
        switch (index.column()) {
        case Job:
            return qint64(s.job_id);
        case Progress:
            return percent(s);
        case Done:
            return qulonglong(s.source_bytes);
        case Rate:
            return s.wall_rate;
        case Elapsed:
            return waiting(s) ? waited(s) : s.elapsed;
        case Left:
            return s.eta_seconds;
        default:
            break;
        }
    }
    if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
    const QLocale loc;
    switch (index.column()) {
    case Job:
        return qint64(s.job_id);
    case Kind:
        return JobText::kind(QString::fromStdString(s.kind));
    case Name:
        return QString::fromStdString(s.name);
    case Level:
        return QString::fromStdString(s.level);
    case RunBy:
        switch (owner(index.row())) {
        case Owner::Service:
            return tr("scheduler service");
        case Owner::OtherProcess:
            return tr("process %1").arg(s.pid);
        }
        return {};
    case State:
        return waiting(s) ? tr("waiting") : tr("running");
    case WaitingFor:
        return QString::fromStdString(s.waiting_for);
    case Progress:
        if (waiting(s)) return tr("not started");
        return percent(s) < 0 ? tr("unknown") : tr("%1 %").arg(percent(s));
    case Done:
        return formatBytes(s.source_bytes);
    case Rate:
        return formatRate(s.wall_rate);
    case Elapsed:
        return waiting(s) ? tr("waiting %1").arg(duration(waited(s))) : duration(s.elapsed);
    case Left:
        return s.eta_seconds < 0 || waiting(s) ? tr("unknown") : duration(s.eta_seconds);
    }
    return {};
}

QVariant RunningTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Job:
        return tr("Job");
    case Kind:
        return tr("Kind");
    case Name:
        return tr("Name");
    case Level:
        return tr("Level");
    case RunBy:
        return tr("Run by");
    case State:
        return tr("State");
    case WaitingFor:
        return tr("Waiting for");
    case Progress:
        return tr("Progress");
    case Done:
        return tr("Read");
    case Rate:
        return tr("Wall rate");
    case Elapsed:
        return tr("Elapsed");
    case Left:
        return tr("Time left");
    }
    return {};
}

} // namespace tl::ui
