#include <QtTest>

#include <QRegularExpression>

#include "cli_runner.h"
#include "client/service_client.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// Issue 42, items 22 and 24: the CLI tells one truth about drives, cartridges and jobs. A full
// volume in a drive has 0 bytes left (`drive status`); `volume list` places a cartridge in its
// drive, as `library inventory` does; while a job of the service writes, `library status` shows
// each drive's cartridge as the inventory does and names the job that uses it, and `drive
// status` and `volume ls` name that job instead of "another process"; `jobs list` has the
// name and duration of each job. Real CLI and service on a small virtual library.
class TestServiceDriveTruth : public QObject {
    Q_OBJECT

    static QJsonArray array(const QString& home, const QStringList& args) {
        auto r = run_cli(with_home(home, args));
        if (r.exit_code != 0) qWarning() << args << r.err;
        return r.json().array();
    }
    static QJsonObject object(const QString& home, const QStringList& args) {
        auto r = run_cli(with_home(home, args));
        if (r.exit_code != 0) qWarning() << args << r.err;
        return r.json().object();
    }
    // Each drive of library small that holds a cartridge, as its inventory says: drive -> barcode.
    static QMap<int, QString> inventory(const QString& home) {
        QMap<int, QString> out;
        const auto inv = object(home, {"library", "inventory", "--library", "small", "--json"});
        for (const auto& d : inv.value("drives").toArray())
            if (d.toObject().value("full").toBool())
                out[d.toObject().value("drive").toInt()] = d.toObject().value("barcode").toString();
        return out;
    }
    // The line of `text` that holds `word`.
    static QString lineWith(const QString& text, const QString& word) {
        for (const auto& l : text.split('\n'))
            if (l.contains(word)) return l;
        return {};
    }

private Q_SLOTS:
    void oneTruthAboutDrivesAndJobs() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", gate = d.path() + "/gate";
        QVERIFY(tltest::write_file(src + "/big.bin", tltest::random_bytes(12 << 20, 7)));
        auto lib = run_cli(with_home(home, {"library", "add", "--virtual", "--name", "small",
                                            "--drives", "2", "--slots", "10", "--mail", "1",
                                            "--capacity", "8M", "--prefix", "SML"}));
        QVERIFY2(lib.exit_code == 0, lib.err.constData());
        auto backup = run_cli(with_home(home, {"backup", "--library", "small", "--drives", "1",
                                               "--name", "bigfile", "--source", src, "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());

        // jobs list: the job's name and how long it took.
        auto list = run_cli(with_home(home, {"jobs", "list"}));
        QVERIFY(list.text().contains("NAME") && list.text().contains("DURATION"));
        const QString row = lineWith(list.text(), QStringLiteral("bigfile"));
        QVERIFY2(row.contains(QRegularExpression(QStringLiteral("\\s\\d+:\\d\\d:\\d\\d\\s"))),
                 list.out.constData());

        // The full volume, loaded into drive 0: no space left on it.
        QString full;
        int home_slot = 0;
        for (const auto& v : array(home, {"volume", "list", "--json"}))
            if (v.toObject().value("state").toString() == QLatin1String("full")) {
                full = v.toObject().value("barcode").toString();
                home_slot = v.toObject().value("location").toObject().value("slot").toInt();
            }
        QVERIFY(!full.isEmpty());
        QVERIFY(home_slot > 0);
        if (inventory(home).key(full, -1) < 0) {
            const auto inv = object(home, {"library", "inventory", "--library", "small", "--json"});
            int slot = 0;
            for (const auto& s : inv.value("slots").toArray())
                if (s.toObject().value("barcode").toString() == full)
                    slot = s.toObject().value("slot").toInt();
            for (int drive : inventory(home).keys())
                QCOMPARE(run_cli(with_home(home, {"library", "unload", "--library", "small",
                                                  "--drive", QString::number(drive)}))
                             .exit_code,
                         0);
            QCOMPARE(run_cli(with_home(home, {"library", "load", "--library", "small", "--slot",
                                              QString::number(slot), "--drive", "0"}))
                         .exit_code,
                     0);
        }
        const int in_drive = inventory(home).key(full, -1);
        QVERIFY(in_drive >= 0);
        bool seen = false;
        for (const auto& dv : object(home, {"drive", "status", "--json"}).value("drives").toArray())
            if (dv.toObject().value("volume").toString() == full) {
                seen = true;
                QCOMPARE(dv.toObject().value("remaining_bytes").toDouble(), 0.0);
            }
        QVERIFY(seen);
        // volume list: in its drive (its home slot beside it), as the inventory says.
        for (const auto& v : array(home, {"volume", "list", "--json"}))
            if (v.toObject().value("barcode").toString() == full)
                QCOMPARE(v.toObject().value("location").toObject().value("drive").toInt(-1),
                         in_drive);
        const QString listed = lineWith(run_cli(with_home(home, {"volume", "list"})).text(), full);
        QVERIFY2(listed.contains(QStringLiteral("small drive %1").arg(in_drive)) &&
                     listed.contains(QStringLiteral("home slot %1").arg(home_slot)),
                 qPrintable(listed));

        // A job of the service writes on a drive of the library until the gate opens.
        auto def =
            run_cli(with_home(home, {"job", "define", "held",
                                     "cmd:while [ ! -e '" + gate + "' ] && [ -d '" + d.path() +
                                         "' ]; do head -c 4096 /dev/urandom; sleep 0.05; done",
                                     "--library", "small", "--drives", "1"}));
        QVERIFY2(def.exit_code == 0, def.err.constData());
        QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
        tltest::ServiceGuard guard{home};
        struct OpenGate {
            QString gate;
            ~OpenGate() { tltest::write_file(gate, "open"); }
        } open_gate{gate};
        tl::client::ServiceClient c(home.toStdString());
        QVERIFY(c.submit_backup({{"definition", "held"}}));
        QJsonObject busy;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const auto& dv :
                     object(home, {"library", "status", "--library", "small", "--json"})
                         .value("drives")
                         .toArray())
                    if (!dv.toObject().value("used_by").isNull() &&
                        !dv.toObject().value("volume").toString().isEmpty())
                        busy = dv.toObject();
                return !busy.isEmpty();
            }(),
            30000);
        qint64 job = 0;
        for (const auto& j : array(home, {"jobs", "list", "--json"}))
            if (j.toObject().value("status").toString() == QLatin1String("running"))
                job = j.toObject().value("id").toInteger();
        QVERIFY(job > 0);
        const QString byJob = QStringLiteral("job %1").arg(job);
        QCOMPARE(busy.value("used_by").toString(), byJob);

