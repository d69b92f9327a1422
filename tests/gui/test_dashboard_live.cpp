#include <QtTest>

#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <qcustomplot.h>
#include <unistd.h>

#include "audit_log.h"
#include "bridge/live_feed.h"
#include "bridge/system_poller.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "metrics/live_board.h"
#include "models/job_history_model.h"
#include "models/log_model.h"
#include "models/session_table_model.h"
#include "pages/dashboard/dashboard_page.h"
#include "pages/dashboard/drive_tile.h"
#include "remote_console.h"
#include "shell/main_window.h"
#include "shot.h"
#include "widgets/cpu_plot.h"
#include "widgets/time_series_plot.h"
#include "widgets/units_format.h"

// Issue #18, item 13: the Dashboard tells the truth about a running job. The snapshots are
// published on the real LiveBoard of a data directory, as a job process does, and the window
// (beside the real service of that directory) reads them through its LiveFeed, which asks the
// service (GET /v1/live, issue 38), as a console on another machine does.
class TestDashboardLive : public QObject {
    Q_OBJECT

    struct Job {
        tl::metrics::LiveBoard board;
        tl::metrics::LiveSnapshot s;
        tl::ui::MainWindow* w;
        // Publishes the snapshot as the next poll and waits until the window read it through
        // the service (GET /v1/live).
        void publish() {
            ++s.seq;
            s.wall_time = static_cast<long long>(s.started_at + s.elapsed);
            QVERIFY(board.publish(s).ok());
            w->liveFeed()->poll();
            auto* page = w->dashboardPage();
            QTRY_VERIFY_WITH_TIMEOUT(page->lastSnapshot() && page->lastSnapshot()->seq == s.seq,
                                     10000);
        }
        // One poll interval of `dt` seconds in which drive 0 wrote `rate` B/s and was idle
        // (waiting for data) `idleShare` of the time.
        void interval(double dt, double rate, double idleShare) {
            s.elapsed += dt;
            auto& d = s.drives[0];
            d.bytes += static_cast<std::uint64_t>(rate * dt);
            d.rate = rate;
            d.seconds_idle += dt * idleShare;
            d.seconds_writing += dt * (1 - idleShare);
            d.state = idleShare > 0.5 ? "idle" : "writing";
            s.tape_bytes = d.bytes;
            s.source_bytes = d.bytes;
            publish();
        }
    };

