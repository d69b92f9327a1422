#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include "../service/service_guard.h"
#include "audit_log.h"
#include "bridge/task_board.h"
#include "cli_runner.h"
#include "client/service_api.h"
#include "client/service_client.h"
#include "fixture_tree.h"
#include "media/pool.h"
#include "pages/jobs/definition_dialog.h"
#include "pages/jobs/definition_table_model.h"
#include "pages/jobs/jobs_page.h"
#include "pages/jobs/schedule_panel.h"
#include "pages/jobs/schedule_table_model.h"
#include "pages/library/difference_model.h"
#include "pages/library/element_widget.h"
#include "pages/library/library_page.h"
#include "pages/library/library_view.h"
#include "pages/media/media_actions.h"
#include "pages/media/media_page.h"
#include "pages/media/pools_panel.h"
#include "shell/console_door.h"
#include "shot.h"

using tltest::run_cli;
using tltest::with_home;

// A console beside the service changes the data directory through it (docs/console.md "Beside
// the service"): labeling, library moves, pools, job definitions and schedules go through the
// service's typed door (client::Api, the audit log names each route), never as a CLI command
// line, and the service's errors reach the page.
class TestConsoleServiceActions : public QObject {
    Q_OBJECT

    static QJsonArray cliJson(const QString& home, const QStringList& args) {
        auto r = run_cli(with_home(home, args + QStringList{"--json"}));
        if (r.exit_code != 0) qWarning("%s: %s", qPrintable(args.join(' ')), r.err.constData());
        return QJsonDocument::fromJson(r.out).array();
    }
    // The console's context on `home`, whose service runs: its typed door and the real clock.
    static tl::Result<tl::ui::ConsoleContext> doorBeside(const QString& home) {
        static tl::SystemClock clock;
        auto door = tl::ui::openConsoleDoor(tl::ui::DoorAddress{home.toStdString(), {}});
        if (!door) return door.error();
        return tl::ui::ConsoleContext{door.value(), &clock};
    }
    // Whether the service has the job definition `name` (GET /v1/definitions: `job list` is
    // a command line of the CLI, which the tunnel counts).
    static bool defined(const QString& home, const std::string& name) {
        tl::client::ServiceClient c(home.toStdString());
        auto all = tl::client::ServiceApi(c).definitions();
        if (!all) qWarning("definitions: %s", all.error().message.c_str());
        for (const auto& d : all ? all.value() : std::vector<tl::client::Definition>{})
            if (d.name == name) return true;
        return false;
    }
    static bool has(const QJsonArray& rows, const char* key, const QString& value) {
        for (const auto& v : rows)
            if (v.toObject().value(QLatin1String(key)).toString() == value) return true;
        return false;
    }

private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TapeloomTest"));
        QSettings().remove(QStringLiteral("library"));
    }

    void changesRunAsServiceCommands() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.bin", tltest::random_bytes(5000, 3)));
        // The default virtual library with one labeled cartridge, before the service runs.
        QCOMPARE(run_cli(with_home(home, {"volume", "label", "--barcode", "TLO001L9", "--pool",
                                          "Default"}))
                     .exit_code,
                 0);
        QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
        tltest::ServiceGuard guard{home};

        auto door = doorBeside(home);
        QVERIFY2(door, door ? "" : door.error().message.c_str());
        const tl::ui::ConsoleContext& ctx = door.value();
        tl::ui::TaskBoard board;
        QWidget parent;
        {
            // Label a blank cartridge: the service labels it; the catalog has it in the pool.
            tl::ui::MediaActions actions(ctx, board, &parent);
            QSignalSpy done(&actions, &tl::ui::MediaActions::finished);
            QVERIFY(actions.label(QStringLiteral("TLO002L9"), QStringLiteral("Default")));
            QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
            QCOMPARE(done.at(0).at(0).toString(), QString());
            QVERIFY(has(cliJson(home, {"volume", "list"}), "barcode", "TLO002L9"));
            // Labeling it again is the service's refusal, naming the volume.
            QSignalSpy said(&actions, &tl::ui::MediaActions::status);
            QVERIFY(actions.label(QStringLiteral("TLO002L9"), QStringLiteral("Default")));
            QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 60000);
            const QString error = done.at(1).at(0).toString();
            QVERIFY2(error.contains(QStringLiteral("TLO002L9")), qPrintable(error));
            QVERIFY(!error.contains(QStringLiteral("read-only")));
            QVERIFY(!error.contains(QStringLiteral("tapeloom-cli: error")));
            QVERIFY(said.last().at(1).toBool()); // shown as an error
            // Both went through the typed door: one label done, one refused (409).
            QCOMPARE(tltest::audited(home, "POST", "/v1/volumes/TLO002L9/label"), 1);
            // Marked read-only and back, recorded off-site and back on site: PATCH each time.
            QVERIFY(actions.mark(QStringLiteral("TLO002L9"), tl::media::VolumeEvent::MarkReadOnly));
            QTRY_COMPARE_WITH_TIMEOUT(done.count(), 3, 60000);
            QCOMPARE(done.at(2).at(0).toString(), QString());
            QVERIFY(has(cliJson(home, {"volume", "list"}), "state", "read-only"));
            QVERIFY(actions.mark(QStringLiteral("TLO002L9"), tl::media::VolumeEvent::Enable));
            QTRY_COMPARE_WITH_TIMEOUT(done.count(), 4, 60000);
            QCOMPARE(done.at(3).at(0).toString(), QString());
            QCOMPARE(tltest::audited(home, "PATCH", "/v1/volumes/TLO002L9"), 2);
        }
        {
            // Pools: added and changed by the service; a taken name is its error.
            tl::ui::PoolsPanel pools(ctx, board);
            QSignalSpy said(&pools, &tl::ui::PoolsPanel::status);
            tl::media::PoolChanges weekly;
            weekly.retention_days = 35;
            QVERIFY(pools.addPool(QStringLiteral("Weekly"), weekly));
            QTRY_COMPARE_WITH_TIMEOUT(said.count(), 1, 30000);
            QVERIFY2(!said.at(0).at(1).toBool(), qPrintable(said.at(0).at(0).toString()));
            tl::media::PoolChanges longer;
            longer.retention_days = 90;
            QVERIFY(pools.editPool(QStringLiteral("Weekly"), longer));
            QTRY_COMPARE_WITH_TIMEOUT(said.count(), 2, 30000);
            QVERIFY2(!said.at(1).at(1).toBool(), qPrintable(said.at(1).at(0).toString()));
            bool found = false;
            for (const auto& p : cliJson(home, {"pool", "list"}))
                if (p.toObject().value("name").toString() == "Weekly")
                    found = p.toObject().value("retention_days").toInt() == 90;
            QVERIFY(found);
            QVERIFY(pools.addPool(QStringLiteral("Weekly"), weekly));
            QTRY_COMPARE_WITH_TIMEOUT(said.count(), 3, 30000);
            QVERIFY(said.at(2).at(1).toBool());
            QVERIFY2(said.at(2).at(0).toString().contains(QStringLiteral("Weekly")),
                     qPrintable(said.at(2).at(0).toString()));
            QCOMPARE(tltest::audited(home, "POST", "/v1/pools"), 1);
            QCOMPARE(tltest::audited(home, "PATCH", "/v1/pools/Weekly"), 1);
        }
        {
            // A library move: the service loads slot 1 into drive 0; the page shows it.
            tl::ui::LibraryPage page(ctx, board);
            QSignalSpy refreshed(&page, &tl::ui::LibraryPage::refreshed);
            QSignalSpy moved(&page, &tl::ui::LibraryPage::moveFinished);
            page.show();
            QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 20000);
            QVERIFY(page.load(1, 0));
            QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 1, 60000);
            QCOMPARE(moved.at(0).at(0).toString(), QString());
            const int r = int(refreshed.count());
            QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > r, 20000);
            QCOMPARE(page.view()->element({tl::device::ElementType::Drive, 0})->content().barcode,
                     QStringLiteral("TLO001L9"));
            page.resize(1280, 800);
            tltest::shot(&page, QStringLiteral("library_beside_service"));
            QVERIFY(page.unload(0));
            QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 2, 60000);
            QCOMPARE(moved.at(1).at(0).toString(), QString());
            QCOMPARE(tltest::audited(home, "POST", "/v1/libraries/[^/]+/(load|unload)"), 2);
        }
        {
            // A job definition and its schedule: stored by the service.
            tl::ui::JobsPage page(ctx, board);
            page.setConfirm([](const QString&) { return true; });
            page.show();
            auto* dlg = page.newDefinition();
            QVERIFY(dlg);
            dlg->nameField()->setText(QStringLiteral("nightly"));
            dlg->sourcesField()->setPlainText(src);
            QTRY_VERIFY2(dlg->okButton()->isEnabled(), qPrintable(dlg->reason()));
            QSignalSpy closed(dlg, &QDialog::finished);
            QTest::mouseClick(dlg->okButton(), Qt::LeftButton);
            QTRY_COMPARE_WITH_TIMEOUT(closed.count(), 1, 30000);
            QVERIFY(defined(home, "nightly"));
            auto* sched = page.schedulePanel();
            QTRY_VERIFY_WITH_TIMEOUT(page.definitionsModel()->rowCount() == 1, 20000);
            sched->selectDefinition(QStringLiteral("nightly"));
            sched->ruleField()->setText(QStringLiteral("incr daily at 02:00"));
            QSignalSpy changed(sched, &tl::ui::SchedulePanel::changed);
            QVERIFY(sched->addSchedule());
            QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 30000);
            auto schedules = run_cli(with_home(home, {"schedule", "list"}));
            QVERIFY2(schedules.out.contains("incr daily at 02:00"), schedules.out.constData());
            page.resize(1280, 800);
            tltest::shot(&page, QStringLiteral("jobs_beside_service"));
            // The schedule changed and removed, then the definition removed: the service's too.
            QTRY_VERIFY_WITH_TIMEOUT(sched->model()->rowCount() == 1, 20000);
            sched->table()->setCurrentIndex(sched->table()->model()->index(0, 0));
            sched->ruleField()->setText(QStringLiteral("full sun at 03:00"));
            QVERIFY(sched->saveSelected());
            QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, 30000);
            schedules = run_cli(with_home(home, {"schedule", "list"}));
            QVERIFY2(schedules.out.contains("full sun at 03:00"), schedules.out.constData());
            sched->setConfirm([](const QString&) { return true; });
            sched->table()->setCurrentIndex(sched->table()->model()->index(0, 0));
            QVERIFY(sched->removeSelected());
            QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 3, 30000);
            QVERIFY(!run_cli(with_home(home, {"schedule", "list"})).out.contains("03:00"));
            QVERIFY(page.selectDefinition(QStringLiteral("nightly")));
            QVERIFY(page.removeSelected());
            QTRY_VERIFY_WITH_TIMEOUT(!defined(home, "nightly"), 30000);
            QCOMPARE(tltest::audited(home, "POST", "/v1/definitions"), 1);
            QCOMPARE(tltest::audited(home, "DELETE", "/v1/definitions/nightly"), 1);
            QCOMPARE(tltest::audited(home, "POST", "/v1/schedules"), 1);
            QCOMPARE(tltest::audited(home, "PATCH", "/v1/schedules/[0-9]+"), 1);
            QCOMPARE(tltest::audited(home, "DELETE", "/v1/schedules/[0-9]+"), 1);
        }
        {
            // A recycle and a pool's removal through the typed door.
            tl::ui::MediaActions actions(ctx, board, &parent);
            actions.setConfirm([](const QString&) { return true; });
            QSignalSpy done(&actions, &tl::ui::MediaActions::finished);
            // An appendable volume holds nothing to give up: the service's refusal, shown.
            QVERIFY(actions.recycle(QStringLiteral("TLO002L9"), false));
            QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
            const QString refused = done.at(0).at(0).toString();
            QVERIFY2(refused.contains(QStringLiteral("TLO002L9")) &&
                         refused.contains(QStringLiteral("cannot be recycled")),
                     qPrintable(refused));
            tl::ui::PoolsPanel pools(ctx, board);
            pools.setConfirm([](const QString&) { return true; });
            QSignalSpy said(&pools, &tl::ui::PoolsPanel::status);
            QVERIFY(pools.removePool(QStringLiteral("Weekly")));
            QTRY_COMPARE_WITH_TIMEOUT(said.count(), 1, 30000);
            QVERIFY2(!said.at(0).at(1).toBool(), qPrintable(said.at(0).at(0).toString()));
            QVERIFY(!has(cliJson(home, {"pool", "list"}), "name", "Weekly"));
            QCOMPARE(tltest::audited(home, "POST", "/v1/volumes/TLO002L9/recycle", true), 1);
            QCOMPARE(tltest::audited(home, "DELETE", "/v1/pools/Weekly"), 1);
        }
        // Not one change went as a CLI command line (POST /v1/commands).
        QCOMPARE(tltest::tunnelled(home), 0);
        QVERIFY(board.waitUntilIdle(60000));
        QVERIFY(board.waitReadsDone(60000));
    }

    // Emptying a definition's include and exclude lists in the editor beside the service
    // stores them empty (the console refused such an edit before: `job edit` kept the lists).
    void emptiedListsAreStoredEmpty() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.bin", tltest::random_bytes(100, 4)));
        QCOMPARE(
            run_cli(with_home(home, {"job", "define", "nightly", src, "--include", "*.bin",
                                     "--exclude", "*.tmp", "--exclude", "cache/", "--drives", "1"}))
                .exit_code,
            0);
        QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
        tltest::ServiceGuard guard{home};
        auto door = doorBeside(home);
        QVERIFY2(door, door ? "" : door.error().message.c_str());
        tl::ui::TaskBoard board;
        tl::ui::JobsPage page(door.value(), board);
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(page.definitionsModel()->rowCount() == 1, 20000);
        QVERIFY(page.selectDefinition(QStringLiteral("nightly")));
        auto* dlg = page.editSelected();
        QVERIFY(dlg);
        QCOMPARE(dlg->includeField()->text(), QStringLiteral("*.bin"));
        dlg->includeField()->clear();
        dlg->excludeField()->clear();
        QTRY_VERIFY2(dlg->okButton()->isEnabled(), qPrintable(dlg->reason()));
        QSignalSpy closed(dlg, &QDialog::finished);
        QTest::mouseClick(dlg->okButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(closed.count(), 1, 30000);
        auto shown = run_cli(with_home(home, {"job", "show", "nightly", "--json"}));
        QCOMPARE(shown.exit_code, 0);
        const auto j = QJsonDocument::fromJson(shown.out).object();
        QVERIFY2(j.value("include").toArray().isEmpty(), shown.out.constData());
        QVERIFY2(j.value("exclude").toArray().isEmpty(), shown.out.constData());
        QCOMPARE(j.value("sources").toArray().size(), 1);                     // the rest as it was
        QCOMPARE(tltest::audited(home, "PUT", "/v1/definitions/nightly"), 1); // the whole of it
        // Run now queues the definition through the typed door (POST /v1/backups).
        QSignalSpy started(&page, &tl::ui::JobsPage::jobStarted);
        QVERIFY(page.runNow());
        QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 30000);
        // Started on the page at once; queued in the service by the task's worker.
        QTRY_COMPARE_WITH_TIMEOUT(tltest::audited(home, "POST", "/v1/backups"), 1, 30000);
        // On the command line an empty pattern empties a list the same way.
        QCOMPARE(run_cli(with_home(home, {"job", "edit", "nightly", "--include", "*.c"})).exit_code,
                 0);
        QCOMPARE(run_cli(with_home(home, {"job", "edit", "nightly", "--include", ""})).exit_code,
                 0);
        shown = run_cli(with_home(home, {"job", "show", "nightly", "--json"}));
        QVERIFY2(QJsonDocument::fromJson(shown.out).object().value("include").toArray().isEmpty(),
                 shown.out.constData());
        QVERIFY(board.waitUntilIdle(60000));
        QVERIFY(board.waitReadsDone(60000));
    }

    // Label all blank with a barcode pattern beside the service: the service labels the
    // matching blank cartridges only (`volume label --all-blank --pattern`); the others stay
    // blank (the console refused a pattern beside the service before).
    void labelAllBlankByPattern() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
        tltest::ServiceGuard guard{home};
        auto door = doorBeside(home);
        QVERIFY2(door, door ? "" : door.error().message.c_str());
        tl::ui::TaskBoard board;
        tl::ui::MediaPage page(door.value(), board);
        page.setConfirm([](const QString&) { return true; });
        page.show();
        QSignalSpy done(&page, &tl::ui::MediaPage::taskFinished);
        QVERIFY(page.labelAllBlank(QStringLiteral("Default"), QStringLiteral("tlo00[12]*")));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 90000);
        QVERIFY2(done.at(0).at(0).toString().isEmpty(), qPrintable(done.at(0).at(0).toString()));
        const auto volumes = cliJson(home, {"volume", "list"});
        QVERIFY(has(volumes, "barcode", "TLO001L9"));
        QVERIFY(has(volumes, "barcode", "TLO002L9"));
        QCOMPARE(volumes.size(), 2); // TLO003L9 and the rest stay blank
        const QString text = page.statusLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("tlo00[12]*")) && !text.contains("Every"),
                 qPrintable(text));
        QCOMPARE(tltest::audited(home, "POST", "/v1/volumes/label-blank"), 1);
        QCOMPARE(tltest::tunnelled(home), 0);
        page.resize(1280, 800);
        tltest::shot(&page, QStringLiteral("media_label_pattern_beside_service"));
        QVERIFY(board.waitUntilIdle(60000));
        QVERIFY(board.waitReadsDone(60000));
    }

    // Reconcile catalog beside the service: the service's `library inventory --reconcile`
    // records the changer's cartridges in the catalog, and the page lists what it recorded (the
    // console refused it before: it wrote through its read-only catalog).
    void reconcileRunsInTheService() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
        tltest::ServiceGuard guard{home};
        const auto before = QJsonDocument::fromJson(
            run_cli(with_home(home, {"library", "inventory", "--reconcile", "--dry-run", "--json"}))
                .out);
        const int unknown = int(before.object().value("differences").toArray().size());
        QVERIFY(unknown > 0); // the default library's cartridges are not in the catalog yet
        // The CLI's dry run is a POST of the same route ({"dry_run": true}).
        const int reconciles = tltest::audited(home, "POST", "/v1/libraries/[^/]+/reconcile");
        auto door = doorBeside(home);
        QVERIFY2(door, door ? "" : door.error().message.c_str());
        tl::ui::TaskBoard board;
        tl::ui::LibraryPage page(door.value(), board);
        page.setConfirm([](const QString&) { return true; });
        QSignalSpy refreshed(&page, &tl::ui::LibraryPage::refreshed);
        QSignalSpy finished(&page, &tl::ui::LibraryPage::inventoryFinished);
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() >= 1, 20000);
        QVERIFY(page.reconcile());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY2(finished.at(0).at(0).toString().isEmpty(),
                 qPrintable(finished.at(0).at(0).toString()));
        QCOMPARE(int(page.differences()->differences().size()), unknown);
        QCOMPARE(tltest::audited(home, "POST", "/v1/libraries/[^/]+/reconcile"), reconciles + 1);
        const auto after = QJsonDocument::fromJson(
            run_cli(with_home(home, {"library", "inventory", "--reconcile", "--dry-run", "--json"}))
                .out);
        QVERIFY(after.object().value("differences").toArray().isEmpty()); // recorded
        QVERIFY(has(cliJson(home, {"volume", "list"}), "barcode", "TLO003L9"));
        page.resize(1280, 800);
        tltest::shot(&page, QStringLiteral("library_reconcile_beside_service"));
        QVERIFY(board.waitUntilIdle(60000));
        QVERIFY(board.waitReadsDone(60000));
    }

    // Autostart (docs/service.md): a console on a data directory without a service starts one
    // (as the CLI does) and opens beside it; with --no-autostart or TAPELOOM_AUTOSTART=0 it
    // starts none and refuses to open (the console never holds the data directory itself).
    void consoleStartsTheServiceWhenNoneRuns() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        tltest::ServiceGuard guard{home};
        const tl::ui::DoorAddress local{home.toStdString(), {}};
        {
            auto door = tl::ui::openConsoleDoor(local, {true, QStringLiteral(TAPELOOM_CLI)});
            QVERIFY2(door, door ? "" : door.error().message.c_str());
            QCOMPARE(door->home, home.toStdString());
            QVERIFY(tl::client::ServiceClient(home.toStdString()).service());
        }
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
        {
            auto door = tl::ui::openConsoleDoor(local, {false, QStringLiteral(TAPELOOM_CLI)});
            QVERIFY(!door);
            QCOMPARE(door.error().kind, tl::ErrorKind::NotFound);
            QVERIFY(!tl::client::ServiceClient(home.toStdString()).service());
        }
        const QByteArray was = qgetenv("TAPELOOM_AUTOSTART");
        qputenv("TAPELOOM_AUTOSTART", "0");
        QVERIFY(!tl::ui::consoleAutostart(false).enabled);
        qputenv("TAPELOOM_AUTOSTART", "1");
        QVERIFY(tl::ui::consoleAutostart(false).enabled);
        QVERIFY(!tl::ui::consoleAutostart(true).enabled);
        qputenv("TAPELOOM_AUTOSTART", was);
    }

    // The console program itself: without --no-autostart its data directory's service runs
    // after it (and keeps running when the console quits); with it, none is started and the
    // console refuses to open (exit 3), saying how to start the service.
    void consoleProgramAutostarts() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        tltest::ServiceGuard guard{home};
        QByteArray said;
        const auto console = [&home, &said](const QStringList& extra) {
            QProcess p;
            auto env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("TAPELOOM_AUTOSTART"), QStringLiteral("1"));
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(TAPELOOM_GUI),
                    QStringList{"--home", home, "--screenshot", home + "/../shot.png",
                                "--screenshot-delay", "1"} +
                        extra);
            if (!p.waitForFinished(120000)) return -1;
            said = p.readAllStandardError();
            return p.exitCode();
        };
        QCOMPARE(console({"--no-autostart"}), 3);
        QVERIFY2(said.contains("no service runs for " + home.toUtf8()) &&
                     said.contains("service start"),
                 said.constData());
        QVERIFY(!tl::client::ServiceClient(home.toStdString()).service());
        QCOMPARE(console({}), 0);
        QVERIFY(tl::client::ServiceClient(home.toStdString()).service());
    }
};

QTEST_MAIN(TestConsoleServiceActions)
#include "test_console_service_actions.moc"
