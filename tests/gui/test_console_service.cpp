#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QtTest>

#include "../service/service_guard.h"
#include "audit_log.h"
#include "bridge/restore_runner.h"
#include "bridge/service_connection.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "client/service_client.h"
#include "common/clock.h"
#include "context/engine.h"
#include "fixture_tree.h"
#include "gui_service.h"
#include "pages/media/media_page.h"
#include "pages/restore/restore_page.h"
#include "shell/console_door.h"
#include "shell/main_window.h"

using tltest::run_cli;
using tltest::with_home;

// The console beside a running service (docs/console.md "Beside the service"): it opens instead
// of refusing the data directory, shows the connection in the status bar, sends "Back up now"
// to the service's queue, says when the service stopped and reconnects when it is back.
class TestConsoleService : public QObject {
    Q_OBJECT

    static long servicePid(const QString& home) {
        auto info = tl::client::ServiceClient(home.toStdString()).service();
        return info ? info->pid : 0;
    }

private Q_SLOTS:
    void consoleFollowsTheServiceAndSubmitsBackups() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        for (int i = 0; i < 3; ++i)
            QVERIFY(tltest::write_file(src + QString("/f%1.bin").arg(i),
                                       tltest::random_bytes(30000 + i * 777, 11 + i)));
        QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
        tltest::ServiceGuard guard{home};
        const long pid = servicePid(home);
        QVERIFY(pid > 0);

        tl::EngineOptions options;
        options.home = home.toStdString();
        QVERIFY(!tl::Engine::open(options)); // the service holds the directory
        auto door = tl::ui::openConsoleDoor(tl::ui::DoorAddress{home.toStdString(), {}});
        QVERIFY2(door, door ? "" : door.error().message.c_str());
        tl::SystemClock clock;
        {
            tl::ui::MainWindow window(tl::ui::ConsoleContext{door.value(), &clock});
            QVERIFY(window.service());
            QTRY_VERIFY_WITH_TIMEOUT(window.serviceStatus()->text().contains(QString::number(pid)),
                                     10000);

            tl::job::BackupOptions backup;
            backup.sources = {src.toStdString()};
            backup.drives = 1;
            backup.name = "console-web"; // the dialog's Name field (issue 42 item 1)
            QVERIFY(window.startBackup(backup));
            QTRY_VERIFY_WITH_TIMEOUT(
                window.statusBar()->currentMessage().contains(QStringLiteral("ended")), 60000);
            QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("completed")),
                     qPrintable(window.statusBar()->currentMessage()));
            // The job the console submitted is the service's, with every file in it.
            auto jobs = run_cli(with_home(home, {"jobs", "list", "--json"}));
            QCOMPARE(jobs.exit_code, 0);
            QVERIFY2(jobs.out.contains("\"status\":\"completed\"") ||
                         jobs.out.contains("\"status\": \"completed\""),
                     qPrintable(jobs.out));
            QVERIFY2(jobs.out.contains("console-web"), qPrintable(jobs.out)); // kept as its name
            // Queued through the typed door (client::Api::queue_ad_hoc_backup, POST /v1/backups).
            QCOMPARE(tltest::audited(home, "POST", "/v1/backups"), 1);
            // A restore of the Restore page runs in the service: the bytes come back.
            auto* runner = window.restorePage()->runner();
            QSignalSpy finished(runner, &tl::ui::RestoreRunner::finished);
            tl::job::RestoreOptions restore;
            restore.what.job_id = 1;
            restore.to = (d.path() + "/out").toStdString();
            QString error;
            QVERIFY2(runner->start({restore}, &error), qPrintable(error));
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
            const auto result = finished.at(0).at(0).value<tl::ui::RestoreSummary>();
            QCOMPARE(result.status, QStringLiteral("completed"));
            QVERIFY(result.restored >= 3); // the three files (and their directory)
            QString diff;
            QVERIFY2(tltest::same_tree(src, d.path() + "/out" + src, &diff), qPrintable(diff));
            QVERIFY(!result.jobIds.isEmpty());
            auto shown = run_cli(
                with_home(home, {"jobs", "show", QString::number(result.jobIds[0]), "--json"}));
            QVERIFY2(shown.out.contains("restore"), shown.out.constData()); // the service's job
            // Through the typed door (POST /v1/restores), not as a CLI command line.
            QCOMPARE(tltest::audited(home, "POST", "/v1/restores"), 1);
            QCOMPARE(tltest::tunnelled(home), 0);

            // The service stops: the status bar says so; started again: the console is back.
            QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
            QTRY_VERIFY_WITH_TIMEOUT(
                window.service()->state() == tl::ui::ServiceConnection::State::Lost, 15000);
            QVERIFY(window.serviceStatus()->text().contains(QStringLiteral("stopped")));
            QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
            const long again = servicePid(home);
            QVERIFY(again > 0 && again != pid);
            QTRY_VERIFY_WITH_TIMEOUT(
                window.serviceStatus()->text().contains(QString::number(again)), 15000);
        } // closing the window stops its watcher
    }

    // The console never opens a data directory writable (issue 38): without a service and with
    // autostart off it refuses, naming the data directory and the command that starts its
    // service, and creates nothing there; a service that cannot start is refused the same way.
    void consoleRefusesADataDirectoryWithoutService() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        const tl::ui::DoorAddress local{home.toStdString(), {}};
        auto door = tl::ui::openConsoleDoor(local); // autostart off
        QVERIFY(!door);
        QCOMPARE(door.error().kind, tl::ErrorKind::NotFound);
        const QString said = QString::fromStdString(door.error().message);
        QVERIFY2(said.contains(home) &&
                     said.contains("tapeloom-cli --home '" + home + "' service start"),
                 qPrintable(said));
        QVERIFY(!QFile::exists(home + "/catalog.db"));
        QVERIFY(!tl::client::ServiceClient(local.home).service());

        // Autostart on, but the tapeloom-cli that would start the service is not there.
        auto failed = tl::ui::openConsoleDoor(local, {true, d.path() + QStringLiteral("/no-cli")});
        QVERIFY(!failed);
        QCOMPARE(failed.error().kind, tl::ErrorKind::Io);
        const QString why = QString::fromStdString(failed.error().message);
        QVERIFY2(why.contains("did not start") && why.contains(home) &&
                     why.contains(QStringLiteral("service start")),
                 qPrintable(why));
        QVERIFY(!QFile::exists(home + "/catalog.db"));
    }

    // A page has no write path of its own: its change goes to the service's typed door, and
    // with none running it says so and how to start one; nothing is labeled.
    void pageChangesNeedTheService() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        tl::ui::TaskBoard board;
        tl::ui::MediaPage page(tltest::console_context(home), board);
        page.setConfirm([](const QString&) { return true; });
        QSignalSpy done(&page, &tl::ui::MediaPage::taskFinished);
        QVERIFY(page.labelAllBlank(QStringLiteral("Default"), QString()));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
        const QString error = done.at(0).at(0).toString();
        QVERIFY2(error.contains(QStringLiteral("service not running")) &&
                     error.contains(QStringLiteral("service start")),
                 qPrintable(error));
        QVERIFY(board.waitUntilIdle(60000));
        QVERIFY(board.waitReadsDone(60000));
        QVERIFY(!QFile::exists(home + "/catalog.db"));
    }
};

QTEST_MAIN(TestConsoleService)
#include "test_console_service.moc"
