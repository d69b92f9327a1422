#include <QtTest>

#include <QGuiApplication>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>

#include "bridge/backup_runner.h"
#include "bridge/live_feed.h"
#include "bridge/task_board.h"
#include "common/log.h"
#include "context/engine.h"
#include "context/engine_catalog.h"
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
// Jobs ▸ Queue, and Cancel there stops it ("cancelled" in the catalog).
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
    static QString statusOf(tl::Engine& engine, qint64 job) {
        auto q = engine_catalog(engine).prepare("SELECT status FROM jobs WHERE id=?");
        if (!q) return {};
        q->bind(1, static_cast<std::int64_t>(job));
        auto row = q->step();
        return row && row.value() ? QString::fromStdString(q->text(0)) : QString();
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
        auto engine = tl::Engine::open({home.path().toStdString(), nullptr, false});
        QVERIFY(engine.ok());
        tl::ui::MainWindow w(*engine.value());
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
        QCOMPARE(statusOf(*engine.value(), done.first().at(0).toLongLong()),
                 QStringLiteral("completed"));
    }

    void cancelAndQuitCancelsTheJob() {
        QTemporaryDir home;
        auto engine = tl::Engine::open({home.path().toStdString(), nullptr, false});
        QVERIFY(engine.ok());
        tl::ui::MainWindow w(*engine.value());
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
        QCOMPARE(statusOf(*engine.value(), done.first().at(0).toLongLong()),
                 QStringLiteral("cancelled"));
    }

    void runningJobIsListedWithProgressAndCancel() {
        QTemporaryDir home;
        auto engine = tl::Engine::open({home.path().toStdString(), nullptr, false});
        QVERIFY(engine.ok());
        tl::ui::MainWindow w(*engine.value());
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
                 QStringLiteral("this console"));
        QTRY_VERIFY_WITH_TIMEOUT(
            model->index(0, tl::ui::RunningTableModel::Progress).data(Qt::UserRole).toInt() >= 0,
            10000);
        QVERIFY(model->index(0, tl::ui::RunningTableModel::Progress).data(Qt::UserRole).toInt() <
                100);
        QVERIFY(running->cancelButton()->isEnabled());
        QVERIFY(tltest::shot(&w, QStringLiteral("jobs_running")));

        // Jobs ▸ Queue shows the console's run too, with Cancel ready.
        auto* queue = jobs->queuePanel();
        QVERIFY(queue->refresh());
        QCOMPARE(queue->model()->rowCount(), 1);
        QVERIFY(queue->model()->entry(0).id <= 0); // a run of this console
        QVERIFY(queue->cancelButton()->isEnabled());
        jobs->tabs()->setCurrentIndex(tl::ui::JobsPage::QueueTab);
        QVERIFY(tltest::shot(&w, QStringLiteral("jobs_queue_backup_now")));

        // Cancel from the running list: the job ends cancelled and leaves the list.
        jobs->tabs()->setCurrentIndex(tl::ui::JobsPage::RunningTab);
        QVERIFY(running->cancelSelected());
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 2, 30000);
        QCOMPARE(done.at(1).at(1).toString(), QStringLiteral("cancelled"));
        QCOMPARE(statusOf(*engine.value(), done.at(1).at(0).toLongLong()),
                 QStringLiteral("cancelled"));
        QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() == 0, 5000);
        QVERIFY(queue->refresh());
        QCOMPARE(queue->model()->rowCount(), 0);
    }

    void cancelFromTheQueueStopsABackUpNowRun() {
        QTemporaryDir home;
        auto engine = tl::Engine::open({home.path().toStdString(), nullptr, false});
        QVERIFY(engine.ok());
        tl::ui::MainWindow w(*engine.value());
        w.show();
        auto* jobs = w.jobsPage();
        jobs->setConfirm([](const QString&) { return true; });
        QSignalSpy done(w.backupRunner(), &tl::ui::BackupRunner::finished);
        QVERIFY(w.startBackup(slowBackup(400)));
        QTRY_VERIFY_WITH_TIMEOUT(w.liveFeed()->followedJob() > 0, 10000);
        auto* queue = jobs->queuePanel();
        QVERIFY(queue->refresh());
        QCOMPARE(queue->model()->rowCount(), 1);
        QVERIFY(queue->cancelButton()->isEnabled());
        QVERIFY(queue->cancelSelected());
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QCOMPARE(done.first().at(1).toString(), QStringLiteral("cancelled"));
    }
};

QTEST_MAIN(TestRunningJobs)
#include "test_running_jobs.moc"
