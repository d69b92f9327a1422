#include "pages/reports/job_log.h"

#include <QDateTime>
#include <QFile>
#include <QRegularExpression>

namespace tl::ui {

namespace {
// "2026-11-30 15:20:26.561 …" in local time, as engine/common/log.cpp writes it; -1 if none.
qint64 stampOf(const QString& line) {
    if (line.size() < 23 || line[4] != QLatin1Char('-') || line[10] != QLatin1Char(' ')) return -1;
    const auto t = QDateTime::fromString(line.left(23), QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
    return t.isValid() ? t.toSecsSinceEpoch() : -1;
}

// Whether `line` names a job other than `job` ("backup job 8: …", "job 8: …").
bool namesAnotherJob(const QString& line, qint64 job) {
    static const QRegularExpression named(QStringLiteral("\\bjob (\\d+)\\b"));
    for (auto it = named.globalMatch(line); it.hasNext();)
        if (it.next().captured(1).toLongLong() != job) return true;
    return false;
}
} // namespace

QStringList jobLogLines(const QString& home, qint64 started, qint64 ended, int maxLines,
                        qint64 job) {
    const qint64 until = (ended > 0 ? ended : QDateTime::currentSecsSinceEpoch()) + 1;
    QStringList out;
    for (const char* name : {"/logs/tapeloom.1.log", "/logs/tapeloom.log"}) {
        QFile f(home + QLatin1String(name));
        if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) continue;
        bool inside = false;
        while (!f.atEnd()) {
            const QString line = QString::fromUtf8(f.readLine()).trimmed();
            if (line.isEmpty()) continue;
            const qint64 t = stampOf(line);
            if (t >= 0)
                inside = t >= started && t <= until && !(job > 0 && namesAnotherJob(line, job));
            if (inside) out << line;
        }
    }
    if (out.size() > maxLines) out = out.mid(out.size() - maxLines);
    return out;
}

} // namespace tl::ui
