#include <QtTest>

#include <cmath>

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTabWidget>

#include <nlohmann/json.hpp>

#include "audit_log.h"
#include "bridge/backup_runner.h"
#include "bridge/live_feed.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "gui_service.h"
#include "job/backup_job.h"
#include "job/job_report.h"
#include "metrics/live_board.h"
#include "models/drive_board_model.h"
#include "models/job_history_model.h"
#include "pages/dashboard/dashboard_page.h"
#include "pages/dashboard/job_picker.h"
#include "pages/jobs/history_panel.h"
#include "pages/jobs/jobs_page.h"
#include "pages/jobs/queue_panel.h"
#include "pages/jobs/queue_table_model.h"
#include "pages/jobs/running_panel.h"
#include "pages/jobs/running_table_model.h"
#include "pages/library/element_text.h"
#include "pages/library/library_snapshot.h"
#include "pages/restore/restore_page.h"
#include "pages/restore/restore_report_view.h"
#include "pages/restore/restore_target_panel.h"
#include "shell/main_window.h"
#include "slow_source.h"

namespace {
tl::job::BackupOptions slowBackup(int chunks, const std::string& name) {
    tl::job::BackupOptions o;
    o.sources = {tltest::slow_source(chunks)};
    o.drives = 1;
    o.sessions_per_drive = 1;
    o.poll_interval = 0.1;
    o.name = name;
    return o;
}

// `backup` of the slow source as the CLI sends it to the service of `home` (POST /v1/backups).
QStringList slowBackupArgs(const QString& home, int chunks, const QString& name) {
    return tltest::with_home(home, {"backup", "--source",
                                    QString::fromStdString(tltest::slow_source(chunks)), "--drives",
                                    "1", "--sessions-per-drive", "1", "--name", name, "--json"});
}

// A `tapeloom-cli backup` of the slow source that runs beside the test, as a second user's
// would; asked to stop (SIGTERM: the CLI cancels its job through the service) when it goes,
// also when a check fails half-way.
struct CliBackup {
    QProcess p;
    CliBackup(const QString& home, int chunks, const QString& name) {
        p.setProcessEnvironment(tltest::cli_environment(home));
        p.start(QStringLiteral(TAPELOOM_CLI), slowBackupArgs(home, chunks, name));
    }
    // Asks it to stop and waits for it; true when it ended with an exit code of its own.
    bool stop() {
        if (p.state() == QProcess::NotRunning) return p.exitStatus() == QProcess::NormalExit;
        p.terminate();
        return p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit;
    }
    ~CliBackup() {
        if (!stop()) {
            p.kill();
            p.waitForFinished();
        }
    }
};

// The job report the service stored for `job` (`tapeloom-cli jobs show ID --json`).
nlohmann::json reportOf(const QString& home, qint64 job) {
    const auto r =
        tltest::run_cli(tltest::with_home(home, {"jobs", "show", QString::number(job), "--json"}));
    if (r.exit_code != 0) qWarning("jobs show: %s", r.err.constData());
    return nlohmann::json::parse(r.out.toStdString(), nullptr, false);
}

// The running jobs on the board of `home`.
std::vector<tl::metrics::LiveSnapshot> running(const QString& home) {
    std::vector<tl::metrics::LiveSnapshot> out;
    auto all = tl::metrics::LiveBoard(home.toStdString()).read();
    if (all)
        for (auto& s : all.value())
            if (!s.ended) out.push_back(std::move(s));
    return out;
}

// The drive names and volume job `job` works with now (its live snapshot).
std::vector<tl::metrics::LiveDrive> drivesOf(const QString& home, qint64 job) {
    for (const auto& s : running(home))
        if (s.job_id == job) return s.drives;
    return {};
}

// The model's rows that name job `job` in their Job column.
QList<int> rowsOf(const QAbstractItemModel* m, int jobColumn, qint64 job) {
    QList<int> rows;
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, jobColumn).data(Qt::UserRole).toLongLong() == job) rows << r;
    return rows;
}
} // namespace

