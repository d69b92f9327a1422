#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "audit_log.h"
#include "cli_runner.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// `scan`, `prune`, `catalog backup`, `restore --dry-run`, `restore --wait-for-media` and `volume
// label --all-blank --force` through a running service go through its typed routes (POST
// /v1/scans, /v1/prunes, /v1/catalog/backups, /v1/restore-plans, /v1/restores,
// /v1/volumes/label-blank: the audit log names each write, neither the command tunnel nor the
// query tunnel is used) and print what the same command prints without a service, with the same
// exit codes (issue 38).
class TestTypedDoorMaintenance : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_, src_;

    tltest::CliResult cli(const QStringList& args) { return run_cli(with_home(home_, args)); }

    static void compare(const tltest::CliResult& got, const tltest::CliResult& want) {
        QCOMPARE(got.exit_code, want.exit_code);
        QCOMPARE(got.text(), want.text());
        QCOMPARE(got.err, want.err);
    }

    // TLO001L9 taken out of the library: every drive unloaded, the cartridge exported to mail
    // slot 1 and taken out of it by the operator's hand.
    void unloadAll() {
        for (const char* drive : {"0", "1", "2", "3"})
            cli({"library", "unload", "--drive", drive}); // an empty drive is refused: no matter
    }

    void takeOutFirstVolume() {
        unloadAll();
        const auto out = cli({"library", "export", "--barcode", "TLO001L9", "--mail", "1"});
        QVERIFY2(out.exit_code == 0, out.err.constData());
        const auto gone = cli({"library", "remove-cartridge", "--mail", "1"});
        QVERIFY2(gone.exit_code == 0, gone.err.constData());
    }

    // Starts `restore --wait-for-media` to `to` and waits until it says it waits for TLO001L9.
    void startWaitingRestore(QProcess& p, const QString& to) {
        p.setProcessEnvironment(tltest::cli_environment(home_));
        p.setProgram(QStringLiteral(TAPELOOM_CLI));
        p.setArguments(with_home(home_, {"restore", "--job", "1", "--to", to, "--wait-for-media"}));
        p.start();
        QVERIFY(p.waitForStarted());
        QByteArray err;
        QDeadlineTimer deadline(60000);
        while (!err.contains("operator: insert volume(s) TLO001L9") && !deadline.hasExpired() &&
               p.state() == QProcess::Running) {
            p.waitForReadyRead(200);
            err += p.readAllStandardError();
        }
        QVERIFY2(err.contains("operator: insert volume(s) TLO001L9"), err.constData());
        QCOMPARE(p.state(), QProcess::Running);
    }

