#include <QtTest>

#include "catalog/db.h"
#include "cli_runner.h"

using tltest::run_cli;
using namespace tl;

// A save set's outcome that the catalog refuses to store (job/backup_job.cpp
// fill_session_reports): the save set stays 'running', which no restore trusts, so the backup
// fails naming why (the CLI's exit code and report), and its job is not recorded completed.
class TestSavesetOutcome : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void outcomeNotStoredFailsTheJob() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        QVERIFY(QDir().mkpath(src));
        QFile f(src + "/a.txt");
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write("data"), qint64(4));
        f.close();
        auto first = run_cli({"--home", home, "backup", "--source", src, "--json"});
        QVERIFY2(first.exit_code == 0, first.err.constData());
        {
            auto db = catalog::Db::open((home + "/catalog.db").toStdString(), false);
            QVERIFY(db.ok());
            QVERIFY(db->exec("CREATE TRIGGER refuse_outcome BEFORE UPDATE OF status ON savesets "
                             "WHEN NEW.status IN ('completed', 'warnings') BEGIN SELECT "
                             "RAISE(ABORT, 'refused by the test'); END"));
        }
        auto second = run_cli({"--home", home, "backup", "--source", src, "--json"});
        QVERIFY2(second.exit_code != 0, second.out.constData());
        const QString all = QString::fromUtf8(second.out + second.err);
        QVERIFY2(all.contains("its outcome was not stored in the catalog"), qPrintable(all));
        QVERIFY2(all.contains("refused by the test"), qPrintable(all));

        auto jobs = run_cli({"--home", home, "jobs", "list", "--json"});
        QVERIFY2(jobs.exit_code == 0, jobs.err.constData());
        const auto list = jobs.json().array();
        QCOMPARE(list.size(), 2);
        QStringList statuses;
        for (const auto& j : list)
            statuses << j.toObject().value("status").toString();
        statuses.sort();
        // Its data is on the volume, its save set not trusted: 'partial', as any job with a
        // failed session.
        QCOMPARE(statuses, (QStringList{"completed", "partial"}));
        auto db = catalog::Db::open((home + "/catalog.db").toStdString(), true);
        QVERIFY(db.ok());
        auto running = db->scalar("SELECT count(*) FROM savesets WHERE status='running'");
        QVERIFY(running.ok());
        QCOMPARE(running.value(), std::int64_t(1));
    }
};

QTEST_GUILESS_MAIN(TestSavesetOutcome)
#include "test_saveset_outcome.moc"
