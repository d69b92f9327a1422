#include "models/log_file_tail.h"

#include <QDateTime>
#include <QFile>
#include <QRegularExpression>

namespace tl::ui {

namespace {
int levelNumber(const QString& name) {
    static const char* names[] = {"trace", "debug", "info", "warning", "error", "critical"};
    for (int i = 0; i < 6; ++i)
        if (name == QLatin1String(names[i])) return i;
    return name == QLatin1String("warn") ? 3 : 2;
}
} // namespace

std::optional<LogLine> parseLogLine(const QString& line) {
    static const QRegularExpression form(QStringLiteral(
        R"(^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) +(\w+) +\[([^\]]*)\] +\[pid (\d+)\] ?(.*)$)"));
    const auto m = form.match(line);
    if (!m.hasMatch()) return std::nullopt;
    const auto t = QDateTime::fromString(m.captured(1), QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
    if (!t.isValid()) return std::nullopt;
    LogLine out;
    out.entry.time_ms = t.toMSecsSinceEpoch();
    out.entry.level = levelNumber(m.captured(2));
    out.entry.module = m.captured(3).toStdString();
    out.entry.text = m.captured(5).toStdString();
    out.pid = m.captured(4).toLongLong();
    return out;
}

std::vector<LogLine> LogFileTail::readNew() {
    std::vector<LogLine> out;
    QFile f(path_);
    if (!f.open(QIODevice::ReadOnly)) return out;
    if (f.size() < offset_) { // rotated: a new file under the same name
        offset_ = 0;
        partial_.clear();
    }
    if (!f.seek(offset_)) return out;
    QByteArray bytes = partial_ + f.readAll();
    offset_ = f.pos();
    const qsizetype end = bytes.lastIndexOf('\n');
    partial_ = bytes.mid(end + 1);
    bytes.truncate(end < 0 ? 0 : end);
    for (const QByteArray& raw : bytes.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line.isEmpty()) continue;
        if (auto parsed = parseLogLine(line))
            out.push_back(std::move(*parsed));
        else if (!out.empty()) // a continuation of the entry before it
            out.back().entry.text += "\n" + line.toStdString();
    }
    return out;
}

} // namespace tl::ui
