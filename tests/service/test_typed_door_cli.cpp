#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "audit_log.h"
#include "cli_runner.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// `verify`, `clone`, `drive add|remove` and `library add|remove` through a running service go
// through its typed routes (POST /v1/verifications, /v1/clones, /v1/drives, /v1/libraries and
// their DELETEs: the audit log names each, nothing goes through /v1/commands) and print what the
// same command prints without a service, with the same exit codes (issue 38).
class TestTypedDoorCli : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_;

    tltest::CliResult cli(const QStringList& args) { return run_cli(with_home(home_, args)); }
    // A verify's --json without what differs from run to run.
    static QJsonObject stable(QJsonObject o) {
        o.remove("verify_job_id");
        o.remove("elapsed_s");
        return o;
    }

private Q_SLOTS:
    void initTestCase() {
        home_ = dir_.path() + "/home";
        const QString src = dir_.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src));
        QCOMPARE(cli({"backup", "--source", src, "--drives", "1"}).exit_code, 0);
        QCOMPARE(cli({"pool", "add", "Offsite", "--purpose", "clone"}).exit_code, 0);
        for (const char* barcode : {"TLO020L9", "TLO021L9"})
            QCOMPARE(cli({"volume", "label", "--barcode", barcode, "--pool", "Offsite"}).exit_code,
                     0);
    }

    void sameOutputThroughTheTypedRoutes() {
        // Without a service: the command's own text, --json and exit codes.
        const auto verify = cli({"verify", "--job", "1"});
        QVERIFY2(verify.exit_code == 0, verify.err.constData());
        const auto verifyJson = cli({"verify", "--job", "1", "--json"});
        const auto missing = cli({"verify", "--job", "99"});
        const auto clone = cli({"clone", "--job", "1", "--pool", "Offsite"});
        QVERIFY2(clone.exit_code == 0, clone.err.constData());
        const auto again = cli({"clone", "--job", "1", "--pool", "Offsite"});
        QVERIFY(again.exit_code != 0);
        const QStringList drive = {"drive", "add", "--null", "--name", "n1"};
        const QStringList library = {"library", "add",     "--virtual", "--name", "l1", "--drives",
                                     "1",       "--slots", "2",         "--mail", "1"};
        const auto driveAdded = cli(drive), driveRemoved = cli({"drive", "remove", "n1"});
        const auto libraryAdded = cli(library + QStringList{"--json"});
        const auto libraryRemoved = cli({"library", "remove", "l1"});
        const auto unknown = cli({"drive", "remove", "n1"});

        QCOMPARE(cli({"service", "start"}).exit_code, 0);
        tltest::ServiceGuard guard{home_};
        const auto v = cli({"verify", "--job", "1"});
        QCOMPARE(v.exit_code, verify.exit_code);
        QCOMPARE(v.text(), verify.text());
        QCOMPARE(stable(cli({"verify", "--job", "1", "--json"}).json().object()),
                 stable(verifyJson.json().object()));
        const auto m = cli({"verify", "--job", "99"});
        QCOMPARE(m.exit_code, missing.exit_code);
        QCOMPARE(m.err, missing.err);
        // A second copy to Offsite is refused as without a service; a first to a fresh pool
        // prints the clone's lines.
        const auto a = cli({"clone", "--job", "1", "--pool", "Offsite"});
        QCOMPARE(a.exit_code, again.exit_code);
        QCOMPARE(a.err, again.err);
        QCOMPARE(cli({"pool", "add", "Vault", "--purpose", "clone"}).exit_code, 0);
        QCOMPARE(cli({"volume", "label", "--barcode", "TLO022L9", "--pool", "Vault"}).exit_code, 0);
        const auto c = cli({"clone", "--job", "1", "--pool", "Vault"});
        QVERIFY2(c.exit_code == 0, c.err.constData());
        const QString first = c.text().section('\n', 0, 0);
        QVERIFY2(first.contains(QStringLiteral(": cloned 1 save set(s) of job 1 to pool Vault: ")),
                 qPrintable(c.text()));
        // Its time as a job report gives it, to the hundredth ("in 0.015037 s" before).
        QVERIFY2(
            QRegularExpression(QStringLiteral(" in \\d+\\.\\d\\d s \\(")).match(first).hasMatch(),
            qPrintable(first));
        QVERIFY2(c.text().contains(QStringLiteral("  written to: TLO022L9\n")),
                 qPrintable(c.text()));
        QCOMPARE(c.text().count('\n'), clone.text().count('\n'));

        QCOMPARE(cli(drive).text(), driveAdded.text());
        QCOMPARE(cli({"drive", "remove", "n1"}).text(), driveRemoved.text());
        QCOMPARE(cli(library + QStringList{"--json"}).json().object(),
                 libraryAdded.json().object());
        QCOMPARE(cli({"library", "remove", "l1"}).text(), libraryRemoved.text());
        const auto u = cli({"drive", "remove", "n1"});
        QCOMPARE(u.exit_code, unknown.exit_code);

        QCOMPARE(tltest::audited(home_, "POST", "/v1/verifications"), 2);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/verifications", true), 1);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/clones"), 1);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/clones", true), 1);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/drives"), 1);
        QCOMPARE(tltest::audited(home_, "DELETE", "/v1/drives/n1"), 1);
        QCOMPARE(tltest::audited(home_, "DELETE", "/v1/drives/n1", true), 1);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/libraries"), 1);
        QCOMPARE(tltest::audited(home_, "DELETE", "/v1/libraries/l1"), 1);
        QCOMPARE(tltest::tunnelled(home_), 0);
    }
};

QTEST_MAIN(TestTypedDoorCli)
#include "test_typed_door_cli.moc"
