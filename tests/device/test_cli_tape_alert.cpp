// TapeAlert from injected faults through the real CLI and service (docs/devices.md "TapeAlert"):
// a hardware flag raised at a load takes the drive out of service and a media flag marks the
// cartridge, both in the job report and `drive status`; a backup that needs that drive waits
// and says why, and goes on once `drive clear` returns the drive to service.
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "cli_runner.h"
#include "client/service_client.h"
#include "fixture_tree.h"

using tltest::run_cli;
using tltest::with_home;

class TestCliTapeAlert : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString home_, src_;

    tltest::CliResult cli(const QStringList& args) { return run_cli(with_home(home_, args)); }

    // The waiting reason of the job `client` runs once it mentions `what`; "" after a minute
    // or when the client ended first.
    QString waiting_reason(QProcess& client, const QString& what) {
        QDeadlineTimer deadline(60000);
        while (!deadline.hasExpired() && client.state() == QProcess::Running) {
            auto list = cli({"jobs", "list", "--status", "waiting", "--json"});
            for (const auto& v : list.json().array()) {
                const auto why = v.toObject().value("waiting_for").toString();
                if (why.contains(what)) return why;
            }
            client.waitForFinished(200);
        }
        return {};
    }

private slots:
    void initTestCase() {
        home_ = dir_.path() + "/home";
        src_ = dir_.path() + "/src";
        QVERIFY(tltest::write_file(src_ + "/a.bin", tltest::random_bytes(200000, 3)));
        auto started = cli({"service", "start"});
        QVERIFY2(started.exit_code == 0, started.err.constData());
    }

    void cleanupTestCase() {
        tl::client::ServiceClient c(home_.toStdString());
        if (c.service()) cli({"service", "stop"});
    }

    void hardware_and_media_flags_act() {
        QCOMPARE(cli({"library", "fault", "--drive", "0", "--tapealert", "30,4"}).exit_code, 0);
        auto r = cli({"backup", "--source", src_, "--drives", "1", "--json"});
        QVERIFY2(r.exit_code == 0 || r.exit_code == 8, r.err.constData()); // 8: warnings
        const auto rep = r.json().object();
        const auto drive = rep["drives"].toArray()[0].toObject();
        QCOMPARE(drive["name"].toString(), QStringLiteral("vlib0-drive0"));
        const auto alerts = drive["alerts"].toArray();
        QVERIFY2(alerts.size() == 2, qPrintable(QString::number(alerts.size())));
        QVERIFY(alerts[0].toString().startsWith("4 Media (critical) at load of "));
        QVERIFY(alerts[1].toString().startsWith("30 Hardware A (critical) at load of "));
        QString warnings;
        for (const auto& w : rep["warnings"].toArray())
            warnings += w.toString() + "\n";
        QVERIFY2(warnings.contains("drive vlib0-drive0 taken out of service"),
                 qPrintable(warnings));
        const QString volume = rep["volumes"].toArray()[0].toString();
        QVERIFY2(warnings.contains("volume " + volume + " marked error"), qPrintable(warnings));

        auto st = cli({"drive", "status", "--drive", "vlib0-drive0", "--json"});
        const auto d0 = st.json().object()["drives"].toArray()[0].toObject();
        QVERIFY(d0["out_of_service"].toString().contains("TapeAlert 30 Hardware A"));
        QCOMPARE(d0["alerts"].toArray().size(), 2);
        // /metrics: the drive out of service, the other not; its two critical flags counted.
        auto text = tl::client::ServiceClient(home_.toStdString()).metrics();
        QVERIFY(text.ok());
        const QString m = QString::fromStdString(text.value());
        QVERIFY2(m.contains("tapeloom_drive_out_of_service{drive=\"vlib0-drive0\"} 1\n"),
                 qPrintable(m));
        QVERIFY(m.contains("tapeloom_drive_out_of_service{drive=\"vlib0-drive1\"} 0\n"));
        QVERIFY(m.contains(
            "tapeloom_drive_tape_alerts_total{drive=\"vlib0-drive0\",severity=\"critical\"} 2\n"));
        auto vols = cli({"volume", "list", "--json"});
        bool marked = false;
        for (const auto& v : vols.json().array())
            if (v.toObject()["barcode"].toString() == volume)
                marked = v.toObject()["state"].toString() == QStringLiteral("error");
        QVERIFY2(marked, vols.out.constData());
        // Its wear: one mount, the bytes the job wrote, first and last use.
        auto health = cli({"volume", "health", volume, "--json"});
        QVERIFY2(health.exit_code == 0, health.err.constData());
        const auto h = health.json().object()["volumes"].toArray()[0].toObject();
        QCOMPARE(h["mounts"].toInt(), 1);
        QVERIFY(h["bytes_written"].toDouble() >= 200000);
        QVERIFY(h["full_passes"].toDouble() > 0);
        QVERIFY(!h["first_use"].isNull());
        QCOMPARE(h["rated_full_passes"].toInt(), 260);
    }

    void a_job_waits_for_the_drive_and_says_why() {
        QProcess client;
        client.setProcessEnvironment(tltest::cli_environment(home_));
        client.setProgram(QStringLiteral(TAPELOOM_CLI));
        // Four sources never backed up: the job asks for all four drives.
        QStringList args = {"backup", "--drives", "4"};
        for (int i = 1; i <= 4; ++i) {
            const QString file = dir_.path() + "/four/f" + QString::number(i);
            QVERIFY(
                tltest::write_file(file, tltest::random_bytes(300000, static_cast<quint32>(i))));
            args << "--source" << file;
        }
        client.setArguments(with_home(home_, args));
        client.start();
        QVERIFY(client.waitForStarted());
        const QString why = waiting_reason(client, "out of service");
        QVERIFY2(why.contains("drive 0 out of service (TapeAlert 30 Hardware A"),
                 qPrintable(why + client.readAllStandardError()));
        auto cleared = cli({"drive", "clear", "vlib0-drive0"});
        QVERIFY2(cleared.exit_code == 0, cleared.err.constData());
        QVERIFY(client.waitForFinished(120000));
        QCOMPARE(client.exitCode(), 0);
        QCOMPARE(cli({"drive", "clear", "vlib0-drive0"}).exit_code, 3); // in service already
    }

    void clean_now_cleans_with_a_cleaning_cartridge() {
        QCOMPARE(cli({"library", "fault", "--drive", "0", "--clean-request"}).exit_code, 0);
        // No CLN cartridge in the library: an operator request, nothing moves.
        auto none = cli({"drive", "clean", "vlib0-drive0"});
        QCOMPARE(none.exit_code, 5);
        QVERIFY2(none.err.contains("no usable cleaning cartridge"), none.err.constData());
        QCOMPARE(cli({"library", "insert", "--mail", "1", "--barcode", "CLN001L1"}).exit_code, 0);
        // The drive asks at the load of a backup's volume; the job cleans it at its end.
        auto r = cli({"backup", "--source", src_, "--drives", "1", "--json"});
        QVERIFY2(r.exit_code == 0 || r.exit_code == 8, r.err.constData());
        const auto rep = r.json().object();
        // The drive reports it at the first mount change: the unload of a cartridge an earlier
        // case left in it, or the load of the backup's.
        const QString drive = QStringLiteral("vlib0-drive0");
        bool asked = false;
        for (const auto& d : rep["drives"].toArray())
            if (d.toObject()["name"].toString() == drive)
                for (const auto& a : d.toObject()["alerts"].toArray())
                    asked = asked || a.toString().startsWith("20 Clean now (critical) at ");
        QVERIFY2(asked, r.out.constData());
        QString warnings;
        for (const auto& w : rep["warnings"].toArray())
            warnings += w.toString() + "\n";
        QVERIFY2(warnings.contains("drive " + drive + " cleaned with CLN001L1 (49 uses left)"),
                 qPrintable(warnings));
        auto st = cli({"drive", "status", "--drive", drive, "--json"});
        QVERIFY(
            !st.json().object()["drives"].toArray()[0].toObject()["cleaning_requested"].toBool());
        // By hand: the next use of the same cartridge.
        auto again = cli({"drive", "clean", drive, "--json"});
        QVERIFY2(again.exit_code == 0, again.err.constData());
        QCOMPARE(again.json().object()["uses_left"].toInt(), 48);
        QCOMPARE(again.json().object()["cartridge"].toString(), QStringLiteral("CLN001L1"));
    }
};

QTEST_GUILESS_MAIN(TestCliTapeAlert)
#include "test_cli_tape_alert.moc"
