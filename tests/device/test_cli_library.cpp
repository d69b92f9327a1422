// tapeloom-cli library/drive commands on a fresh home: the embedded default library, moves,
// refusals with their exit codes, and an export/import round trip through a mail slot.
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "cli_runner.h"

using tltest::run_cli;

class TestCliLibrary : public QObject {
    Q_OBJECT
    QTemporaryDir home_;
    tltest::CliResult cli(QStringList args) {
        args.prepend(home_.path());
        args.prepend(QStringLiteral("--home"));
        return run_cli(args);
    }

private slots:
    void default_inventory() {
        auto r = cli({"library", "inventory", "--json"});
        QCOMPARE(r.exit_code, 0);
        const auto j = r.json().object();
        QCOMPARE(j["library"].toString(), QStringLiteral("vlib0"));
        const auto drives = j["drives"].toArray();
        QCOMPARE(drives.size(), 4);
        QCOMPARE(drives[2].toObject()["name"].toString(), QStringLiteral("vlib0-drive2"));
        QVERIFY(!drives[0].toObject()["full"].toBool());
        const auto storage = j["slots"].toArray();
        QCOMPARE(storage.size(), 24);
        for (int i = 0; i < 24; ++i) {
            QVERIFY(storage[i].toObject()["full"].toBool());
            QCOMPARE(storage[i].toObject()["barcode"].toString(),
                     QStringLiteral("TLO%1L9").arg(i + 1, 3, 10, QChar('0')));
        }
        const auto mail = j["mail_slots"].toArray();
        QCOMPARE(mail.size(), 2);
        QVERIFY(!mail[0].toObject()["full"].toBool() && !mail[1].toObject()["full"].toBool());
        QCOMPARE(mail[0].toObject()["slot"].toInt(), 25);
    }

    void moves_and_refusals() {
        QCOMPARE(cli({"library", "load", "--slot", "3", "--drive", "1"}).exit_code, 0);
        auto empty = cli({"library", "load", "--slot", "3", "--drive", "0", "--json"});
        QCOMPARE(empty.exit_code, 5);
        QCOMPARE(
            empty.json().object()["error"].toObject()["message"].toString(),
            QStringLiteral("library vlib0: slot 3 is empty; see 'tapeloom-cli library inventory'"));
        auto full = cli({"library", "load", "--slot", "4", "--drive", "1"});
        QCOMPARE(full.exit_code, 5);
        QVERIFY(full.err.contains("drive 1 is full (holds TLO003L9)"));
        QCOMPARE(cli({"library", "load", "--slot", "99", "--drive", "0"}).exit_code, 3);
        QCOMPARE(cli({"library", "inventory", "--library", "nope"}).exit_code, 3);
        QCOMPARE(cli({"library", "load", "--slot", "x", "--drive", "0"}).exit_code, 2);
        auto st = cli({"drive", "status", "--drive", "vlib0-drive1", "--json"});
        QCOMPARE(st.exit_code, 0);
        QCOMPARE(st.json().object()["drives"].toArray()[0].toObject()["volume"].toString(),
                 QStringLiteral("TLO003L9"));
        QCOMPARE(cli({"library", "unload", "--drive", "1"}).exit_code, 0);
        QCOMPARE(cli({"library", "transfer", "--from", "3", "--to", "26"}).exit_code, 0);
        QCOMPARE(cli({"library", "transfer", "--from", "1", "--to", "26"}).exit_code, 5); // full
        QCOMPARE(cli({"library", "transfer", "--from", "26", "--to", "3"}).exit_code, 0);
    }

    void export_import_round_trip() {
        QCOMPARE(cli({"library", "export", "--slot", "7", "--mail", "1"}).exit_code, 0);
        QCOMPARE(cli({"library", "remove-cartridge", "--mail", "1"}).exit_code, 0);
        auto inv = cli({"library", "inventory", "--json"}).json().object();
        QVERIFY(!inv["slots"].toArray()[6].toObject()["full"].toBool());
        QCOMPARE(cli({"library", "remove-cartridge", "--mail", "1"}).exit_code, 5);
        QCOMPARE(cli({"library", "insert", "--mail", "2", "--barcode", "TLO007L9"}).exit_code, 0);
        QCOMPARE(cli({"library", "import", "--mail", "2", "--to", "7"}).exit_code, 0);
        inv = cli({"library", "inventory", "--json"}).json().object();
        QCOMPARE(inv["slots"].toArray()[6].toObject()["barcode"].toString(),
                 QStringLiteral("TLO007L9"));
    }

    void fault_injection_reaches_the_drives() {
        auto set = cli({"library", "fault", "--drive", "3", "--offline", "--clean-request",
                        "--tapealert", "30", "--json"});
        QVERIFY2(set.exit_code == 0, set.err.constData());
        const auto d3 = set.json().object()["drives"].toObject()["3"].toObject();
        QVERIFY(d3["offline"].toBool() && d3["cleaning_request"].toBool());
        QCOMPARE(d3["tapealert"].toArray().first().toInt(), 30);
        QCOMPARE(cli({"library", "load", "--slot", "7", "--drive", "3"}).exit_code, 0);
        auto st = cli({"drive", "status", "--drive", "vlib0-drive3", "--json"});
        const auto drive = st.json().object()["drives"].toArray()[0].toObject();
        QVERIFY(!drive["online"].toBool());
        QVERIFY(drive["cleaning_requested"].toBool());
        auto cart = cli({"library", "fault", "--barcode", "TLO008L9", "--media-error-at", "12",
                         "--fail-load", "--json"});
        QCOMPARE(cart.json()
                     .object()["cartridges"]
                     .toObject()["TLO008L9"]
                     .toObject()["media_error_at"]
                     .toInt(),
                 12);
        QCOMPARE(cli({"library", "fault", "--drive", "1", "--tapealert", "65"}).exit_code, 2);
        auto cleared = cli({"library", "fault", "--clear"});
        QCOMPARE(cleared.exit_code, 0);
        QVERIFY(cleared.out.contains("no faults injected"));
        QCOMPARE(cli({"library", "unload", "--drive", "3"}).exit_code, 0);
    }

    void add_and_remove() {
        auto add = cli({"library", "add", "--virtual", "--drives", "2", "--slots", "6", "--mail",
                        "1", "--capacity", "64M", "--json"});
        QCOMPARE(add.exit_code, 0);
        QCOMPARE(add.json().object()["name"].toString(), QStringLiteral("vlib1"));
        auto inv = cli({"library", "inventory", "--library", "vlib1", "--json"}).json().object();
        QCOMPARE(inv["drives"].toArray().size(), 2);
        QCOMPARE(inv["slots"].toArray().size(), 6);
        QCOMPARE(cli({"drive", "add", "--virtual", "--name", "vd1", "--capacity", "32M"}).exit_code,
                 0);
        QCOMPARE(cli({"drive", "add", "--null", "--name", "nul"}).exit_code, 0);
        auto drives = cli({"drive", "status", "--json"}).json().object()["drives"].toArray();
        QCOMPARE(drives.size(), 4 + 2 + 2);
        auto list = cli({"library", "list", "--json"}).json().object()["libraries"].toArray();
        QCOMPARE(list.size(), 2);
        QCOMPARE(cli({"library", "remove", "vlib1"}).exit_code, 0);
        QCOMPARE(cli({"library", "remove", "vlib1"}).exit_code, 3);
        QCOMPARE(cli({"library", "list", "--json"}).json().object()["libraries"].toArray().size(),
                 1);
    }
};

TLTEST_CATALOG_MAIN(TestCliLibrary)
#include "test_cli_library.moc"
