#include "pages/reports/job_export.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QLocale>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

#include "widgets/job_text.h"
#include "widgets/units_format.h"

namespace tl::ui {

namespace {
QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// A CSV field, quoted when it holds a separator, a quote or a line break.
QString field(const QString& v) {
    if (!v.contains(QLatin1Char(',')) && !v.contains(QLatin1Char('"')) &&
        !v.contains(QLatin1Char('\n')))
        return v;
    QString q = v;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString isoTime(long long unix) {
    return unix > 0 ? QDateTime::fromSecsSinceEpoch(unix).toString(Qt::ISODate) : QString();
}

QStringList sources(const job::JobReport& r) {
    QStringList out;
    for (const auto& s : r.sessions)
        if (!out.contains(qs(s.source))) out << qs(s.source);
    return out;
}

QStringList volumes(const job::JobReport& r) {
    QStringList out;
    for (const auto& v : r.volumes)
        out << qs(v);
    return out;
}

// The problems with files and sessions: the report's warnings, then each failed session.
QStringList problems(const job::JobReport& r) {
    QStringList out;
    for (const auto& w : r.warnings)
        out << qs(w);
    for (const auto& s : r.sessions)
        if (s.status == "failed")
            out << QStringLiteral("session %1 (%2): %3")
                       .arg(s.saveset_id)
                       .arg(qs(s.source), qs(s.error));
    if (!r.error.empty()) out << qs(r.error);
    return out;
}
} // namespace

QString JobExport::title() const {
    const QString kind = JobText::kind(qs(job_.kind));
    QString t = tr("%1 job %2").arg(kind.left(1).toUpper() + kind.mid(1)).arg(job_.id);
    if (!job_.name.empty()) t += QStringLiteral(" (%1)").arg(qs(job_.name));
    return t;
}

QString JobExport::csv() const {
    const auto& r = job_.report;
    QStringList lines{QStringLiteral("field,value")};
    auto add = [&lines](const QString& k, const QString& v) {
        lines << k + QLatin1Char(',') + field(v);
    };
    add(QStringLiteral("job"), QString::number(job_.id));
    add(QStringLiteral("kind"), qs(job_.kind));
    add(QStringLiteral("name"), qs(job_.name));
    add(QStringLiteral("level"), job_.kind == "backup" ? qs(job_.level) : QString());
    add(QStringLiteral("status"), qs(job_.status));
    add(QStringLiteral("started"), isoTime(job_.started));
    add(QStringLiteral("ended"), isoTime(job_.ended));
    add(QStringLiteral("elapsed_s"), QString::number(r.elapsed, 'f', 3));
    add(QStringLiteral("files"), QString::number(job_.files));
    add(QStringLiteral("bytes"), QString::number(job_.bytes));
    add(QStringLiteral("tape_bytes"), QString::number(r.tape_bytes));
    add(QStringLiteral("wall_rate_Bps"), QString::number(r.wall_rate, 'f', 0));
    add(QStringLiteral("sustained_rate_Bps"), QString::number(r.sustained_rate, 'f', 0));
    add(QStringLiteral("compression_ratio"), QString::number(r.compression_ratio, 'f', 3));
    add(QStringLiteral("volumes"), volumes(r).join(QLatin1Char(' ')));
    add(QStringLiteral("sources"), sources(r).join(QLatin1Char(' ')));
    lines << QString() << QStringLiteral("problem");
    for (const auto& p : problems(r))
        lines << field(p);
    lines << QString();
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n') +
           QString::fromStdString(metrics::to_csv(series_));
}

QString JobExport::html(bool withGraphs) const {
    const auto& r = job_.report;
    const QLocale loc;
    auto esc = [](const QString& s) { return s.toHtmlEscaped(); };
    QString h = QStringLiteral("<h1>%1</h1>").arg(esc(title()));
    auto when = [&loc](long long t) {
        return t > 0 ? loc.toString(QDateTime::fromSecsSinceEpoch(t), QLocale::LongFormat)
                     : QStringLiteral("—");
    };
    const std::pair<QString, QString> rows[] = {
        {tr("Status"), JobText::status(qs(job_.kind), qs(job_.status))},
        {tr("Level"), JobText::level(qs(job_.kind), qs(job_.level))},
        {tr("Started"), when(job_.started)},
        {tr("Ended"), when(job_.ended)},
        {tr("Duration"), tr("%1 s").arg(loc.toString(r.elapsed, 'f', 1))},
        {tr("Files"), loc.toString(qulonglong(job_.files))},
        {tr("Bytes"), formatBytes(quint64(job_.bytes))},
        {tr("On tape"), formatBytes(r.tape_bytes)},
        {tr("Wall rate"), formatJobRate(r.wall_rate, r.bytes)},
        {tr("Sustained rate"), formatJobRate(r.sustained_rate, r.bytes)},
        {tr("Volumes"), volumes(r).join(QStringLiteral(", "))},
        {tr("Sources"), sources(r).join(QStringLiteral(", "))}};
    h += QStringLiteral("<table cellpadding='3'>");
    for (const auto& [k, v] : rows)
        if (!v.isEmpty())
            h += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(esc(k), esc(v));
    h += QStringLiteral("</table>");
    const QStringList p = problems(r);
    h += QStringLiteral("<h2>%1</h2>").arg(esc(tr("Problems")));
    if (p.isEmpty()) h += QStringLiteral("<p>%1</p>").arg(esc(tr("None.")));
    for (const auto& line : p)
        h += QStringLiteral("<p>%1</p>").arg(esc(line));
    if (withGraphs) h += QStringLiteral("<p><img src='tl:graphs' width='640'></p>");
    return h;
}

bool JobExport::writePdf(const QString& path, const QImage& graphs) const {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    QPdfWriter pdf(&file);
    if (!pdf.setPageSize(QPageSize(QPageSize::A4))) return false;
    pdf.setTitle(title());
    pdf.setCreator(QStringLiteral("Tapeloom %1").arg(QCoreApplication::applicationVersion()));
    pdf.setResolution(96);
    QTextDocument doc;
    if (!graphs.isNull())
        doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("tl:graphs")), graphs);
    doc.setHtml(html(!graphs.isNull()));
    doc.print(&pdf);
    return file.error() == QFileDevice::NoError;
}

} // namespace tl::ui
