#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "audit_log.h"
#include "cli_runner.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// `library status`, `library inventory` (and its --reconcile --dry-run) and `library export
// --barcode` through a running service go through its typed routes (GET /v1/libraries/{name},
// GET /v1/libraries/{name}/inventory, POST /v1/libraries/{name}/reconcile {"dry_run": true},
// POST /v1/libraries/{name}/export {"barcode", "mail"}: neither the command tunnel nor the
// query tunnel is used) and print what the same command prints without a service, with the
// same exit codes (issue 38).
class TestTypedDoorLibrary : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_;

    tltest::CliResult cli(const QStringList& args) { return run_cli(with_home(home_, args)); }

private Q_SLOTS:
    void initTestCase() {
        home_ = dir_.path() + "/home";
        const QString src = dir_.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src));
        const auto b = cli({"backup", "--source", src, "--drives", "1"});
        QVERIFY2(b.exit_code == 0, b.err.constData());
    }

    void sameOutputThroughTheTypedRoutes() {
        const auto status = cli({"library", "status"});
        QVERIFY2(status.exit_code == 0, status.err.constData());
        QVERIFY2(status.text().startsWith("Library vlib0: "), qPrintable(status.text()));
        const auto statusJson = cli({"library", "status", "--json"});
        const auto inventory = cli({"library", "inventory"});
        QVERIFY2(inventory.text().contains("  slot 10  TLO010L9\n") &&
                     inventory.text().contains("  mail 1 (slot "),
                 qPrintable(inventory.text()));
        const auto inventoryJson = cli({"library", "inventory", "--json"});
        const auto dryRun = cli({"library", "inventory", "--reconcile", "--dry-run"});
        QVERIFY2(dryRun.exit_code == 0 && dryRun.text().contains("(dry run: catalog unchanged)"),
                 qPrintable(dryRun.text()));
        const auto lonelyDryRun = cli({"library", "inventory", "--dry-run"});
        QCOMPARE(lonelyDryRun.exit_code, 2);
        const auto noLibrary = cli({"library", "status", "--library", "nope"});
        QVERIFY(noLibrary.exit_code != 0);
        const auto notThere = cli({"library", "export", "--barcode", "NOSUCH01", "--mail", "1"});
        QCOMPARE(notThere.exit_code, 3);

        QCOMPARE(cli({"--log-level", "debug", "service", "start"}).exit_code, 0);
        tltest::ServiceGuard guard{home_};
        QCOMPARE(cli({"library", "status"}).text(), status.text());
        // The service holds the data directory's lock: it asks each free drive too (online,
        // write protection), which a command without it leaves unopened.
        auto served = cli({"library", "status", "--json"}).json().object();
        QJsonArray drives;
        for (const auto& d : served["drives"].toArray()) {
            auto o = d.toObject();
            QVERIFY2(o.contains("online") && o.contains("write_protected"),
                     qPrintable(o["name"].toString()));
            o.remove("online");
            o.remove("write_protected");
            drives.append(o);
        }
        served["drives"] = drives;
        QCOMPARE(served, statusJson.json().object());
        QCOMPARE(cli({"library", "inventory"}).text(), inventory.text());
        QCOMPARE(cli({"library", "inventory", "--json"}).json().object(),
                 inventoryJson.json().object());
        QCOMPARE(cli({"library", "inventory", "--reconcile", "--dry-run"}).text(), dryRun.text());
        for (const auto& [args, local] :
             {std::pair{QStringList{"library", "inventory", "--dry-run"}, lonelyDryRun},
              {QStringList{"library", "status", "--library", "nope"}, noLibrary},
              {QStringList{"library", "export", "--barcode", "NOSUCH01", "--mail", "1"},
               notThere}}) {
            const auto r = cli(args);
            QCOMPARE(r.exit_code, local.exit_code);
            QCOMPARE(r.err, local.err);
        }

        const auto exported = cli({"library", "export", "--barcode", "TLO010L9", "--mail", "1"});
        QVERIFY2(exported.exit_code == 0, exported.err.constData());
        QCOMPARE(exported.text(), QStringLiteral("exported TLO010L9 to mail slot 1\n"));
        const auto mail = cli({"library", "inventory", "--json"})
                              .json()
                              .object()["mail_slots"]
                              .toArray()[0]
                              .toObject();
        QCOMPARE(mail["barcode"].toString(), QStringLiteral("TLO010L9"));
        QCOMPARE(mail["mail"].toInt(), 1);

        QCOMPARE(tltest::audited(home_, "POST", "/v1/libraries/vlib0/export"), 1);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/libraries/vlib0/export", true), 1);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/libraries/vlib0/reconcile"), 1);
        QCOMPARE(tltest::tunnelled(home_), 0);
        QCOMPARE(tltest::queried(home_), 0);
    }
};

QTEST_MAIN(TestTypedDoorLibrary)
#include "test_typed_door_library.moc"
