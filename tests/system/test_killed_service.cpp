#include <QtTest>

#include <csignal>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "slow_source.h"

using tltest::run_cli;
using tltest::with_home;

// kill -9 of `serve` while two jobs run side by side in its engine: the next program that opens
// the data directory marks both failed, no reservation is left (a backup takes all four drives
// at once), the catalog passes SQLite's integrity check and an earlier job restores identical.
class TestKilledService : public QObject {
    Q_OBJECT

    static int running_jobs(const QString& home) {
        auto jobs = run_cli(with_home(home, {"jobs", "list", "--json"})); // read-only: no lock
        int n = 0;
        for (const auto& j : jobs.json().array())
            n += j.toObject().value("status").toString() == "running" ? 1 : 0;
        return n;
    }

private Q_SLOTS:
    void killedWhileTwoJobsRunLeavesAConsistentCatalog() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        auto first = run_cli(with_home(home, {"backup", "--source", src, "--json"}));
        QVERIFY2(first.exit_code == 0, first.err.constData());

        const QString slow = QString::fromStdString(tltest::slow_source(600)); // about 30 s
        for (const QString name : {"alpha", "beta"}) {
            auto def = run_cli(with_home(home, {"job", "define", name, slow, slow, "--drives", "2",
                                                "--sessions-per-drive", "1"}));
            QVERIFY2(def.exit_code == 0, def.err.constData());
        }
        const QString when =
            QDateTime::currentDateTime().addSecs(8).toString("yyyy-MM-dd HH:mm:ss");
        for (const QString name : {"alpha", "beta"}) {
            auto add = run_cli(with_home(home, {"schedule", "add", name, "--at", when}));
            QVERIFY2(add.exit_code == 0, add.err.constData());
        }
        QProcess serve;
        serve.setProcessEnvironment(tltest::cli_environment(home));
        serve.setProgram(TAPELOOM_CLI);
        serve.setArguments(with_home(home, {"serve", "--max-jobs", "4", "--tick", "200ms"}));
        serve.start();
        QVERIFY(serve.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(running_jobs(home) == 2, 60000);
        ::kill(static_cast<pid_t>(serve.processId()), SIGKILL);
        QVERIFY(serve.waitForFinished());

        // A program that takes the lock repairs what the dead one left.
        auto libs = run_cli(with_home(home, {"library", "list"}));
        QVERIFY2(libs.exit_code == 0, libs.err.constData());
        auto jobs = run_cli(with_home(home, {"jobs", "list", "--json"}));
        QCOMPARE(jobs.exit_code, 0);
        const auto arr = jobs.json().array();
        QCOMPARE(arr.size(), 3);
        QCOMPARE(arr[0].toObject().value("status").toString(), QStringLiteral("completed"));
        for (int i : {1, 2})
            QCOMPARE(arr[i].toObject().value("status").toString(), QStringLiteral("failed"));

        if (!tltest::catalog_on_postgres()) { // the file is whole (the server keeps its own)
            QProcess check;
            check.start("sqlite3", {home + "/catalog.db", "PRAGMA integrity_check;"});
            QVERIFY(check.waitForFinished(60000));
            QCOMPARE(check.readAllStandardOutput().trimmed(), QByteArray("ok"));
        }

        // Nothing stays reserved: a backup gets all four drives at once.
        QStringList all = {"backup", "--drives", "4", "--sessions-per-drive", "1", "--json"};
        for (int i = 0; i < 4; ++i)
            all << "--source" << src + QStringLiteral("/small/d%1").arg(i);
        auto four = run_cli(with_home(home, all));
        QVERIFY2(four.exit_code == 0, four.err.constData());
        QCOMPARE(four.json().object().value("drives").toArray().size(), 4);

        const QString to = d.path() + "/out";
        auto restore = run_cli(with_home(home, {"restore", "--job", "1", "--to", to}));
        QVERIFY2(restore.exit_code == 0, restore.err.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
    }
};

TLTEST_CATALOG_MAIN(TestKilledService)
#include "test_killed_service.moc"
