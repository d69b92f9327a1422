#include <QtTest>

#include <QFile>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <qcustomplot.h>

#include "audit_log.h"
#include "bridge/backup_runner.h"
#include "bridge/live_feed.h"
#include "bridge/system_poller.h"
#include "cli_runner.h"
#include "client/service_api.h"
#include "client/service_client.h"
#include "common/log.h"
#include "gui_service.h"
#include "job/job_report.h"
#include "metrics/live_snapshot.h"
#include "models/session_table_model.h"
#include "pages/dashboard/dashboard_page.h"
#include "shell/main_window.h"
#include "widgets/cpu_plot.h"
#include "widgets/job_graphs.h"
#include "widgets/time_series_plot.h"

namespace {
void write_random(const QString& path, qint64 bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QByteArray chunk(1 << 20, Qt::Uninitialized);
    for (qint64 done = 0; done < bytes; done += chunk.size()) {
        QRandomGenerator::global()->fillRange(reinterpret_cast<quint32*>(chunk.data()),
                                              chunk.size() / 4);
        QCOMPARE(f.write(chunk), qint64(chunk.size()));
    }
}
// The stored report of `job`, as `tapeloom-cli jobs show ID --json` prints it.
tl::job::JobReport storedReport(const QString& home, qint64 job) {
    const auto r =
        tltest::run_cli(tltest::with_home(home, {"jobs", "show", QString::number(job), "--json"}));
    if (r.exit_code != 0) qWarning("jobs show: %s", r.err.constData());
    return tl::job::report_from_json(nlohmann::json::parse(r.out.toStdString()));
}
} // namespace

