#pragma once
// The data directory's log file as the Log page reads it: every program on the data directory
// (the service, the CLI, this console) appends to <home>/logs/tapeloom.log, one line per event
// ("2026-11-30 15:20:26.561 warning [job] [pid 4242] text"). readNew() returns the entries
// added since the last call, continuation lines joined to their entry; a file that shrank
// (rotated to tapeloom.1.log) is read again from its start. GUI thread; a read is one pass
// over the bytes added.
#include <QString>
#include <optional>
#include <vector>

#include "common/log.h"

namespace tl::ui {

struct LogLine {
    log::Entry entry; // seq 0: not from the console's own ring
    qint64 pid = 0;
};

// One line of the file, or nullopt for a line that does not start with a time stamp.
std::optional<LogLine> parseLogLine(const QString& line);

class LogFileTail {
public:
    explicit LogFileTail(QString path) : path_(std::move(path)) {}
    std::vector<LogLine> readNew();

private:
    QString path_;
    qint64 offset_ = 0;
    QByteArray partial_; // a line not yet ended by its newline
};

} // namespace tl::ui
