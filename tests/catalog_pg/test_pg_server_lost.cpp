#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "pg_cluster.h"
#include "slow_source.h"

using tltest::run_cli;

// The PostgreSQL server of the catalog goes away in the middle of a backup (issue 19, "Bad
// input and faults"): the backup ends with a clear error naming the catalog's URL without its
// password, the job is failed once the server is back, and nothing of it is trusted by a restore;
// the earlier backup is untouched.
class TestPgServerLost : public QObject {
    Q_OBJECT

    tltest::PgCluster pg_;

    QStringList with(const QString& home, const QString& url, QStringList args) const {
        args = tltest::with_home(home, std::move(args));
        return QStringList{"--catalog", url} + args;
    }
    static QByteArray read_file(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
    }
    QString query(const QString& db, const QString& sql) { return pg_.query(db, sql); }

private Q_SLOTS:
    void initTestCase() {
        if (!pg_.available()) QSKIP(qPrintable(pg_.skip_reason()));
        QString why;
        QVERIFY2(pg_.start(&why), qPrintable(why));
        QVERIFY2(pg_.create_database("lost", &why), qPrintable(why));
    }
    void cleanupTestCase() { pg_.stop(); }

    void serverGoneMidBackupFailsTheJobAndNothingOfItIsTrusted() {
        const QString url = pg_.url("lost");
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        auto first = run_cli(with(home, url, {"backup", "--source", src, "--json"}));
        QVERIFY2(first.exit_code == 0, first.err.constData());

        // A second backup: the tree, then a slow command, checkpointed every MiB so the
        // catalog is written while the command still runs.
        QProcess backup;
        backup.setProcessEnvironment(tltest::cli_environment(home));
        backup.setProgram(QStringLiteral(TAPELOOM_CLI));
        backup.setArguments(with(home, url,
                                 {"backup", "--drives", "1", "--checkpoint", "1M", "--source", src,
                                  "--source", QString::fromStdString(tltest::slow_source(600))}));
        backup.start();
        QVERIFY(backup.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(
            query("lost", "SELECT count(*) FROM savesets s JOIN jobs j ON j.id=s.job_id "
                          "WHERE j.id=2 AND s.source LIKE 'cmd:%'") == "1",
            60000);
        QTest::qWait(1500); // a few checkpoints of the slow source
        QCOMPARE(backup.state(), QProcess::Running);
        QString why;
        QVERIFY2(pg_.stop_server(&why), qPrintable(why));

        QVERIFY(backup.waitForFinished(120000));
        const QByteArray err = backup.readAllStandardError();
        QCOMPARE(backup.exitStatus(), QProcess::NormalExit);
        QCOMPARE(backup.exitCode(), 1); // io: the catalog could not be written
        QVERIFY2(err.contains("postgresql://tl@/lost"), err.constData());
        QVERIFY2(!err.contains(tltest::PgCluster::kPassword), err.constData());

        QVERIFY2(pg_.start_server(&why), qPrintable(why));
        // The next program that takes the data directory marks the job failed.
        auto v = run_cli(with(home, url, {"verify", "--job", "2", "--json"}));
        auto jobs = run_cli(with(home, url, {"jobs", "list", "--json"}));
        QVERIFY2(jobs.exit_code == 0, jobs.err.constData());
        QString status_of_lost;
        for (const auto& j : jobs.json().array())
            if (j.toObject().value("id").toInt() == 2)
                status_of_lost = j.toObject().value("status").toString();
        QCOMPARE(status_of_lost, QString("failed"));
        // What the catalog kept of it is whole on tape: the tree, committed before the server
        // went away; of the command's stream, cut off, nothing.
        QVERIFY2(v.exit_code == 0, v.out.constData());
        QCOMPARE(v.json().object().value("files_failed").toInt(), 0);
        const QString to = d.path() + "/to";
        auto r = run_cli(with(home, url, {"restore", "--job", "2", "--to", to}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY2(QDir(to).entryList({"cmd-*"}, QDir::Dirs).isEmpty(), r.out.constData());
        QDirIterator it(to + src, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString restored = it.next();
            const QString original = src + restored.mid((to + src).size());
            QVERIFY2(read_file(restored) == read_file(original), qPrintable(restored));
        }
        // The completed backup before it is untouched.
        const QString again = d.path() + "/again";
        auto r1 = run_cli(with(home, url, {"restore", "--job", "1", "--to", again}));
        QVERIFY2(r1.exit_code == 0, r1.err.constData());
        QVERIFY2(tltest::same_tree(src, again + src, &why), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestPgServerLost)
#include "test_pg_server_lost.moc"
