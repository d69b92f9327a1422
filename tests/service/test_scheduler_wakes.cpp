#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::run_cli;
using tltest::with_home;

// The scheduler of the service (and of `serve`) wakes when a run ends, not at its next tick
// (docs/schedules.md "The queue and the service"): with a tick of an hour, a run's end still
// leaves the queue at once, so a client following it (the CLI's backup through the service)
// sees it ended, and a queued job may start on the drives it freed.
class TestSchedulerWakes : public QObject {
    Q_OBJECT

    static QJsonArray queue_entries(const QString& home) {
        return run_cli(with_home(home, {"queue", "list", "--json"}))
            .json()
            .object()
            .value("entries")
            .toArray();
    }

private Q_SLOTS:
    void aRunsEndLeavesTheQueueBeforeTheNextTick() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        for (int i = 0; i < 3; ++i)
            QVERIFY(tltest::write_file(src + QString("/f%1.txt").arg(i), QByteArray(4000, 'a')));
        auto def = run_cli(with_home(home, {"job", "define", "hourly", src, "--drives", "1"}));
        QVERIFY2(def.exit_code == 0, def.err.constData());
        // Due in a few seconds (still ahead when a slow build's CLI parses it); the scheduler
        // starts after that and runs it at its first tick (a run missed while no scheduler ran
        // is run once).
        const QDateTime due = QDateTime::currentDateTime().addSecs(6);
        auto add = run_cli(with_home(
            home, {"schedule", "add", "hourly", "--at", due.toString("yyyy-MM-dd HH:mm:ss")}));
        QVERIFY2(add.exit_code == 0, add.err.constData());
        while (QDateTime::currentDateTime() <= due.addSecs(1))
            QTest::qWait(200);

        QProcess serve;
        serve.setProgram(TAPELOOM_CLI);
        serve.setArguments(with_home(home, {"serve", "--tick", "1h", "--log-level", "info"}));
        serve.start();
        QVERIFY(serve.waitForStarted());

        // The run was queued and started at the first tick; once its job has completed, its
        // entry leaves the queue long before the second tick, an hour away: the test gives up
        // after ten minutes (however slow the build, the job itself takes seconds), so a
        // scheduler that only notices the run's end at its next tick fails it.
        QString status;
        QJsonArray entries;
        for (QDeadlineTimer deadline(600000); !deadline.hasExpired(); QTest::qWait(200)) {
            auto jobs = run_cli(with_home(home, {"jobs", "list", "--json"}));
            if (jobs.exit_code != 0 || jobs.json().array().isEmpty()) continue;
            status = jobs.json().array().at(0).toObject().value("status").toString();
            entries = queue_entries(home);
            if (status == "completed" && entries.isEmpty()) break;
        }
        const QByteArray log = serve.readAllStandardError();
        QVERIFY2(status == "completed", log.constData());
        QVERIFY2(entries.isEmpty(), log.constData());
        serve.terminate();
        QVERIFY(serve.waitForFinished(30000));
        QCOMPARE(serve.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSchedulerWakes)
#include "test_scheduler_wakes.moc"
