#include <QtTest>

#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <atomic>
#include <memory>
#include <thread>

#include "bridge/restore_runner.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "common/log.h"
#include "context/engine.h"
#include "fixture_tree.h"
#include "gui_service.h"
#include "job/backup_job.h"
#include "pages/jobs/jobs_page.h"
#include "pages/jobs/queue_panel.h"
#include "pages/jobs/queue_table_model.h"
#include "pages/library/library_page.h"
#include "pages/media/media_page.h"
#include "pages/restore/restore_page.h"
#include "shell/main_window.h"
#include "shot.h"

// Many jobs at once in one console (issue 15): a backup, a restore, a labeling and a scheduled
// run are tasks side by side on the TaskBoard, each with its own name and cancel; only what
// moves cartridges outside any job's reservations runs alone and is refused naming the running
// jobs. Cancelling one job leaves the others running; closing the window waits for all of them.
namespace {

using Choice = tl::ui::MainWindow::QuitChoice;

// A job of the console that runs until it is cancelled (or, without a canceller, until `after`
// has ended): stands for a long backup without depending on how fast the machine is.
struct HeldJob {
    std::atomic<bool> cancel{false}, ended{false};
    std::thread thread;
    qint64 id = 0;

    bool start(tl::ui::TaskBoard& board, const QString& name, bool cancellable,
               const HeldJob* after = nullptr) {
        id = board.begin(name, tl::ui::TaskKind::Job, nullptr, QStringLiteral("backup"));
        if (!id) return false;
        if (cancellable) board.setCanceller(id, [this] { cancel = true; });
        thread = std::thread([this, &board, after] {
            while (!cancel && !(after && after->ended))
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            ended = true;
            board.end(id); // the last touch of the board
        });
        return true;
    }
    ~HeldJob() {
        cancel = true;
        if (thread.joinable()) thread.join();
    }
};

// The pool of `barcode`, as `tapeloom-cli volume list --json` reads it.
QString volumePool(const QString& home, const QString& barcode) {
    const auto r = tltest::run_cli(tltest::with_home(home, {"volume", "list", "--json"}));
    if (r.exit_code != 0) qWarning("volume list: %s", r.err.constData());
    for (const auto& v : r.json().array())
        if (v.toObject().value("barcode").toString() == barcode)
            return v.toObject().value("pool").toString();
    return {};
}

QLabel* tasksLabel(tl::ui::MainWindow& w) {
    for (auto* l : w.statusBar()->findChildren<QLabel*>())
        if (l->accessibleName() == QLatin1String("Engine activity")) return l;
    return nullptr;
}

} // namespace