        // library status: every drive's cartridge as the inventory has it.
        const auto inv = inventory(home);
        for (const auto& dv : object(home, {"library", "status", "--library", "small", "--json"})
                                  .value("drives")
                                  .toArray())
            QCOMPARE(dv.toObject().value("volume").toString(),
                     inv.value(dv.toObject().value("drive").toInt()));
        const QString busyName = busy.value("name").toString();
        const QString busyVolume = busy.value("volume").toString();
        QVERIFY(!busyVolume.isEmpty());
        const QString status = lineWith(
            run_cli(with_home(home, {"library", "status", "--library", "small"})).text(), busyName);
        QVERIFY2(status.contains(busyVolume) && status.contains("in use by " + byJob),
                 qPrintable(status));

        // drive status and volume ls name the job, not "another process".
        auto drives = run_cli(with_home(home, {"drive", "status"}));
        QCOMPARE(drives.exit_code, 0);
        const QString driveLine = lineWith(drives.text(), busyName);
        QVERIFY2(driveLine.contains("in use by " + byJob), drives.out.constData());
        QVERIFY(!drives.text().contains(QStringLiteral("another process")));
        auto ls = run_cli(with_home(home, {"volume", "ls", busyVolume, "--library", "small"}));
        QVERIFY2(ls.exit_code == 4, ls.err.constData());
        QVERIFY2(ls.err.contains(byJob.toUtf8()) && !ls.err.contains("another process"),
                 ls.err.constData());

        tltest::write_file(gate, "open");
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const auto& j : array(home, {"jobs", "list", "--json"}))
                    if (j.toObject().value("id").toInteger() == job)
                        return j.toObject().value("status").toString() == "completed";
                return false;
            }(),
            60000);
    }
};

QTEST_MAIN(TestServiceDriveTruth)
#include "test_service_drive_truth.moc"