    static tl::metrics::LiveSnapshot firstSnapshot(int sessions) {
        tl::metrics::LiveSnapshot s;
        s.job_id = 7;
        s.name = "nightly";
        s.pid = getpid();
        s.status = "running";
        s.started_at = static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1e3 - 30;
        s.elapsed = 0.5;
        s.level = "full";
        tl::metrics::LiveDrive d;
        d.name = "vlib0-drive0";
        d.volume = "TLO001L9";
        d.state = "mounting";
        s.drives.push_back(d);
        for (int i = 0; i < sessions; ++i) {
            tl::metrics::LiveSession x;
            x.source = "/srv/data/share" + std::to_string(i);
            x.drive = d.name;
            x.state = "reading";
            s.sessions.push_back(x);
        }
        return s;
    }

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_dashboard_live"));
        QSettings().clear();
        tl::log::ring();
    }

    void init() {
        home_ = std::make_unique<QTemporaryDir>();
        console_ = tltest::console_beside_service(home_->path());
        QVERIFY(console_);
        window_ = std::make_unique<tl::ui::MainWindow>(console_.ctx);
        window_->resize(1280, 900);
        window_->show();
        QVERIFY(window_->showPage(QStringLiteral("dashboard")));
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    }

    void cleanup() {
        window_.reset();
        console_ = {};
        home_.reset();
    }

    // Issue 38: the job's snapshot reaches the Dashboard through the service's typed door
    // (GET /v1/live), and the machine's figures through GET /v1/host, not from files of the
    // console's machine.
    void aRunningJobReachesTheDashboardThroughTheService() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(2),
                window_.get()};
        job.publish();
        job.interval(1.0, 20e6, 0.1);
        auto* page = window_->dashboardPage();
        QCOMPARE(page->lastSnapshot()->job_id, std::int64_t(7));
        QCOMPARE(page->sessionModel()->rowCount(), 2);
        QVERIFY(page->driveTile(QStringLiteral("vlib0-drive0")));
        QVERIFY(page->errorLabel()->isHidden());
        QVERIFY(tltest::queried(home_->path(), QStringLiteral("/v1/live")) >= 2);
        QTRY_VERIFY_WITH_TIMEOUT(page->cpuPlot()->pointCount(0) >= 1, 5000);
        QVERIFY(tltest::queried(home_->path(), QStringLiteral("/v1/host")) >= 2);
    }

    // When the service is gone the Dashboard says so (once, not at every poll) and keeps the
    // last figures; when it is back, the line goes.
    void anErrorIsShownWhileTheServiceIsGone() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(1),
                window_.get()};
        job.publish();
        auto* page = window_->dashboardPage();
        auto* feed = window_->liveFeed();
        QSignalSpy failed(feed, &tl::ui::LiveFeed::failed);
        console_.guard.reset(); // stops the service
        QTRY_VERIFY_WITH_TIMEOUT(page->errorLabel()->isVisible(), 10000);
        const QString text = page->errorLabel()->text();
        QVERIFY(failed.count() >= 1);
        const QString why = failed.last().first().toString(); // the client's words
        QVERIFY2(!why.isEmpty() && text.contains(why), qPrintable(text));
        const int said = failed.count();
        for (int i = 0; i < 5; ++i) { // said once, not at every poll
            feed->poll();
            QTest::qWait(100);
        }
        QCOMPARE(failed.count(), said);
        QCOMPARE(page->lastSnapshot()->seq, job.s.seq); // the last figures stay
        const auto started = tltest::run_cli(
            tltest::with_home(home_->path(), {"--log-level", "debug", "service", "start"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        console_.guard.reset(new tltest::ServiceGuard{home_->path()});
        job.publish();
        QTRY_VERIFY_WITH_TIMEOUT(page->errorLabel()->isHidden(), 10000);
    }

    // Issue 38: a console on another machine (`tapeloom --connect https://...` with a read
    // token) shows the service's job, its machine's CPUs and its log, as a local one does.
    void aRemoteConsoleShowsTheServicesJobMachineAndLog() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/remote-home";
        const auto remote = tltest::remote_console(home, dir.path(), {"read"});
        QVERIFY(remote);
        Job job{tl::metrics::LiveBoard(home.toStdString()), firstSnapshot(1), nullptr};
        job.s.seq = 3;
        QVERIFY(job.board.publish(job.s).ok());

        const tl::ui::DoorAddress door = remote.as(QStringLiteral("read")).door;
        tl::ui::SystemPoller poller(door, nullptr, 100);
        tl::ui::LiveFeed feed(door, 100);
        tl::ui::DashboardPage page(&poller, &feed, QString());
        QTRY_VERIFY_WITH_TIMEOUT(page.lastSnapshot() && page.lastSnapshot()->seq == 3, 10000);
        QCOMPARE(page.lastSnapshot()->name, std::string("nightly"));
        QCOMPARE(page.sessionModel()->rowCount(), 1);
        // The service machine's CPUs (recorded even while the page is not shown).
        QTRY_VERIFY_WITH_TIMEOUT(!page.cpuPlot()->graph()->history().times(0).empty(), 10000);
        QVERIFY(page.errorLabel()->isHidden());
        tl::ui::LogModel log(tl::log::ring(), door);
        QTRY_VERIFY_WITH_TIMEOUT(log.serviceLines() > 0, 10000); // the service's start, at least
        bool serviceLine = false;
        for (int r = 0; r < log.rowCount(); ++r)
            serviceLine |= log.index(r, tl::ui::LogModel::Process)
                               .data()
                               .toString()
                               .endsWith(QStringLiteral("(service)"));
        QVERIFY(serviceLine);
    }

    void aDriveThatWroteIsNotIdle() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(1),
                window_.get()};
        job.publish();
        job.interval(1.0, 19.8e6, 0.8); // the poll found it waiting for its sources
        auto* tile = window_->dashboardPage()->driveTile(QStringLiteral("vlib0-drive0"));
        QVERIFY(tile);
        // Issue 42, item 29: not "writing, 80 % idle" beside 19.8 MB/s: its sources are slower.
        QCOMPARE(tile->stateText(), QStringLiteral("waiting for data (80 % of the time)"));
        job.interval(1.0, 19.8e6, 0.2);
        QCOMPARE(tile->stateText(), QStringLiteral("writing, 20 % waiting for data"));
        job.interval(1.0, 0, 1.0); // nothing written: idle it is
        QCOMPARE(tile->stateText(), QStringLiteral("idle"));
    }

    void throughputAxisFitsTheSteadyRate() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(1),
                window_.get()};
        job.publish();
        job.interval(0.5, 2e9, 0); // a cache filling at memory speed
        for (int i = 0; i < 40; ++i)
            job.interval(1.0, 20e6, 0.1);
        auto* plot = window_->dashboardPage()->drivePlot();
        plot->exportPng(home_->filePath(QStringLiteral("g.png"))); // draws now
        const double top = plot->plot()->yAxis->range().upper;
        QVERIFY2(top >= 20 && top <= 100, qPrintable(QString::number(top))); // MB/s
        QVERIFY2(plot->peakNote().contains(QStringLiteral("2")), qPrintable(plot->peakNote()));
        QVERIFY(tltest::shot(window_.get(), QStringLiteral("dashboard_spike")));
    }

    // A restore reads tapes and has no source sessions: the job panel shows what its drives
    // read, not "0 bytes in 0 files" (seen on the console after the demo's restore).
    void aRestoreShowsWhatItReadFromTape() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(0),
                window_.get()};
        job.s.kind = "restore";
        job.s.drives[0].state = "reading";
        job.publish();
        job.s.elapsed += 1;
        job.s.drives[0].bytes = job.s.tape_bytes = 64'000'000; // as the job's monitor sums them
        job.publish();
        const QString text = window_->dashboardPage()->totalsLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("from tape")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("61")) || text.contains(QStringLiteral("64")),
                 qPrintable(text)); // 64 MB, whichever unit the locale uses
        QVERIFY2(!text.contains(QStringLiteral("files")), qPrintable(text));
    }

    void aBackupShowsItsSourceBytesAndFiles() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(1),
                window_.get()};
        job.s.sessions[0].bytes = job.s.source_bytes = 5'000'000; // as the job's monitor sums them
        job.s.sessions[0].files = job.s.files = 12;
        job.publish();
        const QString text = window_->dashboardPage()->totalsLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("in 12 files")), qPrintable(text));
    }

    void sustainedBelowWallIsExplained() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(1),
                window_.get()};
        job.s.wall_rate = 90.2e6;
        job.s.sustained_rate = 19.9e6;
        job.publish();
        const QString tip = window_->dashboardPage()->sustainedLabel()->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("below the wall rate")), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("1.5")));
    }

    void legendsLeaveTheNewestPointsVisible() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(1),
                window_.get()};
        job.publish();
        for (int i = 0; i < 5; ++i)
            job.interval(1.0, 20e6, 0.1);
        auto* page = window_->dashboardPage();
        QTRY_VERIFY_WITH_TIMEOUT(page->cpuPlot()->pointCount(0) >= 1, 5000);
        for (auto* p : {page->drivePlot(), page->cpuPlot()->graph()}) {
            p->exportPng(home_->filePath(QStringLiteral("p.png")));
            const QRect legend = p->plot()->legend->outerRect();
            const QRect data = p->plot()->axisRect()->rect();
            QVERIFY(legend.isValid());
            QVERIFY2(!legend.intersects(data),
                     qPrintable(QStringLiteral("legend %1,%2 %3x%4 over the graph")
                                    .arg(legend.x())
                                    .arg(legend.y())
                                    .arg(legend.width())
                                    .arg(legend.height())));
        }
    }

    void drivesAndCpusShareOneTimeAxis() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(1),
                window_.get()};
        job.publish();
        job.interval(1.0, 20e6, 0.1);
        auto* page = window_->dashboardPage();
        QTRY_VERIFY_WITH_TIMEOUT(page->cpuPlot()->pointCount(0) >= 1, 5000);
        const auto drive = page->drivePlot()->history().times(0);
        const auto cpu = page->cpuPlot()->graph()->history().times(0);
        QVERIFY(!drive.empty() && !cpu.empty());
        // The drive's sample is at the job's start + its elapsed time, on the wall clock...
        QCOMPARE(drive.back(), job.s.started_at + job.s.elapsed);
        // ...and the CPU samples are on the same clock: within a few seconds of now.
        const double now = static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1e3;
        QVERIFY2(std::abs(cpu.back() - now) < 5, qPrintable(QString::number(cpu.back() - now)));
        QVERIFY(std::abs(drive.back() - cpu.back()) < 60);
        // Issue 42, item 32: one time range for both, whichever sample came last, and one zoom.
        auto* drivePlot = page->drivePlot();
        auto* cpuPlot = page->cpuPlot()->graph();
        for (auto* p : {drivePlot, cpuPlot, drivePlot}) {
            QVERIFY(p->exportPng(home_->filePath(QStringLiteral("axis.png")))); // draws now
            QCOMPARE(drivePlot->plot()->xAxis->range().lower,
                     cpuPlot->plot()->xAxis->range().lower);
            QCOMPARE(drivePlot->plot()->xAxis->range().upper,
                     cpuPlot->plot()->xAxis->range().upper);
        }
        drivePlot->setZoomLevel(1);
        QCOMPARE(cpuPlot->zoomLevel(), 1);
    }

    // Issue 42, item 29: with Settings on Decimal every size and rate on the Dashboard is
    // decimal (no KiB beside MB/s); on Binary every one is binary.
    void sizesFollowTheUnitsChoice() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(1),
                window_.get()};
        job.s.sessions[0].bytes = job.s.source_bytes = 1'500'000'000;
        job.s.sessions[0].files = job.s.files = 3;
        job.s.drives[0].bytes = job.s.tape_bytes = 786'432;
        job.s.wall_rate = job.s.sustained_rate = 9.9e6;
        auto* page = window_->dashboardPage();
        auto texts = [page] {
            QStringList out;
            for (auto* l : page->findChildren<QLabel*>())
                out << l->text();
            auto* m = page->sessionModel();
            for (int c = 0; c < m->columnCount(); ++c)
                out << m->index(0, c).data().toString();
            return out.join(QLatin1Char('|'));
        };
        tl::ui::setUnitSystem(tl::ui::UnitSystem::Si);
        job.publish();
        QString all = texts();
        QVERIFY2(!all.contains(QStringLiteral("iB")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("1.5 GB")) && all.contains(QStringLiteral("786.4 kB")),
                 qPrintable(all));
        tl::ui::setUnitSystem(tl::ui::UnitSystem::Iec);
        job.s.elapsed += 1;
        job.publish();
        all = texts();
        QVERIFY2(!all.contains(QStringLiteral("MB/s")) && !all.contains(QStringLiteral(" GB")) &&
                     !all.contains(QStringLiteral(" kB")),
                 qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("768.0 KiB")), qPrintable(all));
        tl::ui::setUnitSystem(tl::ui::UnitSystem::Si);
    }

    // Issue 42, item 29: a job that moved no bytes has no rate in the history ("—"), not the
    // headers it read in a millisecond as "1,151 MB/s". A real backup of an empty file and
    // its restore, through the CLI, read by the Reports page's model.
    void aJobOfNoBytesHasNoRateInTheHistory() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        QVERIFY(QDir().mkpath(src));
        QFile empty(src + "/empty.txt");
        QVERIFY(empty.open(QIODevice::WriteOnly));
        empty.close();
        auto r = tltest::run_cli({"--home", home, "backup", src});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = tltest::run_cli(
            {"--home", home, "restore", "--job", "1", "--to", dir.path() + "/back"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        // The history with its rates comes from the data directory's service.
        QCOMPARE(tltest::run_cli({"--home", home, "service", "start"}).exit_code, 0);
        tltest::ServiceGuard guard{home};
        tl::ui::JobHistoryModel history(tl::ui::DoorAddress{home.toStdString(), {}});
        QSignalSpy refreshed(&history, &tl::ui::JobHistoryModel::refreshed);
        history.refresh();
        QVERIFY(refreshed.wait(30000));
        QCOMPARE(refreshed.first().first().toString(), QString());
        QCOMPARE(history.rowCount(), 2);
        for (int row = 0; row < 2; ++row)
            for (int c : {tl::ui::JobHistoryModel::Wall, tl::ui::JobHistoryModel::Sustained})
                QCOMPARE(history.index(row, c).data().toString(), QStringLiteral("—"));
    }

    // Issue 42, item 32: before any job, at the default window size, the sessions table shows
    // its header whole and room for rows; the CPU legend is inside its graph.
    void emptyDashboardIsWhole() {
        auto* page = window_->dashboardPage();
        auto* cpu = page->cpuPlot();
        QTRY_VERIFY_WITH_TIMEOUT(cpu->pointCount(0) >= 1, 5000);
        QVERIFY(tltest::shot(window_.get(), QStringLiteral("dashboard_empty")));
        auto* view = page->sessionView();
        auto* header = view->horizontalHeader();
        QVERIFY(header->isVisible());
        const QRect inView(view->mapTo(page, QPoint(0, 0)), view->size());
        QVERIFY2(page->rect().contains(inView), "the sessions table reaches out of the page");
        QVERIFY2(view->viewport()->height() >= 3 * view->verticalHeader()->defaultSectionSize(),
                 qPrintable(QString::number(view->viewport()->height())));
        int width = 0;
        for (int c = 0; c < header->count(); ++c)
            width += header->sectionSize(c);
        QVERIFY2(width <= view->viewport()->width() + 1,
                 qPrintable(QStringLiteral("%1 of %2").arg(width).arg(view->viewport()->width())));
        auto* plot = cpu->graph()->plot();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        const QRect legend = plot->legend->outerRect();
        QVERIFY2(plot->rect().contains(legend),
                 qPrintable(QStringLiteral("legend %1,%2 %3x%4 in %5x%6")
                                .arg(legend.x())
                                .arg(legend.y())
                                .arg(legend.width())
                                .arg(legend.height())
                                .arg(plot->width())
                                .arg(plot->height())));
        for (int i = 0; i < plot->legend->itemCount(); ++i) {
            auto* item = plot->legend->item(i);
            const QRect r = item->outerRect();
            QVERIFY2(r.height() >= item->minimumOuterSizeHint().height() && legend.contains(r) &&
                         r.bottom() < plot->height(),
                     qPrintable(QStringLiteral("item %1: %2,%3 %4x%5 (needs %6) in legend %7,%8 "
                                               "%9x%10, graph %11 high")
                                    .arg(i)
                                    .arg(r.x())
                                    .arg(r.y())
                                    .arg(r.width())
                                    .arg(r.height())
                                    .arg(item->minimumOuterSizeHint().height())
                                    .arg(legend.x())
                                    .arg(legend.y())
                                    .arg(legend.width())
                                    .arg(legend.height())
                                    .arg(plot->height())));
        }
    }

    void sessionsTableShowsManyRows() {
        Job job{tl::metrics::LiveBoard(home_->path().toStdString()), firstSnapshot(16),
                window_.get()};
        job.publish();
        auto* view = window_->dashboardPage()->sessionView();
        QTRY_COMPARE(view->model()->rowCount(), 16);
        const int rowHeight = view->rowHeight(0);
        const int visible = view->viewport()->height() / rowHeight;
        QVERIFY2(visible >= 10, qPrintable(QStringLiteral("%1 rows visible").arg(visible)));
        QVERIFY(tltest::shot(window_.get(), QStringLiteral("dashboard_sessions")));
    }

private:
    std::unique_ptr<QTemporaryDir> home_;
    tltest::ConsoleBesideService console_;
    std::unique_ptr<tl::ui::MainWindow> window_;
};

QTEST_MAIN(TestDashboardLive)
#include "test_dashboard_live.moc"