private Q_SLOTS:
    void initTestCase() {
        home_ = dir_.path() + "/home";
        src_ = dir_.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src_));
        QCOMPARE(cli({"backup", "--source", src_, "--drives", "1"}).exit_code, 0);
    }

    void sameOutputThroughTheTypedRoutes() {
        unloadAll(); // as the service finds the library: no cartridge left in a drive
        // Without a service: the commands' own text, --json and exit codes.
        const auto pruneDry = cli({"prune", "--dry-run"});
        QVERIFY2(pruneDry.exit_code == 0, pruneDry.err.constData());
        const auto pruneJson = cli({"prune", "--dry-run", "--json"});
        const auto plan = cli({"restore", "--job", "1", "--dry-run"});
        QVERIFY2(plan.exit_code == 0, plan.err.constData());
        QVERIFY(plan.text().contains("TLO001L9"));
        const auto planJson = cli({"restore", "--job", "1", "--dry-run", "--json"});
        const auto noJob = cli({"restore", "--job", "99", "--dry-run"});
        QVERIFY(noJob.exit_code != 0);
        const auto scan = cli({"scan", "TLO001L9"});
        QVERIFY2(scan.exit_code == 0, scan.err.constData());
        QVERIFY(scan.text().contains("already known"));
        const auto scanJson = cli({"scan", "TLO001L9", "--json"});
        const auto scanBlank = cli({"scan", "TLO020L9"});
        QVERIFY(scanBlank.exit_code != 0);
        const auto noPool = cli({"volume", "label", "--all-blank"});
        QCOMPARE(noPool.exit_code, 2);
        const auto both =
            cli({"volume", "label", "--all-blank", "--pool", "Default", "--barcode", "TLO010L9"});
        QCOMPARE(both.exit_code, 2);
        const auto labeled = cli({"volume", "label", "--all-blank", "--pool", "Default",
                                  "--pattern", "TLO01[01]*", "--force"});
        QVERIFY2(labeled.exit_code == 0, labeled.err.constData());
        QVERIFY2(labeled.text().startsWith("2 blank cartridge(s)"), labeled.out.constData());
        const auto noSuchPool = cli({"catalog", "backup", "--pool", "NoSuchPool"});
        QVERIFY(noSuchPool.exit_code != 0);
        const QStringList offline = {"library",     "fault", "--drive",  "1",
                                     "--tapealert", "20,30", "--offline"};
        const auto faulted = cli(offline);
        QVERIFY2(faulted.exit_code == 0, faulted.err.constData());
        QVERIFY(faulted.text().contains("\"offline\": true"));
        const auto cartridge =
            cli({"library", "fault", "--barcode", "TLO005L9", "--media-error-at", "3", "--json"});
        const auto badDrive = cli({"library", "fault", "--drive", "99"});
        QCOMPARE(badDrive.exit_code, 2);
        const auto cleared = cli({"library", "fault", "--clear"});
        QCOMPARE(cleared.text(), QStringLiteral("no faults injected\n"));

        QCOMPARE(cli({"--log-level", "debug", "service", "start"}).exit_code, 0);
        tltest::ServiceGuard guard{home_};
        compare(cli({"prune", "--dry-run"}), pruneDry);
        auto pruned = cli({"prune", "--dry-run", "--json"}).json().object();
        auto prunedHere = pruneJson.json().object();
        QVERIFY(pruned["now"].toInteger() >= prunedHere["now"].toInteger());
        pruned.remove("now");
        prunedHere.remove("now");
        QCOMPARE(pruned, prunedHere);
        compare(cli({"restore", "--job", "1", "--dry-run"}), plan);
        QCOMPARE(cli({"restore", "--job", "1", "--dry-run", "--json"}).json().object(),
                 planJson.json().object());
        compare(cli({"restore", "--job", "99", "--dry-run"}), noJob);
        compare(cli({"scan", "TLO001L9"}), scan);
        QCOMPARE(cli({"scan", "TLO001L9", "--json"}).json().object(), scanJson.json().object());
        compare(cli({"scan", "TLO020L9"}), scanBlank);
        compare(cli({"volume", "label", "--all-blank"}), noPool);
        compare(
            cli({"volume", "label", "--all-blank", "--pool", "Default", "--barcode", "TLO010L9"}),
            both);
        const auto l = cli({"volume", "label", "--all-blank", "--pool", "Default", "--pattern",
                            "TLO01[23]*", "--force"});
        QCOMPARE(l.exit_code, 0);
        QCOMPARE(l.text(), labeled.text().replace("TLO01[01]*", "TLO01[23]*"));
        const auto pool = cli({"volume", "list", "--pool", "Default"}).text();
        QVERIFY2(pool.contains("TLO012L9") && pool.contains("TLO013L9"), qPrintable(pool));
        compare(cli({"catalog", "backup", "--pool", "NoSuchPool"}), noSuchPool);
        compare(cli(offline), faulted);
        compare(
            cli({"library", "fault", "--barcode", "TLO005L9", "--media-error-at", "3", "--json"}),
            cartridge);
        compare(cli({"library", "fault", "--drive", "99"}), badDrive);
        compare(cli({"library", "fault", "--library", "vlib0", "--clear"}), cleared);
        compare(cli({"library", "fault"}), cleared);
        const auto backup = cli({"catalog", "backup"});
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        QVERIFY2(backup.text().startsWith("Job 2 (backup): completed\n"), backup.out.constData());
        const auto rows = cli({"jobs", "list", "--json"}).json().array();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[1].toObject()["name"].toString(), QStringLiteral("catalog"));
        QCOMPARE(rows[1].toObject()["status"].toString(), QStringLiteral("completed"));

        QCOMPARE(tltest::audited(home_, "PATCH", "/v1/libraries/vlib0/faults"), 3);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/prunes"), 2);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/scans"), 3);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/volumes/label-blank"), 1);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/catalog/backups"), 1);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/catalog/backups", true), 1);
        QCOMPARE(tltest::tunnelled(home_), 0);
        QCOMPARE(tltest::queried(home_), 0);
    }

    // report --png through a running service: the console beside the CLI draws the job's graphs
    // (read-only beside the service) and the report is read through GET /v1/jobs/{id}/report,
    // printed as without a service.
    void reportPngThroughTheService() {
        const QString console =
            QFileInfo(QStringLiteral(TAPELOOM_CLI)).absolutePath() + "/tapeloom";
        if (!QFileInfo::exists(console)) QSKIP("built without the GUI");
        const QString home = dir_.path() + "/drawn", src = dir_.path() + "/big";
        QVERIFY(tltest::write_file(src + "/a", tltest::random_bytes(8 << 20, 7)));
        QCOMPARE(run_cli(with_home(home, {"backup", "--source", src, "--poll-interval", "20ms"}))
                     .exit_code,
                 0);
        const auto here =
            run_cli(with_home(home, {"report", "--job", "1", "--png", dir_.path() + "/here.png"}));
        QVERIFY2(here.exit_code == 0, here.err.constData());
        QCOMPARE(run_cli(with_home(home, {"--log-level", "debug", "service", "start"})).exit_code,
                 0);
        tltest::ServiceGuard guard{home};
        const QString png = dir_.path() + "/service.png";
        const auto drawn = run_cli(with_home(home, {"report", "--job", "1", "--png", png}));
        QVERIFY2(drawn.exit_code == 0, drawn.err.constData());
        QVERIFY(QFileInfo(png).size() > 1000);
        QCOMPARE(drawn.text(), here.text().replace("here.png", "service.png"));
        QCOMPARE(tltest::queried(home), 0);
    }

    // restore --wait-for-media through the service waits while a volume is outside the library
    // (its plan says so, exit 6 for --dry-run), restores once the operator put it back, and a
    // wait stopped with Ctrl-C (SIGTERM here) ends cancelled (exit 10) without a restore.
    void waitsForMediaThroughTheService() {
        QCOMPARE(cli({"service", "start"}).exit_code, 0);
        tltest::ServiceGuard guard{home_};
        const int restoresBefore = tltest::audited(home_, "POST", "/v1/restores");
        takeOutFirstVolume();
        if (QTest::currentTestFailed()) return;
        const auto plan = cli({"restore", "--job", "1", "--dry-run"});
        QCOMPARE(plan.exit_code, 6);
        QVERIFY2(plan.text().contains("TLO001L9  outside the library"), plan.out.constData());

        const QString to = dir_.path() + "/waited";
        QProcess waiting;
        startWaitingRestore(waiting, to);
        if (QTest::currentTestFailed()) return;
        const auto in = cli({"library", "insert", "--mail", "1", "--barcode", "TLO001L9"});
        QVERIFY2(in.exit_code == 0, in.err.constData());
        QVERIFY(waiting.waitForFinished(120000));
        QVERIFY2(waiting.exitCode() == 0, waiting.readAllStandardError().constData());
        QVERIFY(waiting.readAllStandardOutput().contains("restored"));
        QString diff;
        QVERIFY2(tltest::same_tree(src_, to + src_, &diff), qPrintable(diff));
        unloadAll(); // the restore read it from the mail slot: back there
        const auto back = cli({"library", "import", "--mail", "1", "--to", "1"});
        QVERIFY2(back.exit_code == 0, back.err.constData());

        takeOutFirstVolume();
        QProcess stopped;
        startWaitingRestore(stopped, dir_.path() + "/stopped");
        if (QTest::currentTestFailed()) return;
        stopped.terminate();
        QVERIFY(stopped.waitForFinished(60000));
        QCOMPARE(stopped.exitCode(), 10);
        QVERIFY(
            stopped.readAllStandardError().contains("restore cancelled while waiting for volumes"));
        QVERIFY(!QFileInfo::exists(dir_.path() + "/stopped"));

        QCOMPARE(tltest::audited(home_, "POST", "/v1/restores"), restoresBefore + 1);
        QCOMPARE(tltest::tunnelled(home_), 0);
    }
};

QTEST_MAIN(TestTypedDoorMaintenance)
#include "test_typed_door_maintenance.moc"
