#include <QtTest>

#include "cli_runner.h"
#include "slow_source.h"

using tltest::run_cli;
using tltest::with_home;

// `serve` runs several job definitions at once in its one engine, on the drives each reserved:
// on the 4-drive default library two 2-drive runs go side by side, a third waits in the queue
// until drives are free, and all three complete.
class TestConcurrentServe : public QObject {
    Q_OBJECT

    // Entries of `queue list --json` by state.
    static int entries_in(const QJsonArray& entries, const QString& state) {
        int n = 0;
        for (const auto& e : entries)
            n += e.toObject().value("state").toString() == state ? 1 : 0;
        return n;
    }

private Q_SLOTS:
    void twoTwoDriveRunsSideBySideAndAThirdWaits() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        const QString slow = QString::fromStdString(tltest::slow_source(40)); // about 2 s
        const QStringList names = {"alpha", "beta", "gamma"};
        for (const auto& name : names) {
            auto def = run_cli(with_home(home, {"job", "define", name, slow, slow, "--drives", "2",
                                                "--sessions-per-drive", "1"}));
            QVERIFY2(def.exit_code == 0, def.err.constData());
        }
        const QString when =
            QDateTime::currentDateTime().addSecs(8).toString("yyyy-MM-dd HH:mm:ss");
        for (const auto& name : names) {
            auto add = run_cli(with_home(home, {"schedule", "add", name, "--at", when}));
            QVERIFY2(add.exit_code == 0, add.err.constData());
        }

        QProcess serve;
        serve.setProcessEnvironment(tltest::cli_environment(home));
        serve.setProgram(TAPELOOM_CLI);
        serve.setArguments(with_home(home, {"serve", "--max-jobs", "4", "--tick", "200ms"}));
        serve.start();
        QVERIFY(serve.waitForStarted());

        int most_running = 0;
        bool third_waited = false;
        QJsonArray done;
        QDeadlineTimer deadline(120000);
        while (!deadline.hasExpired()) {
            auto q = run_cli(with_home(home, {"queue", "list", "--json"}));
            QCOMPARE(q.exit_code, 0);
            const auto entries = q.json().object().value("entries").toArray();
            const int running = entries_in(entries, "running");
            most_running = std::max(most_running, running);
            if (running == 2 && entries_in(entries, "queued") == 1) third_waited = true;
            if (entries.isEmpty() && most_running > 0) {
                auto jobs = run_cli(with_home(home, {"jobs", "list", "--json"}));
                if (jobs.exit_code == 0 && jobs.json().array().size() == 3) {
                    done = jobs.json().array();
                    break;
                }
            }
            QTest::qWait(150);
        }
        serve.terminate();
        QVERIFY(serve.waitForFinished(30000));
        QVERIFY2(done.size() == 3, serve.readAllStandardError().constData());
        QCOMPARE(most_running, 2);
        QVERIFY(third_waited);
        QStringList seen;
        for (const auto& j : done) {
            const auto o = j.toObject();
            QCOMPARE(o.value("status").toString(), QStringLiteral("completed"));
            QVERIFY(o.value("waiting_for").isNull());
            seen << o.value("name").toString();
        }
        seen.sort();
        QCOMPARE(seen, names);
        // Each ran on two drives, and the two that ran together used different ones.
        QSet<QString> drives_of_first_two;
        for (int id : {1, 2}) {
            auto show = run_cli(with_home(home, {"jobs", "show", QString::number(id), "--json"}));
            QCOMPARE(show.exit_code, 0);
            const auto drives = show.json().object().value("drives").toArray();
            QCOMPARE(drives.size(), 2);
            for (const auto& dr : drives)
                drives_of_first_two.insert(dr.toObject().value("name").toString());
        }
        QCOMPARE(drives_of_first_two.size(), 4);
    }
};

TLTEST_CATALOG_MAIN(TestConcurrentServe)
#include "test_concurrent_serve.moc"
