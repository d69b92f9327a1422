#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "audit_log.h"
#include "cli_runner.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// `drive status`, `drive show` and `drive clear` through a running service go through its typed
// routes (GET /v1/drives, GET /v1/drives/{name}, PATCH /v1/drives/{name}: neither the command
// tunnel nor the query tunnel is used) and print what the same command prints without a
// service, with the same exit codes (issue 38).
class TestTypedDoorDrives : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_;
    const QString drive0_ = QStringLiteral("vlib0-drive0");

    tltest::CliResult cli(const QStringList& args) { return run_cli(with_home(home_, args)); }

private Q_SLOTS:
    void initTestCase() {
        home_ = dir_.path() + "/home";
        const QString src = dir_.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src));
        // A hardware flag at the load takes drive 0 out of service (docs/devices.md).
        QCOMPARE(cli({"library", "fault", "--drive", "0", "--tapealert", "30"}).exit_code, 0);
        const auto b = cli({"backup", "--source", src, "--drives", "1"});
        QVERIFY2(b.exit_code == 0 || b.exit_code == 8, b.err.constData()); // 8: warnings
    }

    void sameOutputThroughTheTypedRoutes() {
        const auto status = cli({"drive", "status"});
        QVERIFY2(status.exit_code == 0, status.err.constData());
        QVERIFY2(status.text().contains(drive0_ + "  virtual  ") &&
                     status.text().contains("OUT OF SERVICE: TapeAlert 30") &&
                     status.text().contains("    TapeAlert 30 "),
                 qPrintable(status.text()));
        const auto statusJson = cli({"drive", "status", "--json"});
        const auto one = cli({"drive", "status", "--drive", drive0_});
        const auto show = cli({"drive", "show", drive0_});
        const auto missing = cli({"drive", "show", "nope"});
        QCOMPARE(missing.exit_code, 3); // NotFound (docs/cli.md)
        const auto notOut = cli({"drive", "clear", "vlib0-drive1"});
        QCOMPARE(notOut.exit_code, 3);

        QCOMPARE(cli({"--log-level", "debug", "service", "start"}).exit_code, 0);
        tltest::ServiceGuard guard{home_};
        QCOMPARE(cli({"drive", "status"}).text(), status.text());
        QCOMPARE(cli({"drive", "status", "--json"}).json().object(), statusJson.json().object());
        QCOMPARE(cli({"drive", "status", "--drive", drive0_}).text(), one.text());
        QCOMPARE(cli({"drive", "show", drive0_}).text(), show.text());
        const auto m = cli({"drive", "show", "nope"});
        QCOMPARE(m.exit_code, missing.exit_code);
        QCOMPARE(m.err, missing.err);
        const auto n = cli({"drive", "clear", "vlib0-drive1"});
        QCOMPARE(n.exit_code, notOut.exit_code);
        QCOMPARE(n.err, notOut.err);

        const auto cleared = cli({"drive", "clear", drive0_});
        QVERIFY2(cleared.exit_code == 0, cleared.err.constData());
        QCOMPARE(cleared.text(), "drive " + drive0_ + " returned to service\n");
        const auto after = cli({"drive", "status", "--drive", drive0_, "--json"});
        QVERIFY(after.json().object()["drives"].toArray()[0].toObject()["out_of_service"].isNull());
        QVERIFY2(!after.text().contains("OUT OF SERVICE"), qPrintable(after.text()));

        QCOMPARE(tltest::audited(home_, "PATCH", "/v1/drives/" + drive0_), 1);
        QCOMPARE(tltest::audited(home_, "PATCH", "/v1/drives/vlib0-drive1", true), 1);
        QCOMPARE(tltest::tunnelled(home_), 0);
        QCOMPARE(tltest::queried(home_), 0);
    }
};

QTEST_MAIN(TestTypedDoorDrives)
#include "test_typed_door_drives.moc"
