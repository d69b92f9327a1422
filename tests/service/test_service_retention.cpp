#include <QDateTime>
#include <QDeadlineTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QThread>
#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// The service applies retention on its own (docs/media.md "Retention and pruning"): started on
// a data directory whose backup is past its pool's retention, it prunes on its first tick — the
// job leaves the history, its volume becomes recyclable (the pool recycles auto) and the
// log says what it expired. Started with --prune-every 0 it leaves them as they were.
class TestServiceRetention : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    static tltest::CliResult cli(const QString& home, const QStringList& args) {
        return run_cli(with_home(home, args));
    }

    // A data directory with one backup that started 40 days ago (its pool keeps 30): its volume.
    QString expiredBackup(const QString& home) {
        const QString src = dir_.path() + "/src";
        if (!QFileInfo::exists(src) &&
            !tltest::write_file(src + "/a.bin", tltest::random_bytes(100000, 7)))
            return {};
        const qint64 past = QDateTime::currentSecsSinceEpoch() - 40 * 86400;
        const auto b = cli(home, {"--now", QString::number(past), "backup", "--source", src,
                                  "--drives", "1", "--json"});
        if (b.exit_code != 0) return {};
        return b.json().object().value("volumes").toArray().first().toString();
    }

    static QString state(const QString& home, const QString& barcode) {
        for (const auto& v : cli(home, {"volume", "list", "--json"}).json().array())
            if (v.toObject().value("barcode").toString() == barcode)
                return v.toObject().value("state").toString();
        return {};
    }

private Q_SLOTS:
    void theServicePrunesWhatIsPastRetention() {
        const QString home = dir_.path() + "/pruned";
        const QString volume = expiredBackup(home);
        QVERIFY(!volume.isEmpty());
        QCOMPARE(cli(home, {"jobs", "list", "--json"}).json().array().size(), 1);
        const auto started = cli(home, {"service", "start"});
        QVERIFY2(started.exit_code == 0, started.err.constData());
        tltest::ServiceGuard guard{home};
        QDeadlineTimer deadline(60000);
        while (cli(home, {"jobs", "list", "--json"}).json().array().size() != 0 &&
               !deadline.hasExpired())
            QThread::msleep(100);
        QCOMPARE(cli(home, {"jobs", "list", "--json"}).json().array().size(), 0);
        QCOMPARE(state(home, volume), QStringLiteral("recyclable"));
        QCOMPARE(cli(home, {"service", "stop"}).exit_code, 0); // its log written out
        QFile log(home + "/logs/tapeloom.log");
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray text = log.readAll();
        QVERIFY2(text.contains("prune: 1 job(s) and the files of 0 more expired, 1 volume(s) "
                               "recyclable"),
                 text.constData());
    }

    void pruneEveryZeroLeavesThemAlone() {
        const QString home = dir_.path() + "/kept";
        const QString volume = expiredBackup(home);
        QVERIFY(!volume.isEmpty());
        const auto started = cli(home, {"service", "start", "--prune-every", "0"});
        QVERIFY2(started.exit_code == 0, started.err.constData());
        tltest::ServiceGuard guard{home};
        // A backup through the service starts on one of its ticks: by its end, ticks have run.
        const auto b = cli(home, {"backup", "--source", dir_.path() + "/src", "--drives", "1"});
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QCOMPARE(cli(home, {"jobs", "list", "--json"}).json().array().size(), 2);
        QVERIFY(state(home, volume) != QStringLiteral("recyclable"));
        const auto bad = cli(home, {"service", "start", "--prune-every", "often"});
        QCOMPARE(bad.exit_code, 2);
        QVERIFY2(bad.err.contains("--prune-every takes a duration"), bad.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestServiceRetention)
#include "test_service_retention.moc"
