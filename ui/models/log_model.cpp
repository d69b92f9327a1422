#include "models/log_model.h"

#include <QBrush>
#include <QCoreApplication>
#include <QDateTime>
#include <QPalette>
#include <memory>
#include <set>

namespace tl::ui {

using ServiceLines = Result<client::ServiceLog>;

LogModel::LogModel(std::shared_ptr<log::RingSink> ring, const DoorAddress& door, QObject* parent,
                   int maxRows)
    : QAbstractTableModel(parent), ring_(std::move(ring)),
      service_(this, door,
               [this] {
                   return [this, after = cursor_](client::Api& api) -> GuiContinuation {
                       auto lines = std::make_shared<ServiceLines>(api.service_log(after));
                       return [this, lines] { takeService(*lines); };
                   };
               }),
      maxRows_(maxRows), ownPid_(QCoreApplication::applicationPid()) {
    connect(&timer_, &QTimer::timeout, this, &LogModel::poll);
    timer_.start(250);
    poll();
}

int LogModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int LogModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString LogModel::levelName(int level) {
    switch (level) {
    case 0:
        return tr("trace");
    case 1:
        return tr("debug");
    case 2:
        return tr("info");
    case 3:
        return tr("warning");
    case 4:
        return tr("error");
    case 5:
        return tr("critical");
    default:
        return QString::number(level);
    }
}

QVariant LogModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& row = rows_[static_cast<std::size_t>(index.row())];
    const auto& e = row.entry;
    if (role == LevelRole) return e.level;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Time:
            return QDateTime::fromMSecsSinceEpoch(e.time_ms).toString(
                QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
        case Level:
            return levelName(e.level);
        case Module:
            return QString::fromStdString(e.module);
        case Process:
            if (e.seq != 0) return tr("this console");
            return row.pid == servicePid_ ? tr("pid %1 (service)").arg(row.pid)
                                          : tr("pid %1").arg(row.pid);
        case Message:
            return QString::fromStdString(e.text);
        default:
            return {};
        }
    }
    if (role == Qt::ForegroundRole && index.column() == Level) {
        if (e.level >= 4) return QBrush(QColor(0xd0, 0x30, 0x30));
        if (e.level == 3) return QBrush(QColor(0xc0, 0x80, 0x00));
    }
    return {};
}

QVariant LogModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Time:
        return tr("Time");
    case Level:
        return tr("Level");
    case Module:
        return tr("Module");
    case Process:
        return tr("Process");
    case Message:
        return tr("Message");
    default:
        return {};
    }
}

QStringList LogModel::modules() const {
    std::set<std::string> names;
    for (const auto& r : rows_)
        names.insert(r.entry.module);
    QStringList out;
    for (const auto& n : names)
        out << QString::fromStdString(n);
    return out;
}

void LogModel::poll() {
    if (ticks_++ % 4 == 0) service_.request();
    std::vector<LogLine> fresh;
    auto own = ring_->since(lastSeq_);
    if (!own.empty()) lastSeq_ = own.back().seq;
    for (auto& e : own)
        fresh.push_back({std::move(e), ownPid_});
    if (!fresh.empty()) append(std::move(fresh));
}

void LogModel::takeService(const Result<client::ServiceLog>& answer) {
    if (!answer) {
        const QString msg = QString::fromStdString(answer.error().message);
        if (msg != serviceError_) {
            log::get("ui")->error("the service's log through the service: {}",
                                  answer.error().message);
            Q_EMIT serviceFailed(msg);
        }
        serviceError_ = msg;
        return;
    }
    if (!serviceError_.isEmpty()) {
        serviceError_.clear();
        Q_EMIT serviceFailed(QString());
    }
    cursor_ = answer->next;
    servicePid_ = answer->service_pid;
    // A local console writes its own lines to that file too: they come from the ring.
    const qint64 ownInFile = service_.door().isRemote() ? 0 : ownPid_;
    std::vector<LogLine> fresh;
    for (const auto& l : answer->lines) {
        if (l.pid == ownInFile) continue;
        log::Entry e;
        e.time_ms = l.time_ms;
        e.level = l.level;
        e.module = l.module;
        e.text = l.message;
        fresh.push_back({std::move(e), l.pid});
    }
    serviceLines_ += static_cast<int>(fresh.size());
    if (answer->more) service_.request(); // the rest: asked right after this read
    if (!fresh.empty()) append(std::move(fresh));
}

void LogModel::append(std::vector<LogLine> fresh) {
    const int overflow = static_cast<int>(rows_.size() + fresh.size()) - maxRows_;
    if (overflow > 0) {
        const int drop = std::min(overflow, static_cast<int>(rows_.size()));
        if (drop > 0) {
            beginRemoveRows({}, 0, drop - 1);
            rows_.erase(rows_.begin(), rows_.begin() + drop);
            endRemoveRows();
        }
        if (static_cast<int>(fresh.size()) > maxRows_)
            fresh.erase(fresh.begin(), fresh.end() - maxRows_);
    }
    const int first = static_cast<int>(rows_.size());
    beginInsertRows({}, first, first + static_cast<int>(fresh.size()) - 1);
    rows_.insert(rows_.end(), std::make_move_iterator(fresh.begin()),
                 std::make_move_iterator(fresh.end()));
    endInsertRows();
}

} // namespace tl::ui
