#include <QtTest>

#include "cli_runner.h"

using tltest::run_cli;

// The headless demo (README command 1 without a display) through the real tapeloom-cli: it
// backs up its sample over 2 drives, verifies it, and a second run appends to the same
// volumes. Plus a smoke run of `bench backup` (keys and positive figures, no speed limits).
class TestDemo : public QObject {
    Q_OBJECT

    static QStringList h(const QString& home, QStringList args) {
        args.prepend(home);
        args.prepend("--home");
        return args;
    }
    static QStringList volumes(const QJsonObject& report) {
        QStringList v;
        for (const auto& x : report.value("volumes").toArray())
            v << x.toString();
        return v;
    }

private Q_SLOTS:
    void demoBacksUpAndVerifiesTwice() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";

        // First run, as a newcomer sees it: text.
        auto r = run_cli(h(home, {"demo"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY2(r.text().contains("Job 1 (backup): completed"), r.out.constData());
        QVERIFY2(r.text().contains("Verify of job 1: completed"), r.out.constData());
        QVERIFY(r.text().contains("jobs list"));
        QVERIFY(r.text().contains("volume list"));
        QVERIFY(QFile::exists(home + "/demo-data/.tapeloom-demo-complete"));
        auto first = run_cli(h(home, {"jobs", "show", "1", "--json"}));
        QVERIFY2(first.exit_code == 0, first.err.constData());
        const auto rep1 = first.json().object();
        QCOMPARE(rep1.value("drives").toArray().size(), 2);
        for (const auto& dv : rep1.value("drives").toArray())
            QVERIFY(dv.toObject().value("bytes").toDouble() > 0);
        QCOMPARE(rep1.value("sessions").toArray().size(), 8);
        QVERIFY(rep1.value("files").toInt() > 0);
        auto vols1 = run_cli(h(home, {"volume", "list", "--json"}));
        QVERIFY2(vols1.exit_code == 0, vols1.err.constData());

        // Second run: same sample (not made again), a new job appended to the same volumes.
        auto again = run_cli(h(home, {"demo", "--json"}));
        QVERIFY2(again.exit_code == 0, again.err.constData());
        const auto j = again.json().object();
        const auto rep2 = j.value("backup").toObject();
        QCOMPARE(rep2.value("status").toString(), QStringLiteral("completed"));
        QVERIFY(rep2.value("job_id").toInt() > 1);
        QCOMPARE(rep2.value("drives").toArray().size(), 2);
        QCOMPARE(rep2.value("files").toInt(), rep1.value("files").toInt());
        QCOMPARE(j.value("verify").toObject().value("status").toString(),
                 QStringLiteral("completed"));
        QCOMPARE(j.value("verify").toObject().value("files_failed").toInt(), 0);
        for (const auto& v : volumes(rep2))
            QVERIFY2(volumes(rep1).contains(v), qPrintable("not appended: " + v));
        auto vols2 = run_cli(h(home, {"volume", "list", "--json"}));
        QCOMPARE(vols2.json().array().size(), vols1.json().array().size());
    }

    void benchSmoke() {
        QTemporaryDir scratch; // not /dev/shm: so the test can see that nothing is left behind
        auto r = run_cli({"bench", "backup", "--size", "8M", "--files", "4", "--scratch",
                          scratch.path(), "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto j = r.json().object();
        for (const char* key : {"date", "machine", "data", "dd", "cat", "backup", "ratio_backup_dd",
                                "ratio_backup_cat"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j.value("data").toObject().value("files").toInt(), 4);
        QCOMPARE(j.value("data").toObject().value("bytes").toDouble(), 8.0 * 1024 * 1024);
        for (const char* pass : {"dd", "cat", "backup"}) {
            const auto p = j.value(pass).toObject();
            QVERIFY2(p.value("mb_s").toDouble() > 0, pass);
            QVERIFY2(p.value("files_per_s").toDouble() > 0, pass);
        }
        const auto b = j.value("backup").toObject();
        QCOMPARE(b.value("job_status").toString(), QStringLiteral("completed"));
        QVERIFY(b.value("cpu_s_per_gib").toDouble() > 0);
        QVERIFY(b.value("peak_rss_bytes").toDouble() > 0);
        QVERIFY(j.value("ratio_backup_cat").toDouble() > 0);
        QVERIFY(QDir(scratch.path()).isEmpty());

        // An encrypted job of 4 sources on the bench's 2 drives writes on both (sealing does
        // not change how streams are spread), and the bench says what each drive wrote.
        auto sealed = run_cli({"bench", "backup", "--size", "8M", "--files", "4", "--scratch",
                               scratch.path(), "--encryption", "aes-256-gcm", "--json"});
        QVERIFY2(sealed.exit_code == 0, sealed.err.constData());
        const auto sb = sealed.json().object().value("backup").toObject();
        QCOMPARE(sb.value("encryption").toString(), QStringLiteral("aes-256-gcm"));
        QCOMPARE(sb.value("drives_used").toInt(), 2);
        const auto drives = sb.value("drive_reports").toArray();
        QCOMPARE(drives.size(), 2);
        for (const auto& d : drives)
            QVERIFY2(d.toObject().value("blocks").toDouble() > 0,
                     qPrintable(d.toObject().value("name").toString() + " wrote nothing"));
        QCOMPARE(sb.value("repositions").toInt(), 0); // drives at memory speed never stop
        QVERIFY(QDir(scratch.path()).isEmpty());

        // The read side alone: null drives discard the data, the job still completes.
        auto null = run_cli({"bench", "backup", "--null", "--size", "8M", "--files", "4",
                             "--scratch", scratch.path(), "--json"});
        QVERIFY2(null.exit_code == 0, null.err.constData());
        QCOMPARE(null.json().object().value("backup").toObject().value("job_status").toString(),
                 QStringLiteral("completed"));
        QVERIFY(QDir(scratch.path()).isEmpty());
    }
};

TLTEST_CATALOG_MAIN(TestDemo)
#include "test_demo.moc"
