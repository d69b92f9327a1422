#pragma once
// The Log page's table: entries pulled on a timer from the engine's in-memory log ring (this
// console's own lines; the engine never calls into Qt) and, once setLogFile() named it, from
// the data directory's log file, where the service and the CLI write theirs (log_file_tail.h).
// Keeps at most `maxRows` newest rows. GUI thread only.
#include <QAbstractTableModel>
#include <QStringList>
#include <QTimer>
#include <memory>
#include <optional>
#include <vector>

#include "common/log.h"
#include "models/log_file_tail.h"

namespace tl::ui {

class LogModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Time, Level, Module, Process, Message, ColumnCount };
    enum Role { LevelRole = Qt::UserRole + 1 };

    explicit LogModel(std::shared_ptr<log::RingSink> ring, QObject* parent = nullptr,
                      int maxRows = 20000);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    // Also shows the lines of the log file at `path` written by other processes (this
    // process's own lines come from the ring). Reads what the file holds now.
    void setLogFile(const QString& path);
    // Pulls new entries now (also called every 250 ms by the timer).
    void poll();
    static QString levelName(int level);
    // The modules of the rows so far, sorted.
    QStringList modules() const;

private:
    void append(std::vector<LogLine> fresh);
    std::shared_ptr<log::RingSink> ring_;
    std::vector<LogLine> rows_;
    std::optional<LogFileTail> file_;
    std::uint64_t lastSeq_ = 0;
    int maxRows_;
    qint64 ownPid_;
    QTimer timer_;
};

} // namespace tl::ui
