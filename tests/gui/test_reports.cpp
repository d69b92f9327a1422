#include <QtTest>

#include <QPlainTextEdit>
#include <QSignalSpy>
#include <qcustomplot.h>
#include <random>

#include "../service/service_guard.h"
#include "cli_runner.h"
#include "client/service_api.h"
#include "client/service_client.h"
#include "common/log.h"
#include "models/job_history_model.h"
#include "models/json_table_model.h"
#include "pages/reports/bench_view.h"
#include "pages/reports/job_reports_view.h"
#include "pages/reports/reports_page.h"

using tltest::run_cli;

// The Reports page on a real data directory: a job backed up by the CLI appears in the history
// with its report and graphs, exports to CSV, PNG and PDF; a benchmark run from the page fills
// its table and chart, and a bad one says it failed.
class TestReports : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
    }

    void jobReportWithGraphsAndExports() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        QStringList args = {
            "--home",          home,  "backup", "--drives", "2", "--sessions-per-drive", "1",
            "--poll-interval", "50ms"};
        std::mt19937 g(3);
        for (int s = 0; s < 2; ++s) {
            const QString src = dir.path() + QStringLiteral("/src%1").arg(s);
            QVERIFY(QDir().mkpath(src));
            QByteArray b(12 << 20, '\0');
            for (auto& c : b)
                c = static_cast<char>(g());
            QFile f(src + "/data.bin");
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(b);
            args << "--source" << src;
        }
        QCOMPARE(run_cli(args).exit_code, 0);
        // The job's report and series come from the data directory's service.
        QCOMPARE(run_cli(tltest::with_home(home, {"service", "start"})).exit_code, 0);
        tltest::ServiceGuard guard{home};
        tl::client::ServiceClient client(home.toStdString());
        auto served = tl::client::ServiceApi(client).job_report(1);
        QVERIFY2(served, served ? "" : served.error().message.c_str());

        tl::ui::ReportsPage page(tl::ui::DoorAddress{home.toStdString(), {}},
                                 QStringLiteral(TAPELOOM_CLI));
        auto* jobs = page.jobs();
        QSignalSpy shown(jobs, &tl::ui::JobReportsView::jobShown);
        QSignalSpy history(jobs, &tl::ui::JobReportsView::historyShown);
        page.show(); // refreshes
        QTRY_COMPARE_WITH_TIMEOUT(history.count(), 1, 30000);
        QCOMPARE(jobs->model()->rowCount(), 1);
        const auto& row = jobs->model()->rows().front();
        QCOMPARE(row.kind, QStringLiteral("backup"));
        QCOMPARE(row.status, QStringLiteral("completed"));
        QCOMPARE(row.bytes, qint64(24 << 20));
        QVERIFY(row.wall > 0);
        QVERIFY(jobs->showJob(row.id));
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 30000);
        QVERIFY(jobs->reportText()->toPlainText().contains(QStringLiteral("Sustained")) ||
                jobs->reportText()->toPlainText().contains(QStringLiteral("sustained")));
        // Two drive lines, the total, and one line per CPU plus iowait; as many samples as the
        // service holds for the job (GET /v1/jobs/1/report).
        const int cpus = QThread::idealThreadCount();
        QCOMPARE(jobs->graphs()->graphCount(), 2 + 1 + cpus + 1);
        QVERIFY(jobs->graphs()->graph(0)->data()->size() >= 1);
        QCOMPARE(qsizetype(jobs->graphs()->graph(0)->data()->size()),
                 qsizetype(served->series.times.size()));
        QVERIFY(jobs->exportCsv(dir.path() + "/j.csv"));
        QVERIFY(jobs->exportPng(dir.path() + "/j.png"));
        QVERIFY(jobs->exportPdf(dir.path() + "/j.pdf"));
        QFile csv(dir.path() + "/j.csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QVERIFY(csv.readLine().startsWith("field,value")); // the summary, then the series
        QVERIFY(csv.readAll().contains("\ntime_s,"));
        QVERIFY(QFileInfo(dir.path() + "/j.pdf").size() > 1000);
        QVERIFY(!QImage(dir.path() + "/j.png").isNull());
        QVERIFY(!jobs->showJob(999));
        QSignalSpy failed(jobs, &tl::ui::JobReportsView::failed);
        QVERIFY(!jobs->exportPng(QStringLiteral("/nonexistent/dir/x.png")));
        QCOMPARE(failed.count(), 1);

        // The history is read from the service, not from the catalog file the console can see:
        // with the service stopped, a refresh says so.
        QCOMPARE(run_cli(tltest::with_home(home, {"service", "stop"})).exit_code, 0);
        jobs->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 30000);
        QVERIFY2(failed.last().first().toString().contains(QStringLiteral("service")),
                 qPrintable(failed.last().first().toString()));
        QCOMPARE(history.count(), 1);
        QCOMPARE(shown.count(), 1);
    }

    void benchmarkRunFromThePage() {
        QTemporaryDir scratch;
        tl::ui::BenchView view(QStringLiteral(TAPELOOM_CLI));
        view.show();
        QSignalSpy done(&view, &tl::ui::BenchView::finished);
        view.setBench(QStringLiteral("multiplex"),
                      QStringLiteral("--drives 1,2 --sessions-per-drive 1 --source-rate 4M "
                                     "--drive-rate 6M --buffer 1M --reposition 0 --size 2M "
                                     "--scratch ") +
                          scratch.path());
        view.run();
        QVERIFY(view.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(done.first().first().toBool(), true);
        auto* t = view.table();
        QCOMPARE(t->rowCount(), 2);
        QCOMPARE(t->number(0, t->column(QStringLiteral("drives"))), 1.0);
        QCOMPARE(t->number(1, t->column(QStringLiteral("drives"))), 2.0);
        QCOMPARE(t->number(1, t->column(QStringLiteral("predicted_mb_s"))), 8.0);
        QCOMPARE(view.chart()->plottableCount(), 3); // sustained, wall, predicted

        view.setBench(QStringLiteral("multiplex"), QStringLiteral("--drives zero"));
        view.run();
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 2, 30000);
        QCOMPARE(done.last().first().toBool(), false);
        QVERIFY(view.statusText().contains(QStringLiteral("exit 2")));
        QCOMPARE(t->rowCount(), 2); // the last good table stays

        view.setBench(QStringLiteral("read"), QString());
        view.run(); // no data given: refused before anything runs
        QVERIFY(!view.isRunning());
        QCOMPARE(done.count(), 2);
    }
};

QTEST_MAIN(TestReports)
#include "test_reports.moc"
