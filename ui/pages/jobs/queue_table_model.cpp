#include "pages/jobs/queue_table_model.h"

#include <QDateTime>
#include <QLocale>

namespace tl::ui {

QueueTableModel::QueueTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void QueueTableModel::setServiceQueue(const client::Queue& queue) {
    servicePid_ = queue.service_pid;
    std::string signature;
    for (const auto& e : queue.entries)
        signature += std::to_string(e.id) + schedule::to_string(e.state) +
                     (e.cancel_requested ? "c" : "") + std::to_string(e.attempt) +
                     std::to_string(e.not_before) + std::to_string(e.started) + e.level + "\n";
    if (signature == signature_) return;
    beginResetModel();
    service_ = queue.entries;
    signature_ = std::move(signature);
    endResetModel();
}

bool QueueTableModel::serviceRunning() const {
    for (const auto& e : service_)
        if (e.state == schedule::QueueEntry::State::Running) return true;
    return false;
}

void QueueTableModel::setLocalRuns(std::vector<schedule::QueueEntry> runs) {
    beginResetModel();
    local_ = std::move(runs);
    endResetModel();
}

bool QueueTableModel::servicePending(const std::string& definition) const {
    for (const auto& e : service_)
        if (e.definition == definition && (e.state == schedule::QueueEntry::State::Queued ||
                                           e.state == schedule::QueueEntry::State::Running))
            return true;
    return false;
}

void QueueTableModel::setWaits(std::map<std::int64_t, QString> waits) {
    if (waits == waits_) return;
    waits_ = std::move(waits);
    if (rowCount() > 0) Q_EMIT dataChanged(index(0, State), index(rowCount() - 1, WaitingFor));
}

const schedule::QueueEntry& QueueTableModel::entry(int row) const {
    const auto r = static_cast<std::size_t>(row);
    return r < local_.size() ? local_.at(r) : service_.at(r - local_.size());
}

int QueueTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(service_.size() + local_.size());
}

int QueueTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant QueueTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& e = entry(index.row());
    const bool running = e.state == schedule::QueueEntry::State::Running;
    if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
    switch (index.column()) {
    case Id:
        return e.id > 0 ? QVariant(qint64(e.id)) : QVariant(tr("this console"));
    case Job:
        return QString::fromStdString(e.definition);
    case Level:
        return QString::fromStdString(e.level);
    case State:
        if (e.cancel_requested) return tr("stopping");
        if (running && waits_.count(e.id)) return tr("waiting");
        return running ? tr("running") : tr("queued");
    case WaitingFor: {
        const auto it = waits_.find(e.id);
        return running && it != waits_.end() ? it->second : QString();
    }
    case Reason:
        return QString::fromStdString(e.reason);
    case Attempt:
        return e.attempt;
    case Since: {
        const long long t = running ? e.started : e.not_before;
        if (role == Qt::UserRole) return t;
        return t ? QLocale().toString(QDateTime::fromSecsSinceEpoch(t), QLocale::ShortFormat)
                 : QString();
    }
    }
    return {};
}

QVariant QueueTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Id:
        return tr("Entry");
    case Job:
        return tr("Job definition");
    case Level:
        return tr("Level");
    case State:
        return tr("State");
    case WaitingFor:
        return tr("Waiting for");
    case Reason:
        return tr("Reason");
    case Attempt:
        return tr("Attempt");
    case Since:
        return tr("Since / not before");
    }
    return {};
}

} // namespace tl::ui