// Issue 42, items 21, 23 and 24: what the console shows of several jobs at once is what the
// engine publishes (the jobs' live snapshots, their reservations), not one job's view nor
// guesses. The console is beside the real service of its data directory, where every job runs.
// Two backups run side by side there (the console's and one the CLI sent): the Dashboard's drive
// panel lists the drives of both with their job, volume, position and state, its picker lists both
// and follows the newest unless one is picked, and the Library page draws each drive as busy with
// its job. A restore that needs the volume a running backup writes waits: it is "waiting" (with
// what for) on the Restore page, in Jobs ▸ Running and ▸ Queue, its time so far is in History, and
// its report keeps the wait apart from the time it worked.
class TestTruthfulViews : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_truthful_views"));
        QSettings().clear();
        tl::log::ring();
    }

    void twoJobsAreShownWithAllTheirDrives() {
        QTemporaryDir home;
        auto c = tltest::console_beside_service(home.path());
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        w.liveFeed()->setInterval(50);
        QSignalSpy done(w.backupRunner(), &tl::ui::BackupRunner::finished);
        QVERIFY(w.startBackup(slowBackup(200, "first")));
        QTRY_VERIFY_WITH_TIMEOUT(!running(home.path()).empty(), 20000);
        const qint64 first = running(home.path()).front().job_id;
        // A second backup, sent by the CLI to the same service, runs beside the console's.
        CliBackup other(home.path(), 200, QStringLiteral("second"));
        QVERIFY2(other.p.waitForStarted(10000), qPrintable(other.p.errorString()));
        // Both jobs write, each on a drive of its own with its own volume.
        QTRY_VERIFY_WITH_TIMEOUT(running(home.path()).size() == 2, 20000);
        qint64 newest = 0;
        for (const auto& s : running(home.path()))
            newest = std::max<qint64>(newest, s.job_id);
        QVERIFY(newest != first);
        QTRY_VERIFY_WITH_TIMEOUT(drivesOf(home.path(), first).size() == 1 &&
                                     drivesOf(home.path(), newest).size() == 1 &&
                                     !drivesOf(home.path(), first)[0].volume.empty() &&
                                     !drivesOf(home.path(), newest)[0].volume.empty(),
                                 20000);

        // The Dashboard: one row per drive of each job, with the job's own figures.
        auto* page = w.dashboardPage();
        auto* board = page->driveBoard();
        QTRY_VERIFY_WITH_TIMEOUT(rowsOf(board, tl::ui::DriveBoardModel::Job, first).size() == 1 &&
                                     rowsOf(board, tl::ui::DriveBoardModel::Job, newest).size() ==
                                         1,
                                 10000);
        for (qint64 job : {first, newest}) {
            const int r = rowsOf(board, tl::ui::DriveBoardModel::Job, job).front();
            const auto live = drivesOf(home.path(), job).front();
            QCOMPARE(board->index(r, tl::ui::DriveBoardModel::Drive).data().toString(),
                     QString::fromStdString(live.name));
            QCOMPARE(board->index(r, tl::ui::DriveBoardModel::Volume).data().toString(),
                     QString::fromStdString(live.volume));
            QVERIFY(board->index(r, tl::ui::DriveBoardModel::Job)
                        .data()
                        .toString()
                        .contains(QString::number(job)));
            QVERIFY(board->index(r, tl::ui::DriveBoardModel::Position)
                        .data()
                        .toString()
                        .startsWith(QStringLiteral("block")));
            QVERIFY(board->index(r, tl::ui::DriveBoardModel::State).data().toString() !=
                    QStringLiteral("idle"));
        }
        // The picker lists both; by default the page follows the newest job.
        auto* picker = page->jobPicker();
        QTRY_VERIFY_WITH_TIMEOUT(picker->findData(first) > 0 && picker->findData(newest) > 0,
                                 10000);
        QCOMPARE(picker->pinned(), qint64(0));
        QTRY_COMPARE_WITH_TIMEOUT(w.liveFeed()->followedJob(), newest, 10000);
        picker->setCurrentIndex(picker->findData(first));
        Q_EMIT picker->activated(picker->currentIndex());
        QTRY_COMPARE_WITH_TIMEOUT(w.liveFeed()->followedJob(), first, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(page->lastSnapshot() && page->lastSnapshot()->job_id == first,
                                 10000);
        picker->setCurrentIndex(0);
        Q_EMIT picker->activated(0);
        QTRY_COMPARE_WITH_TIMEOUT(w.liveFeed()->followedJob(), newest, 10000);

        // The Library page draws each job's drive as busy with that job, never idle.
        const auto snap = tl::ui::load_library_snapshot(c.ctx.door, "");
        QVERIFY2(snap.error.empty(), snap.error.c_str());
        QSet<qint64> busy;
        for (std::size_t i = 0; i < snap.drives.size(); ++i) {
            if (!snap.drives[i].job) continue;
            busy << snap.drives[i].job;
            const auto c = tl::ui::ElementText::describe(
                snap, {tl::device::ElementType::Drive, int(i)}, tl::ui::ColorBy::Pool);
            QVERIFY2(c.detail.contains(QStringLiteral("busy: job %1").arg(snap.drives[i].job)),
                     qPrintable(c.detail));
            QVERIFY2(!c.detail.startsWith(QStringLiteral("idle")), qPrintable(c.detail));
        }
        QCOMPARE(busy, (QSet<qint64>{first, newest}));

        QVERIFY(other.stop());
        w.backupRunner()->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(running(home.path()).empty(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(board->rowCount(), 0, 10000);
        // Both were stopped through the service (the CLI's on its SIGTERM, as on Ctrl-C).
        QCOMPARE(QString::fromStdString(reportOf(home.path(), newest).value("status", "")),
                 QStringLiteral("cancelled"));
        QCOMPARE(tltest::audited(home.path(), "POST", "/v1/queue/[0-9]+/cancel"), 2);

        // A job that starts and ends between two polls is the one shown next, not the older
        // job the page showed before.
        w.liveFeed()->setInterval(3600 * 1000);
        const auto quick = tltest::run_cli(slowBackupArgs(home.path(), 1, QStringLiteral("quick")));
        QVERIFY2(quick.exit_code == 0, quick.err.constData());
        const qint64 third = quick.json().object().value("job_id").toInteger();
        QVERIFY(third > newest);
        w.liveFeed()->poll(); // read through the service on a worker thread
        QTRY_COMPARE_WITH_TIMEOUT(w.liveFeed()->followedJob(), third, 10000);

        // Each backup went to the service through its typed route, none through the tunnel.
        QCOMPARE(tltest::audited(home.path(), "POST", "/v1/backups"), 3);
        QCOMPARE(tltest::tunnelled(home.path()), 0);
    }

    void aWaitingRestoreIsShownWaiting() {
        QTemporaryDir home, data;
        const QString src = data.filePath(QStringLiteral("src"));
        QVERIFY(QDir().mkpath(src));
        {
            QFile f(src + "/data.bin");
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(2 << 20, 'd'));
        }
        auto c = tltest::console_beside_service(home.path());
        QVERIFY(c);
        // The first backup, sent by the CLI to that service.
        const auto once = tltest::run_cli(tltest::with_home(
            home.path(), {"backup", "--source", src, "--drives", "1", "--name", "data", "--json"}));
        QVERIFY2(once.exit_code == 0, once.err.constData());
        const qint64 firstJob = once.json().object().value("job_id").toInteger();
        QVERIFY(firstJob > 0);
        const auto volumes = once.json().object().value("volumes").toArray();
        QVERIFY(!volumes.isEmpty());
        const std::string volume = volumes.first().toString().toStdString();

        tl::ui::MainWindow w(c.ctx);
        w.show();
        QSignalSpy done(w.backupRunner(), &tl::ui::BackupRunner::finished);
        // A backup that appends to the same volume holds it for a while.
        QVERIFY(w.startBackup(slowBackup(300, "data")));
        QTRY_VERIFY_WITH_TIMEOUT(!running(home.path()).empty(), 20000);
        const qint64 writer = running(home.path()).front().job_id;
        QTRY_VERIFY_WITH_TIMEOUT(drivesOf(home.path(), writer).size() == 1 &&
                                     drivesOf(home.path(), writer)[0].volume == volume,
                                 20000);

        // The restore of the first backup needs that volume: it waits, and says so.
        auto* restore = w.restorePage();
        QSignalSpy restored(restore, &tl::ui::RestorePage::finished);
        restore->targetPanel()->setTarget(data.filePath(QStringLiteral("out")));
        QVERIFY(restore->restoreVersion(firstJob, src, QString()));
        QTRY_VERIFY_WITH_TIMEOUT(restore->runner()->progress().waiting, 20000);
        const auto waiting = restore->runner()->progress();
        const qint64 restoreJob = waiting.jobId;
        QVERIFY2(waiting.waitingFor.contains(QString::fromStdString(volume)) &&
                     waiting.waitingFor.contains(QStringLiteral("job %1").arg(writer)),
                 qPrintable(waiting.waitingFor));
        auto* bar = restore->reportView()->progress();
        QTRY_VERIFY_WITH_TIMEOUT(bar->format().startsWith(QStringLiteral("Waiting")), 5000);
        QCOMPARE(bar->value(), 0);

        // Jobs ▸ Running and ▸ Queue: waiting, with what for.
        auto* jobs = w.jobsPage();
        auto* runningModel = jobs->runningPanel()->model();
        jobs->runningPanel()->refresh(); // read through the typed door (GET /v1/live)
        QTRY_VERIFY_WITH_TIMEOUT(
            rowsOf(runningModel, tl::ui::RunningTableModel::Job, restoreJob).size() == 1, 10000);
        const int rr = rowsOf(runningModel, tl::ui::RunningTableModel::Job, restoreJob).front();
        QCOMPARE(runningModel->index(rr, tl::ui::RunningTableModel::State).data().toString(),
                 QStringLiteral("waiting"));
        QVERIFY(runningModel->index(rr, tl::ui::RunningTableModel::WaitingFor)
                    .data()
                    .toString()
                    .contains(QString::fromStdString(volume)));
        auto* queue = jobs->queuePanel();
        // Rows waiting for the volume (GET /v1/queue and GET /v1/live through the typed door).
        auto waitingRows = [queue, &volume] {
            int n = 0;
            for (int r = 0; r < queue->model()->rowCount(); ++r)
                n += queue->model()->index(r, tl::ui::QueueTableModel::State).data().toString() ==
                         QLatin1String("waiting") &&
                     queue->model()
                         ->index(r, tl::ui::QueueTableModel::WaitingFor)
                         .data()
                         .toString()
                         .contains(QString::fromStdString(volume));
            return n;
        };
        queue->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(waitingRows(), 1, 10000);

        // History: the running and the waiting job with their time so far, the backup with
        // its bytes so far.
        auto* history = jobs->historyPanel();
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                history->refresh(); // the rows read so far are checked meanwhile
                bool restoreShown = false;
                bool backupShown = false;
                for (const auto& r : history->model()->rows()) {
                    if (r.id == restoreJob) restoreShown = r.seconds >= 1;
                    if (r.id == writer) backupShown = r.seconds >= 1 && r.bytes > 0;
                }
                return restoreShown && backupShown;
            }(),
            20000);

        // Once the backup is done the restore works; its report keeps the wait apart.
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(restored.count() == 1, 60000);
        const auto result = restored.first().first().value<tl::ui::RestoreSummary>();
        QCOMPARE(result.status, QStringLiteral("completed"));
        QVERIFY(result.waited >= 1);
        QVERIFY(result.elapsed > result.waited);
        QVERIFY2(restore->reportView()->resultText().contains(QStringLiteral("waiting")),
                 qPrintable(restore->reportView()->resultText()));
        const auto stored = reportOf(home.path(), restoreJob);
        QVERIFY(stored.is_object());
        const auto report = tl::job::report_from_json(stored);
        QCOMPARE(report.waited, result.waited);
        QVERIFY(report.waited >= 1);
        const double worked = report.elapsed - report.waited;
        QVERIFY(worked > 0);
        QVERIFY(std::abs(report.wall_rate - double(report.bytes) / worked) <=
                1e-6 * report.wall_rate + 1);
        auto shown =
            tltest::run_cli({"--home", home.path(), "jobs", "show", QString::number(restoreJob)});
        QVERIFY2(shown.exit_code == 0, shown.err.constData());
        QVERIFY2(shown.text().contains(QStringLiteral("waited")), shown.out.constData());

        // The backups and the restore went to the service through their typed routes.
        QCOMPARE(tltest::audited(home.path(), "POST", "/v1/backups"), 2);
        QCOMPARE(tltest::audited(home.path(), "POST", "/v1/restores"), 1);
        QCOMPARE(tltest::tunnelled(home.path()), 0);
    }
};

QTEST_MAIN(TestTruthfulViews)
#include "test_truthful_views.moc"
