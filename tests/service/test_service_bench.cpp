#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "cli_runner.h"

using tltest::run_cli;
using tltest::with_home;

// `tapeloom-cli bench service` (docs/cli.md, docs/benchmarks.md "The service"): a run of every
// part, tiny, prints the figures of each part and leaves nothing in its scratch directory; a
// part that fails says which part and why, on stderr, with a non-zero exit code. Never speeds.
class TestServiceBench : public QObject {
    Q_OBJECT

    static QStringList entries_of(const QString& dir) {
        return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    }

private Q_SLOTS:
    void aRunOfEveryPartPrintsEachPart() {
        QTemporaryDir d;
        QVERIFY(d.isValid());
        const QString scratch = d.path() + "/scratch";
        QVERIFY(QDir().mkpath(scratch));
        auto r = run_cli(
            with_home(d.path() + "/home",
                      {"bench",         "service", "--entries",   "3000", "--jobs",        "5",
                       "--calls",       "3",       "--size",      "2M",   "--files",       "2",
                       "--runs",        "1",       "--window",    "0.3",  "--history",     "30",
                       "--dir-entries", "40",      "--processes", "1",    "--backup-rate", "1M",
                       "--scratch",     scratch,   "--json"}),
            280000);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto o = r.json().object();
        const auto calls = o.value("latency").toObject().value("calls").toArray();
        // jobs list, the first page of jobs, the directory page as objects and compact.
        QCOMPARE(calls.size(), 4);
        for (const auto& c : calls)
            QVERIFY2(c.toObject().value("rows").toInteger() > 0, r.out.constData());
        QCOMPARE(o.value("stream").toObject().value("drives").toInt(), 16);
        QCOMPARE(o.value("during_backup").toObject().value("calls").toArray().size(), 4);
        const auto backup = o.value("backup").toObject();
        QCOMPARE(backup.value("in_process_mb_s").toArray().size(), 1);
        QCOMPARE(backup.value("service_mb_s").toArray().size(), 1);
        QVERIFY2(backup.value("service_mb_s").toArray().at(0).toDouble() > 0, r.out.constData());
        QVERIFY2(entries_of(scratch).isEmpty(), qPrintable(entries_of(scratch).join(", ")));
    }

    // The during-backup part times each of its four series (jobs list and files ls, from a
    // client and as tapeloom-cli processes) with the backup running before and after each.
    void theDuringBackupPartTimesEachCallBesideTheBackup() {
        QTemporaryDir d;
        QVERIFY(d.isValid());
        const QString scratch = d.path() + "/scratch";
        QVERIFY(QDir().mkpath(scratch));
        auto r = run_cli(with_home(d.path() + "/home",
                                   {"bench", "service", "--only", "during-backup", "--history",
                                    "40", "--dir-entries", "60", "--calls", "3", "--processes", "2",
                                    "--backup-rate", "1M", "--scratch", scratch, "--json"}),
                         280000);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto during = r.json().object().value("during_backup").toObject();
        const auto calls = during.value("calls").toArray();
        QCOMPARE(calls.size(), 4);
        QCOMPARE(during.value("running_checks").toInt(), 8);
        QVERIFY(calls.at(0).toObject().value("rows").toInteger() >= 40);
        QCOMPARE(calls.at(1).toObject().value("rows").toInteger(), 60);
        for (const auto& c : calls)
            QCOMPARE(c.toObject().value("calls").toInt(),
                     c == calls.at(0) || c == calls.at(1) ? 3 : 2);
        QVERIFY2(entries_of(scratch).isEmpty(), qPrintable(entries_of(scratch).join(", ")));
    }

    // A backup that ended before the calls were done gives no figures: an error, exit non-zero.
    void theDuringBackupPartRefusesFiguresTakenAfterTheBackupEnded() {
        QTemporaryDir d;
        QVERIFY(d.isValid());
        auto r = run_cli(
            with_home(d.path() + "/home",
                      {"bench", "service", "--only", "during-backup", "--history", "20",
                       "--dir-entries", "30", "--calls", "3", "--processes", "1", "--backup-rate",
                       "1M", "--backup-seconds", "0.01", "--scratch", d.path()}),
            280000);
        QVERIFY2(r.exit_code != 0 && r.exit_code != -1, r.err.constData());
        QVERIFY2(r.err.contains("bench service, during-backup part: the backup"),
                 r.err.constData());
        QVERIFY2(r.err.contains("ended"), r.err.constData());
        QVERIFY2(r.out.isEmpty(), r.out.constData());
    }

    void aFailingPartSaysWhichAndExitsNonZero() {
        QTemporaryDir d;
        QVERIFY(d.isValid());
        const QString missing = d.path() + "/no-such-dir";
        auto r = run_cli(with_home(d.path() + "/home", {"bench", "service", "--entries", "3000",
                                                        "--calls", "3", "--scratch", missing}));
        QVERIFY2(r.exit_code != 0 && r.exit_code != -1, r.err.constData());
        QVERIFY2(r.err.contains("bench service, latency part: "), r.err.constData());
        QVERIFY2(r.err.contains(missing.toUtf8()), r.err.constData());
        QVERIFY2(r.out.isEmpty(), r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestServiceBench)
#include "test_service_bench.moc"
