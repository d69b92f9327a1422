#pragma once
// The Log page's table: entries pulled on a timer from the engine's in-memory log ring (this
// console's own lines; the engine never calls into Qt) and, through the typed door, the lines of
// the service's data directory's log file, where the service and the CLI on its machine write
// theirs (GET /v1/log, read on a worker thread about once a second): a console on another
// machine shows the same lines as a local one. A failed read of the service's lines is said once
// (serviceFailed(), logged once) until a read succeeds again (serviceFailed("")). Keeps at most
// `maxRows` newest rows. GUI thread only.
#include <QAbstractTableModel>
#include <QStringList>
#include <QTimer>
#include <memory>
#include <vector>

#include "bridge/door_poll.h"
#include "client/machine.h"
#include "common/log.h"

namespace tl::ui {

struct LogLine {
    log::Entry entry; // seq 0: not from the console's own ring
    qint64 pid = 0;   // the process that wrote it (on the service's machine for seq 0)
};

class LogModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Time, Level, Module, Process, Message, ColumnCount };
    enum Role { LevelRole = Qt::UserRole + 1 };

    LogModel(std::shared_ptr<log::RingSink> ring, const DoorAddress& door,
             QObject* parent = nullptr, int maxRows = 20000);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    // Pulls the console's new entries now and asks the service for its new lines (also called
    // every 250 ms by the timer; the service is asked every fourth time).
    void poll();
    // The service's lines read so far.
    int serviceLines() const { return serviceLines_; }
    static QString levelName(int level);
    // The modules of the rows so far, sorted.
    QStringList modules() const;

Q_SIGNALS:
    // The service's lines could not be read (the message), or can be again ("").
    void serviceFailed(const QString& message);

private:
    void append(std::vector<LogLine> fresh);
    void takeService(const Result<client::ServiceLog>& answer);
    std::shared_ptr<log::RingSink> ring_;
    std::vector<LogLine> rows_;
    DoorPoll service_;
    std::string cursor_; // the service's `next`
    long long servicePid_ = 0;
    int serviceLines_ = 0;
    int ticks_ = 0;
    QString serviceError_;
    std::uint64_t lastSeq_ = 0;
    int maxRows_;
    qint64 ownPid_;
    QTimer timer_;
};

} // namespace tl::ui
