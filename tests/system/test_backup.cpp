#include <QtTest>

#include <csignal>

#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::run_cli;

// Backups through the real tapeloom-cli: fixture trees over 2 drives x 4 sessions onto small
// cartridges so save sets span volumes; verify reads everything back; a damaged block is found
// and named; a backup killed with SIGKILL leaves a catalog the next backup and verify trust.
class TestBackup : public QObject {
    Q_OBJECT

    QString home_;
    QTemporaryDir dir_;

    static QStringList h(const QString& home, QStringList args) {
        args.prepend(home);
        args.prepend("--home");
        return args;
    }
    void addSmallLibrary(const QString& home) {
        auto r = run_cli(
            h(home, {"library", "add", "--virtual", "--name", "small", "--drives", "2", "--slots",
                     "10", "--mail", "1", "--capacity", "8M", "--prefix", "SML"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
    }

private Q_SLOTS:
    void spanningBackupVerifies() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src));
        addSmallLibrary(home);
        auto r = run_cli(
            h(home, {"backup", "--library", "small", "--drives", "2", "--sessions-per-drive", "4",
                     "--source", src, "--source", src + "/small", "--source", src + "/ünïcødé",
                     "--source", src + "/big.bin", "--json"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto rep = r.json().object();
        QCOMPARE(rep.value("status").toString(), QStringLiteral("completed"));
        QVERIFY(rep.value("volumes").toArray().size() >=
                3); // 12 MiB file + the rest on 8 MiB cartridges
        QCOMPARE(rep.value("drives").toArray().size(), 2);
        for (const auto& dv : rep.value("drives").toArray())
            QVERIFY(dv.toObject().value("bytes").toDouble() > 0);
        // Every file, directory, link of the tree (root included) is in the catalog once per
        // source.
        QVERIFY(rep.value("files").toInt() > 200);

        auto v = run_cli(h(home, {"verify", "--job", "1", "--library", "small", "--json"}));
        QVERIFY2(v.exit_code == 0, v.out.constData());
        QCOMPARE(v.json().object().value("status").toString(), QStringLiteral("completed"));
        QCOMPARE(v.json().object().value("files_ok").toInt(), rep.value("files").toInt());
        QCOMPARE(v.json().object().value("files_failed").toInt(), 0);

        // The volume lists without the catalog: move the catalog away, list the first volume.
        const QString first = rep.value("volumes").toArray().first().toString();
        auto ls = run_cli(h(home, {"volume", "ls", first, "--library", "small", "--json"}));
        QVERIFY2(ls.exit_code == 0, ls.err.constData());
        QVERIFY(ls.json().object().value("objects").toArray().size() > 0);
        QCOMPARE(ls.json().object().value("barcode").toString(), first);
    }

    void corruptedBlockNamesTheFiles() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 3 << 20));
        auto r = run_cli(h(home, {"backup", "--drives", "1", "--source", src + "/big.bin",
                                  "--source", src + "/small", "--json"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const QString vol = r.json().object().value("volumes").toArray().first().toString();
        // Damage bytes in the middle of the cartridge's data (past the 64 KiB label).
        QFile data(home + "/libraries/vlib0/media/" + vol + "/data");
        QVERIFY(data.open(QIODevice::ReadWrite));
        const qint64 at = 64 * 1024 + data.size() / 3;
        QVERIFY(data.seek(at));
        QVERIFY(data.write(QByteArray(64, '\x5a')) == 64);
        data.close();
        auto v = run_cli(h(home, {"verify", "--job", "1", "--json"}));
        QCOMPARE(v.exit_code, 7);
        const auto o = v.json().object();
        QCOMPARE(o.value("status").toString(), QStringLiteral("partial"));
        QVERIFY(o.value("bad_blocks").toArray().size() >= 1);
        QCOMPARE(o.value("bad_blocks").toArray().first().toObject().value("volume").toString(),
                 vol);
        QVERIFY(o.value("files_failed").toInt() >= 1);
        QVERIFY(o.value("files_ok").toInt() >= 1); // the rest still verifies
        bool named = false;
        for (const auto& p : o.value("problems").toArray())
            named |= !p.toObject().value("path").toString().isEmpty();
        QVERIFY2(named, v.out.constData());
    }

    void killedBackupLeavesConsistentCatalog() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 4 << 20));
        // A slow command keeps the job running while the tree is backed up and checkpointed.
        QProcess p;
        p.setProcessEnvironment(tltest::cli_environment(home));
        p.setProgram(QStringLiteral(TAPELOOM_CLI));
        p.setArguments(h(
            home, {"backup", "--drives", "1", "--checkpoint", "1M", "--source", src, "--source",
                   "cmd:for i in $(seq 1 100); do head -c 300000 /dev/urandom; sleep 0.05; done"}));
        p.start();
        QVERIFY(p.waitForStarted());
        // Kill once several checkpoints (1 MiB tape files) are on the cartridge, however
        // loaded the machine is.
        const QString data = home + "/libraries/vlib0/media/TLO001L9/data";
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(data).size() > (10 << 20), 60000);
        QTest::qWait(200);
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished());

        auto second =
            run_cli(h(home, {"backup", "--drives", "1", "--source", src + "/small", "--json"}));
        QVERIFY2(second.exit_code == 0, second.err.constData());
        auto jobs = run_cli(h(home, {"jobs", "list", "--json"}));
        const auto arr = jobs.json().array();
        QCOMPARE(arr.size(), 2);
        QCOMPARE(arr[0].toObject().value("status").toString(), QStringLiteral("failed"));
        QCOMPARE(arr[1].toObject().value("status").toString(), QStringLiteral("completed"));
        // What the catalog kept of the killed job is on tape and intact; the new job too.
        for (const char* id : {"1", "2"}) {
            auto v = run_cli(h(home, {"verify", "--job", id, "--json"}));
            QVERIFY2(v.exit_code == 0, v.out.constData());
            QCOMPARE(v.json().object().value("files_failed").toInt(), 0);
        }
        auto v1 = run_cli(h(home, {"verify", "--job", "1", "--json"}));
        QVERIFY(v1.json().object().value("files_ok").toInt() > 0); // checkpoints committed files
    }

    void moreSourcesThanSessionsQueueUp() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        QStringList args = {"backup", "--drives", "2", "--sessions-per-drive", "2", "--json"};
        for (int i = 0; i < 10; ++i)
            args << "--source" << src + QStringLiteral("/small/d%1").arg(i);
        auto r = run_cli(h(home, args));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(r.json().object().value("sessions").toArray().size(), 10);
        auto v = run_cli(h(home, {"verify", "--job", "1", "--json"}));
        QVERIFY2(v.exit_code == 0, v.out.constData());
        QCOMPARE(v.json().object().value("files_ok").toInt(),
                 r.json().object().value("files").toInt());
    }

    void badInputIsRefusedClearly() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        auto r = run_cli(h(home, {"backup", "--source", d.path() + "/missing"}));
        QCOMPARE(r.exit_code, 3);
        QVERIFY(QString::fromUtf8(r.err).contains("missing"));
        r = run_cli(h(home, {"backup", "--source", d.path(), "--pool", "Nope"}));
        QCOMPARE(r.exit_code, 3);
        QVERIFY(QString::fromUtf8(r.err).contains("Nope"));
        r = run_cli(h(home, {"backup", "--source", d.path(), "--block-size", "1K"}));
        QCOMPARE(r.exit_code, 2);
        r = run_cli(h(home, {"backup", "--source", d.path(), "--compression", "rar"}));
        QCOMPARE(r.exit_code, 2);
        QVERIFY(QString::fromUtf8(r.err).contains("rar"));
        r = run_cli(h(home, {"backup", "--source", d.path(), "--drives", "9"}));
        QCOMPARE(r.exit_code, 2);
        // Nothing was written: no job, no labeled volume.
        auto jobs = run_cli(h(home, {"jobs", "list", "--json"}));
        QCOMPARE(jobs.json().array().size(), 0);
    }
};

TLTEST_CATALOG_MAIN(TestBackup)
#include "test_backup.moc"
