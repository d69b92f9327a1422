#include <QtTest>

#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTableView>

#include "audit_log.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "models/job_history_model.h"
#include "pages/reports/job_reports_view.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_report_view.h"
#include "pages/restore/restore_target_panel.h"
#include "pdf_text.h"

using tltest::run_cli;

namespace {
QStringList h(const QString& home, QStringList args) {
    return QStringList{"--home", home} + args;
}

// Takes `barcode` out of the library (unloaded, exported, removed from the mail slot).
void takeOut(const QString& home, const QString& barcode) {
    auto inv = run_cli(h(home, {"library", "inventory", "--json"})).json().object();
    for (const auto& d : inv.value("drives").toArray())
        if (d.toObject().value("barcode").toString() == barcode)
            QCOMPARE(run_cli(h(home, {"library", "unload", "--drive",
                                      QString::number(d.toObject().value("drive").toInt())}))
                         .exit_code,
                     0);
    inv = run_cli(h(home, {"library", "inventory", "--json"})).json().object();
    int slot = 0;
    for (const auto& s : inv.value("slots").toArray())
        if (s.toObject().value("barcode").toString() == barcode)
            slot = s.toObject().value("slot").toInt();
    QVERIFY(slot > 0);
    QCOMPARE(run_cli(h(home, {"library", "export", "--slot", QString::number(slot), "--mail", "1"}))
                 .exit_code,
             0);
    QCOMPARE(run_cli(h(home, {"library", "remove-cartridge", "--mail", "1"})).exit_code, 0);
}

QStringList csvSection(const QStringList& lines, const QString& header) {
    QStringList out;
    const qsizetype at = lines.indexOf(header);
    for (qsizetype i = at + 1; at >= 0 && i < lines.size() && !lines[i].isEmpty(); ++i)
        out << lines[i];
    return out;
}

QString csvValue(const QStringList& summary, const QString& field) {
    for (const auto& l : summary)
        if (l.startsWith(field + ',')) return l.mid(field.size() + 1);
    return {};
}
} // namespace