class TestTaskBoard : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_task_board"));
        QSettings().clear();
        QGuiApplication::setQuitOnLastWindowClosed(false);
        tl::log::ring();
    }

    void jobsRunSideBySideAndAMoveRunsAlone() {
        tl::ui::TaskBoard board;
        HeldJob backup, restore;
        QVERIFY(backup.start(board, QStringLiteral("Backup nightly"), true));
        QVERIFY(restore.start(board, QStringLiteral("Restore"), true));
        const qint64 label = board.begin(QStringLiteral("Labeling TLO006L9"));
        QVERIFY(label);
        QCOMPARE(board.count(), 3);
        QVERIFY(board.statusLine().contains(QStringLiteral("3 jobs")));
        for (const char* name : {"Backup nightly", "Restore", "Labeling TLO006L9"})
            QVERIFY2(board.statusLine().contains(QLatin1String(name)),
                     qPrintable(board.statusLine()));

        // A cartridge move is refused, naming every running job.
        QString why;
        QCOMPARE(board.begin(QStringLiteral("Library move of TLO002L9"),
                             tl::ui::TaskKind::Exclusive, &why),
                 qint64(0));
        for (const char* name : {"Backup nightly", "Restore", "Labeling TLO006L9"})
            QVERIFY2(why.contains(QLatin1String(name)), qPrintable(why));

        // Cancelling one job stops that one only.
        QVERIFY(board.cancel(backup.id));
        QTRY_VERIFY(backup.ended);
        QTRY_VERIFY(!board.isRunning(backup.id));
        QVERIFY(!restore.cancel);
        QVERIFY(board.isRunning(restore.id));
        QVERIFY(!board.cancel(label)); // a labeling cannot be stopped halfway
        QVERIFY(board.isRunning(label));
        QVERIFY(!board.allCancellable());

        QVERIFY(board.cancel(restore.id));
        QTRY_VERIFY(!board.isRunning(restore.id));
        board.end(label);
        QVERIFY(board.waitUntilIdle(10000));

        // Alone, the move runs; while it does, a job is refused, naming it.
        const qint64 move =
            board.begin(QStringLiteral("Library move of TLO002L9"), tl::ui::TaskKind::Exclusive);
        QVERIFY(move);
        QCOMPARE(board.begin(QStringLiteral("Restore"), tl::ui::TaskKind::Job, &why), qint64(0));
        QVERIFY2(why.contains(QStringLiteral("Library move of TLO002L9")), qPrintable(why));
        board.end(move);
        QVERIFY(!board.busy());
    }

    // While a backup of the console runs: a restore of an earlier backup and a labeling start
    // and finish (the bytes restored are the bytes backed up; the cartridge is in the pool), a
    // library move is refused naming the backup, and the status bar names every job.
    void restoreAndLabelWhileABackupRuns() {
        QTemporaryDir dir;
        const QString src = dir.filePath(QStringLiteral("src"));
        const QString out = dir.filePath(QStringLiteral("out"));
        QVERIFY(tltest::write_file(src + "/a.txt", "alpha\n"));
        QVERIFY(tltest::write_file(src + "/sub/b.bin", tltest::random_bytes(300000, 3)));
        const QString home = dir.filePath(QStringLiteral("home"));
        const auto earlier = tltest::run_cli(tltest::with_home(home, {"backup", "--source", src}));
        QVERIFY2(earlier.exit_code == 0, earlier.err.constData());
        auto c = tltest::console_beside_service(home);
        QVERIFY(c);

        tl::ui::MainWindow w(c.ctx);
        w.show();
        auto* board = w.board();
        HeldJob backup;
        QVERIFY(backup.start(*board, QStringLiteral("Backup nightly"), true));

        // A library move is refused, naming the running backup; nothing moves.
        QVERIFY(w.showPage(QStringLiteral("library")));
        auto* lib = w.libraryPage();
        QTRY_VERIFY_WITH_TIMEOUT(!lib->snapshot().inventory.storage.empty(), 20000);
        int full = 0, drive = -1;
        for (const auto& e : lib->snapshot().inventory.storage)
            if (e.full && !full) full = int(e.number);
        for (const auto& e : lib->snapshot().inventory.drives)
            if (!e.full && drive < 0) drive = int(e.number);
        QVERIFY(full > 0 && drive >= 0);
        QVERIFY(!lib->load(full, drive));
        QVERIFY2(lib->statusText().contains(QStringLiteral("Backup nightly")),
                 qPrintable(lib->statusText()));

        // A restore starts beside the backup.
        tl::job::RestoreOptions r;
        r.what.job_id = 1; // the earlier backup
        r.to = out.toStdString();
        auto* restorer = w.restorePage()->runner();
        QSignalSpy restored(restorer, &tl::ui::RestoreRunner::finished);
        QString why;
        QVERIFY2(restorer->start({r}, &why), qPrintable(why));

        // And a labeling too.
        auto* media = w.mediaPage();
        media->setConfirm([](const QString&) { return true; });
        QSignalSpy labeled(media, &tl::ui::MediaPage::taskFinished);
        QVERIFY(media->labelAllBlank(QStringLiteral("Default"), QStringLiteral("TLO006*")));
        QVERIFY(board->count() >= 2); // the restore may have ended already
        QTRY_VERIFY(tasksLabel(w) && tasksLabel(w)->text().contains(QStringLiteral("Backup")));

        QTRY_VERIFY_WITH_TIMEOUT(restored.count() == 1, 120000);
        const auto result = restored.first().first().value<tl::ui::RestoreSummary>();
        QVERIFY2(result.status == QLatin1String("completed"), qPrintable(result.message));
        QString diff;
        QVERIFY2(tltest::same_tree(src, out + src, &diff), qPrintable(diff));
        QTRY_VERIFY_WITH_TIMEOUT(labeled.count() == 1, 60000);
        QVERIFY2(labeled.first().first().toString().isEmpty(),
                 qPrintable(labeled.first().first().toString()));
        QVERIFY(backup.ended == false); // the backup ran all along
        QVERIFY(board->isRunning(backup.id));
        QTRY_VERIFY(board->count() == 1);
        QCOMPARE(volumePool(home, QStringLiteral("TLO006L9")), QStringLiteral("Default"));

        // The move refused while the backup ran is done once it has ended; the refusal goes.
        QVERIFY(board->cancel(backup.id));
        QVERIFY(board->waitUntilIdle(10000));
        QTRY_VERIFY(!lib->statusText().contains(QStringLiteral("Backup nightly")));
        // The restore left its cartridge in the drive it used: load a cartridge still in a
        // slot into a drive that is empty now.
        QSignalSpy refreshed(lib, &tl::ui::LibraryPage::refreshed);
        lib->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 20000);
        full = 0;
        drive = -1;
        for (const auto& e : lib->snapshot().inventory.storage)
            if (e.full && !full) full = int(e.number);
        for (const auto& e : lib->snapshot().inventory.drives)
            if (!e.full && drive < 0) drive = int(e.number);
        QVERIFY(full > 0 && drive >= 0);
        QSignalSpy moved(lib, &tl::ui::LibraryPage::moveFinished);
        QVERIFY2(lib->load(full, drive), qPrintable(lib->statusText()));
        QTRY_VERIFY_WITH_TIMEOUT(moved.count() == 1, 30000);
        QVERIFY2(moved.first().first().toString().isEmpty(),
                 qPrintable(moved.first().first().toString()));
    }

    // Two jobs in the Queue tab: each has its own row and Cancel; cancelling one leaves the
    // other running. The status bar counts them.
    void cancellingOneJobLeavesTheOtherRunning() {
        QTemporaryDir dir;
        auto c = tltest::console_beside_service(dir.filePath(QStringLiteral("home")));
        QVERIFY(c);
        tl::ui::MainWindow w(c.ctx);
        w.show();
        HeldJob backup, verify;
        QVERIFY(backup.start(*w.board(), QStringLiteral("Backup nightly"), true));
        QVERIFY(verify.start(*w.board(), QStringLiteral("Verify job 3"), true));
        QTRY_VERIFY(tasksLabel(w) && tasksLabel(w)->text().contains(QStringLiteral("2 jobs")));
        QVERIFY(tasksLabel(w)->text().contains(QStringLiteral("Verify job 3")));

        auto* jobs = w.jobsPage();
        QVERIFY(w.showPage(QStringLiteral("jobs")));
        jobs->tabs()->setCurrentIndex(tl::ui::JobsPage::QueueTab);
        jobs->setConfirm([](const QString&) { return true; });
        auto* queue = jobs->queuePanel();
        queue->refresh();
        QTRY_COMPARE(queue->model()->rowCount(), 2);
        int row = -1;
        for (int i = 0; i < queue->model()->rowCount(); ++i)
            if (queue->model()->entry(i).definition == "Backup nightly") row = i;
        QVERIFY(row >= 0);
        queue->table()->setCurrentIndex(queue->model()->index(row, 0));
        QVERIFY(tltest::shot(&w, QStringLiteral("jobs_two_running")));
        QVERIFY(queue->cancelSelected());
        QTRY_VERIFY(backup.ended);
        QVERIFY(!verify.cancel);
        QVERIFY(w.board()->isRunning(verify.id));
        QTRY_COMPARE(queue->model()->rowCount(), 1);
        QCOMPARE(queue->model()->entry(0).definition, std::string("Verify job 3"));
        QTRY_VERIFY(tasksLabel(w)->text() == QStringLiteral("Running: Verify job 3"));
        QVERIFY(w.board()->cancel(verify.id));
    }

    // Quit with a backup and a labeling running: the question names both; "cancel and quit"
    // stops the backup, and the window waits for the labeling (which cannot stop) as well.
    void closingWaitsForEveryJob() {
        QTemporaryDir dir;
        auto c = tltest::console_beside_service(dir.filePath(QStringLiteral("home")));
        QVERIFY(c);
        auto w = std::make_unique<tl::ui::MainWindow>(c.ctx);
        w->show();
        HeldJob backup, label;
        QVERIFY(backup.start(*w->board(), QStringLiteral("Backup nightly"), true));
        QVERIFY(label.start(*w->board(), QStringLiteral("Labeling TLO006L9"), false, &backup));
        QString asked;
        w->setQuitQuestion([&](const QString& running, bool cancellable) {
            asked = running;
            return cancellable ? Choice::CancelJobAndQuit : Choice::Stay;
        });
        QVERIFY(w->close());
        QVERIFY(asked.contains(QStringLiteral("Backup nightly")));
        QVERIFY(asked.contains(QStringLiteral("Labeling TLO006L9")));
        w.reset(); // waits for both
        QVERIFY(backup.ended);
        QVERIFY(label.ended);
    }
};

QTEST_MAIN(TestTaskBoard)
#include "test_task_board.moc"