// The dashboard during a real backup on the virtual library: the drive graph has one line per
// drive (plus the total) whose area equals the bytes each drive wrote, tiles and sessions follow
// the job, the CPU graph has a line per CPU, and the job's series are kept for its report. The
// console is beside the real service of its data directory: Back up now runs there, sent
// through the typed door; the job's report is what `tapeloom-cli jobs show --json` reads.
class TestDashboard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        tl::log::ring();
    }

    void realFourDriveBackupIsGraphedPerDrive() {
        QTemporaryDir home, data;
        // The service's job says its figures once a second: each source is a stream of its
        // four files with a pause after each, so that the job lasts several of them.
        QStringList sources;
        for (int i = 0; i < 4; ++i) {
            const QString dir = data.filePath(QStringLiteral("src%1").arg(i));
            QVERIFY(QDir().mkpath(dir));
            for (int f = 0; f < 4; ++f)
                write_random(dir + QStringLiteral("/f%1.bin").arg(f), 12 << 20);
            sources
                << QStringLiteral("cmd:for f in %1/f*.bin; do cat \"$f\"; sleep 1; done").arg(dir);
        }
        auto c = tltest::console_beside_service(home.path());
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        w.liveFeed()->setInterval(20);
        auto* page = w.dashboardPage();

        tl::job::BackupOptions o;
        for (const auto& s : sources)
            o.sources.push_back(s.toStdString());
        o.drives = 4;
        o.sessions_per_drive = 1;
        o.poll_interval = 0.05;
        QSignalSpy done(w.backupRunner(), &tl::ui::BackupRunner::finished);
        QVERIFY(w.startBackup(o));
        QVERIFY(!w.startBackup(o)); // one Back up now at a time from the console
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 120000);
        const qint64 job = done.first().at(0).toLongLong();
        QCOMPARE(done.first().at(1).toString(), QStringLiteral("completed"));
        QTRY_VERIFY_WITH_TIMEOUT(page->lastSnapshot() && page->lastSnapshot()->ended, 10000);
        const auto& last = *page->lastSnapshot();
        QCOMPARE(last.job_id, std::int64_t(job));

        // The job's own account of what each drive wrote.
        const auto report = storedReport(home.path(), job);
        QCOMPARE(report.drives.size(), std::size_t(4));

        auto* plot = page->drivePlot();
        QCOMPARE(plot->plot()->graphCount(), 5); // 4 drives + total
        const auto& h = plot->history();
        const auto times = h.times(0);
        qInfo("%zu dashboard samples of the job", times.size());
        QVERIFY2(times.size() >= 2, "the job ran for less than two dashboard samples");
        double all = 0;
        for (std::size_t d = 0; d < 4; ++d) {
            QCOMPARE(h.names()[d], "drive:" + report.drives[d].name);
            const auto rates = h.values(0, d);
            // Points are on the wall clock: the first interval starts at the job's start.
            double area = 0, prev = last.started_at, peak = 0, widest = 0;
            for (std::size_t i = 0; i < times.size(); ++i) {
                area += rates[i] * (times[i] - prev);
                widest = std::max(widest, times[i] - prev);
                peak = std::max(peak, rates[i]);
                prev = times[i];
            }
            const double bytes = static_cast<double>(report.drives[d].bytes);
            QVERIFY(bytes > 40e6);
            // Within one sample interval of the drive's own counter.
            QVERIFY2(std::abs(area - bytes) <= peak * widest + 1,
                     qPrintable(QStringLiteral("drive %1: graph %2 B, drive %3 B")
                                    .arg(d)
                                    .arg(area, 0, 'f', 0)
                                    .arg(bytes, 0, 'f', 0)));
            all += area;
        }
        const auto total = h.values(0, 4);
        QVERIFY(last.started_at > 0);
        double totalArea = 0, prev = last.started_at;
        for (std::size_t i = 0; i < times.size(); ++i) {
            totalArea += total[i] * (times[i] - prev);
            prev = times[i];
        }
        QVERIFY(std::abs(totalArea - all) < 1e-3 * all);

        QCOMPARE(page->driveTileCount(), 4);
        QCOMPARE(page->sessionModel()->rowCount(), 4);
        for (int r = 0; r < 4; ++r)
            QCOMPARE(
                page->sessionModel()->index(r, tl::ui::SessionTableModel::State).data().toString(),
                QStringLiteral("done"));
        QCOMPARE(last.files, report.files); // one stream per source
        QCOMPARE(report.files, std::uint64_t(4));

        // The CPU graph: one line per CPU of the service's machine (this one).
        auto* cpu = page->cpuPlot();
        QTRY_VERIFY_WITH_TIMEOUT(cpu->pointCount(0) >= 1, 5000);
        QCOMPARE(cpu->cpuGraphCount(), QThread::idealThreadCount());
        // All of it through the service's typed door (issue 38), as a remote console reads it.
        QVERIFY(tltest::queried(home.path(), QStringLiteral("/v1/live")) >= 2);
        QVERIFY(tltest::queried(home.path(), QStringLiteral("/v1/host")) >= 2);

        // The job's series are kept with its report (read back through the service): its graphs can
        // be drawn again.
        QCOMPARE(tltest::audited(home.path(), "POST", "/v1/backups"), 1);
        QCOMPARE(tltest::tunnelled(home.path()), 0);
        tl::client::ServiceClient client(home.path().toStdString());
        auto served = tl::client::ServiceApi(client).job_report(job);
        QVERIFY2(served, served ? "" : served.error().message.c_str());
        const tl::metrics::SeriesSet& series = served->series;
        QCOMPARE(series.with_prefix("drive:").size(), std::size_t(4));
        QCOMPARE(series.with_prefix("cpu:").size(),
                 std::size_t(QThread::idealThreadCount() + 1)); // + cpu:all
        const QString png = home.filePath(QStringLiteral("job.png"));
        QVERIFY(tl::ui::saveJobGraphsPng(series, QStringLiteral("Job"), png));
        QVERIFY(QImage(png).width() == 1200);
    }

    // Issue 42, item 26: a failed session says why in its row of the sessions table, with the
    // words of the job's report (not only in the report).
    void failedSessionSaysWhyInItsRow() {
        QTemporaryDir home, data;
        write_random(data.filePath(QStringLiteral("f.bin")), 1 << 20);
        auto c = tltest::console_beside_service(home.path());
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        w.liveFeed()->setInterval(20);
        auto* page = w.dashboardPage();
        const std::string failing = "cmd:echo half; exit 3";
        tl::job::BackupOptions o;
        o.sources = {data.path().toStdString(), failing};
        o.drives = 1;
        o.sessions_per_drive = 2;
        o.poll_interval = 0.05;
        QSignalSpy done(w.backupRunner(), &tl::ui::BackupRunner::finished);
        QVERIFY(w.startBackup(o));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 120000);
        const qint64 job = done.first().at(0).toLongLong();
        QCOMPARE(done.first().at(1).toString(), QStringLiteral("partial"));
        QTRY_VERIFY_WITH_TIMEOUT(page->lastSnapshot() && page->lastSnapshot()->ended, 10000);

        const auto report = storedReport(home.path(), job);
        QString reason;
        for (const auto& s : report.sessions)
            if (s.source == failing) reason = QString::fromStdString(s.error);
        QVERIFY(!reason.isEmpty());

        auto* m = page->sessionModel();
        int failed = -1;
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, tl::ui::SessionTableModel::Source).data().toString() ==
                QString::fromStdString(failing))
                failed = r;
        QVERIFY(failed >= 0);
        const QModelIndex state = m->index(failed, tl::ui::SessionTableModel::State);
        QVERIFY2(state.data().toString().startsWith(QStringLiteral("failed")) &&
                     state.data().toString().contains(reason),
                 qPrintable(state.data().toString() + " / " + reason));
        QCOMPARE(state.data(Qt::ToolTipRole).toString(), reason);
    }

    // A followed job whose drives change (a waiting job gets its drive when it runs; the feed
    // moves to another job) is drawn with the drives of its newest snapshot only, its rates
    // against a snapshot of the same drives: it crashed reading the drives of the snapshot
    // before.
    void drivesThatChangeAreShownAfresh() {
        QTemporaryDir home;
        const tl::ui::DoorAddress door{home.path().toStdString(), {}};
        tl::ui::SystemPoller poller(door, nullptr, 60000);
        tl::ui::LiveFeed feed(door, 60000);
        tl::ui::DashboardPage page(&poller, &feed, home.path());
        const auto snapshot = [](std::int64_t job, double elapsed,
                                 std::vector<std::uint64_t> bytes) {
            tl::metrics::LiveSnapshot s;
            s.job_id = job;
            s.status = "running";
            s.elapsed = elapsed;
            for (std::size_t i = 0; i < bytes.size(); ++i) {
                tl::metrics::LiveDrive d;
                d.name = "drive" + std::to_string(i);
                d.bytes = bytes[i];
                s.drives.push_back(d);
            }
            return s;
        };
        Q_EMIT feed.snapshot(snapshot(7, 1, {}));     // waiting: no drive yet
        Q_EMIT feed.snapshot(snapshot(7, 2, {0, 0})); // running on two drives
        QVERIFY(page.driveTile(QStringLiteral("drive0")));
        QVERIFY(page.driveTile(QStringLiteral("drive1")));
        Q_EMIT feed.snapshot(snapshot(7, 3, {4000000, 2000000}));
        Q_EMIT feed.snapshot(snapshot(8, 1, {1000000})); // another job, one drive
        QVERIFY(page.driveTile(QStringLiteral("drive0")));
        QVERIFY(!page.driveTile(QStringLiteral("drive1"))); // gone with the job before
    }

    void exportAndPauseOfAGraph() {
        tl::ui::TimeSeriesPlot plot(QStringLiteral("MB/s"), 0, 1e6);
        plot.reset({"a", "b"}, {QStringLiteral("A"), QStringLiteral("B")});
        plot.show();
        plot.add(1, {1e6, 2e6});
        QCOMPARE(plot.plot()->graph(1)->data()->size(), 1);
        plot.setPaused(true);
        plot.add(2, {1e6, 2e6});
        QCOMPARE(plot.plot()->graph(1)->data()->size(), 1); // frozen while paused
        QCOMPARE(plot.history().size(0), std::size_t(2));   // but still recording
        plot.setPaused(false);
        QCOMPARE(plot.plot()->graph(1)->data()->size(), 2);
        QTemporaryDir dir;
        QVERIFY(plot.exportPng(dir.filePath(QStringLiteral("g.png"))));
        QVERIFY(!QImage(dir.filePath(QStringLiteral("g.png"))).isNull());
        QSignalSpy failed(&plot, &tl::ui::TimeSeriesPlot::exportFailed);
        QVERIFY(!plot.exportPng(QStringLiteral("/nonexistent/dir/g.png")));
        QCOMPARE(failed.count(), 1);
    }
};

QTEST_MAIN(TestDashboard)
#include "test_dashboard.moc"
