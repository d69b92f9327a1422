// Issue 42, item 29: rates that mislead. A restore that moved no data has no rate (it read a
// label and headers in a millisecond: "1,151 MB/s"); `monitor --json` prints each snapshot
// once and a process CPU share the machine can give. Through the real CLI.
#include <QtTest>

#include <QThread>

#include "cli_runner.h"
#include "test_catalog.h"

using tltest::run_cli;

class TestHonestRates : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString home_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        home_ = dir_.path() + "/home";
        const QString src = dir_.path() + "/src";
        QVERIFY(QDir().mkpath(src));
        QFile empty(src + "/empty.txt");
        QVERIFY(empty.open(QIODevice::WriteOnly));
        empty.close();
        const auto b = run_cli({"--home", home_, "backup", src});
        QVERIFY2(b.exit_code == 0, b.err.constData());
    }

    void aRestoreOfNoBytesHasNoRate() {
        const auto json = run_cli(
            {"--home", home_, "--json", "restore", "--job", "1", "--to", dir_.path() + "/back1"});
        QVERIFY2(json.exit_code == 0, json.err.constData());
        const auto report = json.json().object();
        QCOMPARE(report.value("bytes").toInteger(), qint64(0));
        QCOMPARE(report.value("wall_rate_Bps").toDouble(), 0.0);
        QCOMPARE(report.value("sustained_rate_Bps").toDouble(), 0.0);
        const auto text =
            run_cli({"--home", home_, "restore", "--job", "1", "--to", dir_.path() + "/back2"});
        QVERIFY2(text.exit_code == 0, text.err.constData());
        QVERIFY2(text.text().contains(QStringLiteral("wall rate      : - (no data moved)")),
                 text.out.constData());
        QVERIFY2(!text.text().contains(QStringLiteral("MB/s")), text.out.constData());
    }

    void monitorPrintsEachSnapshotOnce() {
        const auto m =
            run_cli({"--home", home_, "--json", "monitor", "--interval", "100ms", "--count", "3"});
        QCOMPARE(m.exit_code, 0);
        const auto lines = m.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        const auto first = QJsonDocument::fromJson(lines[0]).object().value("jobs").toArray();
        QVERIFY(!first.isEmpty()); // the ended jobs' last snapshots
        for (const auto& j : first) {
            const double cpu = j.toObject().value("process_cpu_percent").toDouble();
            QVERIFY2(cpu >= 0 && cpu <= 100.0 * QThread::idealThreadCount(),
                     qPrintable(QString::number(cpu)));
        }
        // Nothing published since: the next lines carry no snapshot again.
        for (int i = 1; i < 3; ++i)
            QVERIFY2(QJsonDocument::fromJson(lines[i]).object().value("jobs").toArray().isEmpty(),
                     lines[i].constData());
    }
};

TLTEST_CATALOG_MAIN(TestHonestRates)
#include "test_honest_rates.moc"