// Issue 18, item 15: what the Reports page exports and lists. The CSV holds the summary (status,
// volumes, sources, dates), every problem and then the series; the PDF holds the same summary
// in words with the graphs; History shows a restore without a level, a restore refused for
// media outside the library, statuses in words and columns wide enough for their text.
// Real engine and CLI on a temporary data directory; the exported files are parsed.
class TestReportExports : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_, src_, volume_;

    // The view reads a job's report through the data directory's service: started for the
    // test, stopped when the guard goes.
    std::unique_ptr<tltest::ServiceGuard> serve() {
        const auto started = run_cli(h(home_, {"service", "start"}));
        if (started.exit_code != 0) qWarning("service start: %s", started.err.constData());
        return std::unique_ptr<tltest::ServiceGuard>(new tltest::ServiceGuard{home_});
    }
    // Reads the view's history from the service; false when it did not arrive.
    static bool refreshed(tl::ui::JobReportsView& view) {
        QSignalSpy spy(&view, &tl::ui::JobReportsView::historyShown);
        view.refresh();
        return spy.wait(30000);
    }
    // Shows job `id` and waits until its report, read from the service, is on the view.
    static bool shown(tl::ui::JobReportsView& view, qint64 id) {
        QSignalSpy spy(&view, &tl::ui::JobReportsView::jobShown);
        if (!view.showJob(id)) return false;
        return spy.count() > 0 || spy.wait(30000);
    }

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
        home_ = dir_.path() + "/home";
        src_ = dir_.path() + "/src";
        QVERIFY(QDir().mkpath(src_));
        QFile f(src_ + "/data.bin");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(3 << 20, 'x'));
        f.close();
        // One good source and one command that fails: a job with a problem to report.
        auto r = run_cli(
            h(home_, {"backup", "--drives", "1", "--sessions-per-drive", "2", "--poll-interval",
                      "50ms", "--source", src_, "--source", "cmd:echo partial; exit 3", "--json"}));
        const auto report = r.json().object();
        QVERIFY2(!report.value("volumes").toArray().isEmpty(), r.out.constData());
        volume_ = report.value("volumes").toArray().first().toString();
    }

    void csvHoldsSummaryProblemsAndSeries() {
        const auto service = serve();
        tl::ui::JobReportsView view(tl::ui::DoorAddress{home_.toStdString(), {}});
        QVERIFY(refreshed(view));
        QVERIFY(shown(view, 1));
        QVERIFY(view.exportCsv(dir_.path() + "/j.csv"));
        QFile f(dir_.path() + "/j.csv");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split('\n');
        const QStringList summary = csvSection(lines, QStringLiteral("field,value"));
        QCOMPARE(csvValue(summary, QStringLiteral("job")), QStringLiteral("1"));
        QCOMPARE(csvValue(summary, QStringLiteral("kind")), QStringLiteral("backup"));
        QVERIFY(!csvValue(summary, QStringLiteral("status")).isEmpty());
        QVERIFY(csvValue(summary, QStringLiteral("volumes")).contains(volume_));
        QVERIFY(csvValue(summary, QStringLiteral("sources")).contains(src_));
        QVERIFY(QDateTime::fromString(csvValue(summary, QStringLiteral("started")), Qt::ISODate)
                    .isValid());
        QVERIFY(csvValue(summary, QStringLiteral("bytes")).toLongLong() >= qint64(3 << 20));
        const QStringList problems = csvSection(lines, QStringLiteral("problem"));
        QVERIFY2(!problems.isEmpty(), qPrintable(lines.join('\n')));
        QVERIFY(problems.join('\n').contains(QStringLiteral("exit")));
        bool series = false;
        for (const auto& l : lines)
            series = series || l.startsWith(QStringLiteral("time_s,"));
        QVERIFY(series);
    }

    void pdfHoldsSummaryInWordsAndGraphs() {
        const auto service = serve();
        tl::ui::JobReportsView view(tl::ui::DoorAddress{home_.toStdString(), {}});
        QVERIFY(refreshed(view));
        QVERIFY(shown(view, 1));
        const QString path = dir_.path() + "/j.pdf";
        QVERIFY(view.exportPdf(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray pdf = f.readAll();
        QVERIFY(pdf.startsWith("%PDF"));
        QVERIFY2(tltest::pdf_shows(pdf, QStringLiteral("Backup job 1")),
                 qPrintable(tltest::pdf_texts(pdf).join('\n').left(2000)));
        QVERIFY(tltest::pdf_shows(pdf, volume_));
        QVERIFY(tltest::pdf_shows(pdf, QStringLiteral("Sources")));
        QVERIFY(tltest::pdf_shows(pdf, QStringLiteral("Started")));
        QVERIFY(tltest::pdf_shows(pdf, QStringLiteral("Problems")));
        QVERIFY(pdf.contains("/Image")); // the graphs
    }

    // Issue 42, item 25: job 1 is a partial backup (one source failed); History and the PDF
    // call it a partly done backup, never "partly restored".
    void partialBackupIsLabelledAsABackup() {
        const auto service = serve();
        tl::ui::JobReportsView view(tl::ui::DoorAddress{home_.toStdString(), {}});
        QVERIFY(refreshed(view));
        const auto& rows = view.model()->rows();
        QVERIFY(!rows.empty());
        int row = -1;
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (rows[i].id == 1) row = int(i);
        QVERIFY(row >= 0);
        QCOMPARE(rows[std::size_t(row)].status, QStringLiteral("partial"));
        const QString status =
            view.model()->index(row, tl::ui::JobHistoryModel::Status).data().toString();
        QCOMPARE(status, QStringLiteral("partly backed up"));
        QVERIFY(shown(view, 1));
        const QString path = dir_.path() + "/partial.pdf";
        QVERIFY(view.exportPdf(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray pdf = f.readAll();
        QVERIFY2(tltest::pdf_shows(pdf, QStringLiteral("partly backed up")),
                 qPrintable(tltest::pdf_texts(pdf).join('\n').left(2000)));
        QVERIFY(!tltest::pdf_shows(pdf, QStringLiteral("restored")));
    }

    void historyShowsRestoresAsTheyWere() {
        // A restore that works, by the CLI: kind restore, no level.
        run_cli(h(home_, {"restore", "--job", "1", "--to", dir_.path() + "/restored-ok"}));
        QVERIFY(QFile::exists(dir_.path() + "/restored-ok" + src_ + "/data.bin"));
        takeOut(home_, volume_);
        // From the console: refused (the volume is outside the library), named in words and
        // kept in the history.
        {
            auto c = tltest::console_beside_service(home_);
            QVERIFY(c);
            tl::ui::RestorePage page(tltest::console_context(home_));
            QSignalSpy finished(&page, &tl::ui::RestorePage::finished);
            page.targetPanel()->setTarget(dir_.path() + "/restored-missing");
            QVERIFY(page.restoreVersion(1, src_, QString()));
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
            const auto result = finished.first().first().value<tl::ui::RestoreSummary>();
            QCOMPARE(result.status, QStringLiteral("media-missing"));
            QVERIFY(!page.reportView()->resultText().contains(QStringLiteral("media-missing")));
            QVERIFY(page.reportView()->resultText().contains(QStringLiteral("outside")));
            QVERIFY(!QFile::exists(dir_.path() + "/restored-missing/data.bin"));
        }
        const auto service = serve();
        tl::ui::JobReportsView view(tl::ui::DoorAddress{home_.toStdString(), {}});
        view.resize(1200, 800);
        view.show();
        QVERIFY(refreshed(view));
        const auto& rows = view.model()->rows();
        QCOMPARE(rows.size(), std::size_t(3));
        int restores = 0, refused = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (rows[i].kind != QLatin1String("restore")) continue;
            ++restores;
            const QModelIndex level = view.model()->index(int(i), tl::ui::JobHistoryModel::Level);
            QCOMPARE(level.data().toString(), QString());
            if (rows[i].status == QLatin1String("failed")) {
                ++refused;
                const QString status =
                    view.model()->index(int(i), tl::ui::JobHistoryModel::Status).data().toString();
                QCOMPARE(status, QStringLiteral("failed"));
            }
        }
        QCOMPARE(restores, 2);
        QCOMPARE(refused, 1);
        // Every column is wide enough for its text (the last one stretches).
        auto* table = view.findChild<QTableView*>();
        QVERIFY(table);
        QTRY_VERIFY_WITH_TIMEOUT(
            [table] {
                auto* header = table->horizontalHeader();
                for (int c = 0; c + 1 < header->count(); ++c)
                    if (header->sectionSize(c) <
                        static_cast<QAbstractItemView*>(table)->sizeHintForColumn(c))
                        return false;
                return true;
            }(),
            5000);
    }
};

QTEST_MAIN(TestReportExports)
#include "test_report_exports.moc"
