#include <QtTest>

#include "audit_log.h"
#include "cli_runner.h"
#include "service_guard.h"
#include "test_catalog.h"

using tltest::run_cli;
using tltest::with_home;

// `volume adopt` through a running service goes through its typed route (POST
// /v1/volumes/{barcode}/adopt: neither the command tunnel nor the query tunnel is used), records
// the cartridge in the pool its label names and prints what the command prints without a
// service; a refusal has the same message and exit code (issue 38).
class TestTypedDoorVolumes : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString home_;

    tltest::CliResult cli(const QStringList& args) { return run_cli(with_home(home_, args)); }
    QString sql(const QString& statement) { return tltest::catalog_sql(home_, statement); }

private Q_SLOTS:
    void initTestCase() {
        home_ = dir_.path() + "/home";
        const auto l = cli({"volume", "label", "--barcode", "TLO002L9", "--pool", "Default"});
        QVERIFY2(l.exit_code == 0, l.err.constData());
        // The catalog forgets the labeled cartridge, as an interrupted labeling leaves it (the
        // label on the tape, no row): on PostgreSQL the replica role skips the same checks.
        const QString unchecked =
            tltest::catalog_on_postgres() ? "SET session_replication_role=replica; " : "";
        sql(unchecked + "DELETE FROM volume_history WHERE volume_id=(SELECT id FROM volumes WHERE "
                        "barcode='TLO002L9'); DELETE FROM volumes WHERE barcode='TLO002L9'");
        QCOMPARE(sql("SELECT count(*) FROM volumes WHERE barcode='TLO002L9'"), QStringLiteral("0"));
    }

    void adoptsThroughTheTypedRoute() {
        const auto blank = cli({"volume", "adopt", "TLO009L9"}); // no label of ours on it
        QVERIFY(blank.exit_code != 0);
        const auto none = cli({"volume", "adopt"});
        QCOMPARE(none.exit_code, 2);

        QCOMPARE(cli({"--log-level", "debug", "service", "start"}).exit_code, 0);
        tltest::ServiceGuard guard{home_};
        for (const auto& [args, local] :
             {std::pair{QStringList{"volume", "adopt", "TLO009L9"}, blank},
              {QStringList{"volume", "adopt"}, none}}) {
            const auto r = cli(args);
            QCOMPARE(r.exit_code, local.exit_code);
            QCOMPARE(r.err, local.err);
        }
        const auto adopted = cli({"volume", "adopt", "TLO002L9"});
        QVERIFY2(adopted.exit_code == 0, adopted.err.constData());
        QCOMPARE(adopted.text(), QStringLiteral("volume TLO002L9 adopted into pool Default (the "
                                                "pool its label names); nothing was written\n"));
        QCOMPARE(sql("SELECT p.name FROM volumes v JOIN pools p ON p.id=v.pool_id WHERE "
                     "v.barcode='TLO002L9'"),
                 QStringLiteral("Default"));
        QCOMPARE(cli({"volume", "adopt", "TLO002L9"}).exit_code, 1); // known now

        QCOMPARE(tltest::audited(home_, "POST", "/v1/volumes/TLO002L9/adopt"), 1);
        QCOMPARE(tltest::audited(home_, "POST", "/v1/volumes/TLO009L9/adopt", true), 1);
        QCOMPARE(tltest::tunnelled(home_), 0);
        QCOMPARE(tltest::queried(home_), 0);
    }
};

QTEST_MAIN(TestTypedDoorVolumes)
#include "test_typed_door_volumes.moc"
