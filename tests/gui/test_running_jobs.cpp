#include <QtTest>

#include <QGuiApplication>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>

#include "audit_log.h"
#include "bridge/backup_runner.h"
#include "bridge/live_feed.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "pages/jobs/jobs_page.h"
#include "pages/jobs/queue_panel.h"
#include "pages/jobs/queue_table_model.h"
#include "pages/jobs/running_panel.h"
#include "pages/jobs/running_table_model.h"
#include "shell/main_window.h"
#include "shot.h"
#include "slow_source.h"

// Issue #18, items 9 and 11: a console that runs a job neither quits under it without asking
// nor hides it. Closing the window asks (cancel the job and quit, quit when it has ended, stay)
// and does what it said; the running job is listed with its progress in Jobs ▸ Running and in
// Jobs ▸ Queue, and Cancel there stops it ("cancelled" in the catalog). The console is beside
// the real service of its data directory: its backups run there, sent and cancelled through
// the typed door.
class TestRunningJobs : public QObject {
    Q_OBJECT
    using Choice = tl::ui::MainWindow::QuitChoice;

    static tl::job::BackupOptions slowBackup(int chunks) {
        tl::job::BackupOptions o;
        o.sources = {tltest::slow_source(chunks)};
        o.drives = 1;
        o.sessions_per_drive = 1;
        o.poll_interval = 0.1;
        o.name = "slow";
        return o;
    }
    // The job's status in the catalog, as `tapeloom-cli jobs show ID --json` reads it.
    static QString statusOf(const QString& home, qint64 job) {
        const auto r = tltest::run_cli(
            tltest::with_home(home, {"jobs", "show", QString::number(job), "--json"}));
        if (r.exit_code != 0) qWarning("jobs show: %s", r.err.constData());
        return r.json().object().value("status").toString();
    }

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_running_jobs"));
        QSettings().clear();
        QGuiApplication::setQuitOnLastWindowClosed(false);
        tl::log::ring();
    }

    void closingDuringABackupAsksAndWaits() {
        QTemporaryDir home;
        auto c = tltest::console_beside_service(home.path());
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        QStringList asked;
        Choice answer = Choice::Stay;
        w.setQuitQuestion([&](const QString& running, bool cancellable) {
            asked << running;
            if (!cancellable) asked << QStringLiteral("not cancellable");
            return answer;
        });
        QSignalSpy done(w.backupRunner(), &tl::ui::BackupRunner::finished);
        QVERIFY(w.startBackup(slowBackup(50)));

        // Stay: nothing happens to the window or the job.
        QVERIFY(!w.close());
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked[0].contains(QStringLiteral("backup"), Qt::CaseInsensitive),
                 qPrintable(asked[0]));
        QVERIFY(w.isVisible());
        QVERIFY(w.backupRunner()->isRunning());

        // Quit when it has ended: the window stays until the job completed, then closes.
        answer = Choice::QuitWhenEnded;
        QVERIFY(!w.close());
        QVERIFY(w.isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(done.first().at(1).toString(), QStringLiteral("completed"));
        QTRY_VERIFY_WITH_TIMEOUT(!w.isVisible(), 5000);
        QCOMPARE(asked.size(), 2); // not asked again once the job had ended
        QCOMPARE(statusOf(home.path(), done.first().at(0).toLongLong()),
                 QStringLiteral("completed"));
    }

    void cancelAndQuitCancelsTheJob() {
        QTemporaryDir home;
        auto c = tltest::console_beside_service(home.path());
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        w.setQuitQuestion([](const QString&, bool cancellable) {
            return cancellable ? Choice::CancelJobAndQuit : Choice::Stay;
        });
        QSignalSpy done(w.backupRunner(), &tl::ui::BackupRunner::finished);
        QVERIFY(w.startBackup(slowBackup(400)));
        QTRY_VERIFY_WITH_TIMEOUT(w.liveFeed()->followedJob() > 0, 10000);
        QVERIFY(w.close()); // the job was told to stop
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QCOMPARE(done.first().at(1).toString(), QStringLiteral("cancelled"));
        QCOMPARE(statusOf(home.path(), done.first().at(0).toLongLong()),
                 QStringLiteral("cancelled"));
    }

    void runningJobIsListedWithProgressAndCancel() {
        QTemporaryDir home;
        auto c = tltest::console_beside_service(home.path());
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        QSignalSpy done(w.backupRunner(), &tl::ui::BackupRunner::finished);
        // A first run of the same source gives the second its expected size (its progress).
        QVERIFY(w.startBackup(slowBackup(100)));
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(done.first().at(1).toString(), QStringLiteral("completed"));

        auto* jobs = w.jobsPage();
        jobs->setConfirm([](const QString&) { return true; });
        QVERIFY(w.startBackup(slowBackup(100)));
        QVERIFY(w.showPage(QStringLiteral("jobs")));
        jobs->tabs()->setCurrentIndex(tl::ui::JobsPage::RunningTab);
        auto* running = jobs->runningPanel();
        auto* model = running->model();
        QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() == 1 && model->job(0).source_bytes > 0, 20000);
        QCOMPARE(model->index(0, tl::ui::RunningTableModel::RunBy).data().toString(),
                 QStringLiteral("scheduler service"));
        QTRY_VERIFY_WITH_TIMEOUT(
            model->index(0, tl::ui::RunningTableModel::Progress).data(Qt::UserRole).toInt() >= 0,
            10000);
        QVERIFY(model->index(0, tl::ui::RunningTableModel::Progress).data(Qt::UserRole).toInt() <
                100);
        QVERIFY(running->cancelButton()->isEnabled());
        QVERIFY(tltest::shot(&w, QStringLiteral("jobs_running")));

        // Jobs ▸ Queue shows the console's run as the service's entry, with Cancel ready.
        auto* queue = jobs->queuePanel();
        queue->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(queue->model()->rowCount() == 1 &&
                                     queue->model()->entry(0).id > 0, // the service's entry
                                 20000);
        QVERIFY(queue->cancelButton()->isEnabled());
        jobs->tabs()->setCurrentIndex(tl::ui::JobsPage::QueueTab);
        QVERIFY(tltest::shot(&w, QStringLiteral("jobs_queue_backup_now")));

        // Cancel from the running list: the job ends cancelled and leaves the list.
        jobs->tabs()->setCurrentIndex(tl::ui::JobsPage::RunningTab);
        QVERIFY(running->cancelSelected());
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 2, 30000);
        QCOMPARE(done.at(1).at(1).toString(), QStringLiteral("cancelled"));
        QCOMPARE(statusOf(home.path(), done.at(1).at(0).toLongLong()), QStringLiteral("cancelled"));
        QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() == 0, 5000);
        queue->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(queue->model()->rowCount(), 0, 20000);
    }

    void cancelFromTheQueueStopsABackUpNowRun() {
        QTemporaryDir home;
        auto c = tltest::console_beside_service(home.path());
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        auto* jobs = w.jobsPage();
        jobs->setConfirm([](const QString&) { return true; });
        QSignalSpy done(w.backupRunner(), &tl::ui::BackupRunner::finished);
        QVERIFY(w.startBackup(slowBackup(400)));
        QTRY_VERIFY_WITH_TIMEOUT(w.liveFeed()->followedJob() > 0, 10000);
        auto* queue = jobs->queuePanel();
        queue->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(queue->model()->rowCount(), 1, 20000);
        QVERIFY(queue->cancelButton()->isEnabled());
        QVERIFY(queue->cancelSelected());
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QCOMPARE(done.first().at(1).toString(), QStringLiteral("cancelled"));
        QCOMPARE(tltest::audited(home.path(), "POST", "/v1/backups"), 1);
        QCOMPARE(tltest::audited(home.path(), "POST", "/v1/queue/[0-9]+/cancel"), 1);
        QCOMPARE(tltest::tunnelled(home.path()), 0);
    }
};

QTEST_MAIN(TestRunningJobs)
#include "test_running_jobs.moc"
