#pragma once
// A job's log: the lines of the data directory's log file written while the job ran. Every
// program on the data directory (console, CLI, service) logs to <home>/logs/tapeloom.log
// (rotated at 5 MiB into tapeloom.1.log …), one line per event with its local time; the lines
// from the job's start to one second after its end are the job's warnings, errors and steps.
// Reads the current file and the newest rotated one; cheap enough for the GUI thread.
#include <QString>
#include <QStringList>

namespace tl::ui {

// Lines of <home>/logs/tapeloom.1.log and tapeloom.log stamped within [started, ended + 1]
// (unix seconds; ended 0 = still running: up to now), oldest first, at most `maxLines` (the
// last ones). Lines without a time stamp (continuations) follow the line before them. With a
// `job`, a line that names another job ("backup job 8: …", a job running alongside) is left
// out with its continuations.
QStringList jobLogLines(const QString& home, qint64 started, qint64 ended, int maxLines = 5000,
                        qint64 job = 0);

} // namespace tl::ui
