#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "pg_cluster.h"

using tltest::CliResult;
using tltest::run_cli;

// Catalog backup to tape of a PostgreSQL catalog and its recovery (issue 19, docs/catalog.md
// "Catalog backup to tape"): `catalog backup` streams pg_dump's archive of the catalog database
// onto tape as a cmd: source (the password never on its command line nor in any output);
// `recover-catalog` with the URL of an empty database reads it back from the volume and feeds it
// to pg_restore, after which a restore of the earlier backup through the recovered catalog gives
// the same bytes. A target that is not empty, and a missing pg_restore, are refused with nothing
// written.
class TestPgCatalogBackup : public QObject {
    Q_OBJECT

    tltest::PgCluster pg_;
    QTemporaryDir dir_;
    QString home_, src_, catalog_volume_;

    static QStringList with(const QString& home, const QString& url, QStringList args) {
        return QStringList{"--catalog", url} + tltest::with_home(home, std::move(args));
    }
    QString query(const QString& db, const QString& sql) { return pg_.query(db, sql); }
    static void no_password(const CliResult& r) {
        QVERIFY2(!r.out.contains(tltest::PgCluster::kPassword), r.out.constData());
        QVERIFY2(!r.err.contains(tltest::PgCluster::kPassword), r.err.constData());
    }
    // recover-catalog with PATH as given (the CLI's own environment otherwise).
    CliResult recover_with_path(const QString& url, const QString& path) const {
        QProcess p;
        auto env = tltest::cli_environment(home_);
        env.insert("PATH", path);
        p.setProcessEnvironment(env);
        p.setProgram(QStringLiteral(TAPELOOM_CLI));
        p.setArguments(with(home_, url, {"recover-catalog", "--volume", catalog_volume_}));
        p.start();
        CliResult r;
        if (!p.waitForFinished(180000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.exit_code = p.exitCode();
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

private Q_SLOTS:
    void initTestCase() {
        if (!pg_.available()) QSKIP(qPrintable(pg_.skip_reason()));
        QString why;
        QVERIFY2(pg_.start(&why), qPrintable(why));
        for (const char* db : {"lost", "fresh", "nopgrestore"})
            QVERIFY2(pg_.create_database(db, &why), qPrintable(why));
        QVERIFY(dir_.isValid());
        home_ = dir_.path() + "/home";
        src_ = dir_.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src_, 1 << 20));
        const QString url = pg_.url("lost");
        auto r = run_cli(with(home_, url, {"pool", "add", "Catalog"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = run_cli(with(home_, url, {"backup", "--source", src_, "--name", "data", "--json"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = run_cli(with(home_, url, {"catalog", "backup", "--pool", "Catalog", "--json"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        no_password(r);
        QCOMPARE(r.json().object().value("status").toString(), QStringLiteral("completed"));
        const QString job = QString::number(r.json().object().value("job_id").toInteger());
        auto shown = run_cli(with(home_, url, {"jobs", "show", job, "--json"}));
        QVERIFY2(shown.exit_code == 0, shown.err.constData());
        no_password(shown);
        const auto volumes = shown.json().object().value("volumes").toArray();
        QVERIFY(!volumes.isEmpty());
        catalog_volume_ = volumes[0].toString();
        // The command on tape and in the catalog names the database without the password, and
        // the file that lent pg_dump the password is gone.
        const QString source = query("lost", "SELECT source FROM savesets WHERE job_id=" + job);
        QVERIFY2(source.startsWith("cmd:pg_dump --format=custom"), qPrintable(source));
        QVERIFY2(source.contains("postgresql://tl@/lost"), qPrintable(source));
        QVERIFY2(!source.contains(tltest::PgCluster::kPassword), qPrintable(source));
        QVERIFY2(QDir(home_).entryList({"*.pgpass"}).isEmpty(),
                 qPrintable(QDir(home_).entryList().join(",")));
        // After the catalog backup, one more backup: recover-catalog finds it by scanning.
        r = run_cli(with(home_, url, {"backup", "--source", src_ + "/small", "--name", "later"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
    }
    void cleanupTestCase() { pg_.stop(); }

    void nonEmptyTargetIsRefused() {
        auto r =
            run_cli(with(home_, pg_.url("lost"), {"recover-catalog", "--volume", catalog_volume_}));
        QCOMPARE(r.exit_code, 1); // already-exists
        QVERIFY2(r.err.contains("postgresql://tl@/lost"), r.err.constData());
        QVERIFY2(r.err.contains("empty database"), r.err.constData());
        no_password(r);
        // Untouched: the catalog still lists its three jobs.
        QCOMPARE(query("lost", "SELECT count(*) FROM jobs"), QStringLiteral("3"));
    }

    void missingPgRestoreIsNamed() {
        // A PATH with the shell's tools but no PostgreSQL client programs.
        QTemporaryDir bin;
        QVERIFY(QFile::link("/bin/sh", bin.path() + "/sh"));
        auto r = recover_with_path(pg_.url("nopgrestore"), bin.path());
        QCOMPARE(r.exit_code, 3); // not-found
        QVERIFY2(r.err.contains("pg_restore"), r.err.constData());
        QVERIFY2(r.err.contains("postgresql-client"), r.err.constData());
        QCOMPARE(query("nopgrestore", "SELECT count(*) FROM pg_tables WHERE schemaname='public'"),
                 QStringLiteral("0"));
    }

    void recoverIntoEmptyDatabaseRestoresTheSameBytes() {
        const QString url = pg_.url("fresh");
        auto r =
            run_cli(with(home_, url, {"recover-catalog", "--volume", catalog_volume_, "--json"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        no_password(r);
        QCOMPARE(r.json().object().value("previous").toString(), QStringLiteral("empty"));
        QVERIFY2(r.json().object().value("source").toString().startsWith("cmd:pg_dump"),
                 r.out.constData());
        // The backups before the catalog backup with their names, the catalog backup, and the
        // backup after it (rebuilt from tape by the scan).
        auto jobs = run_cli(with(home_, url, {"jobs", "list", "--json"}));
        QVERIFY2(jobs.exit_code == 0, jobs.err.constData());
        QStringList names;
        for (const auto& j : jobs.json().array())
            names << j.toObject().value("name").toString() + ":" +
                         j.toObject().value("status").toString();
        QVERIFY2(names.size() >= 3, qPrintable(names.join(",")));
        QCOMPARE(names[0], QStringLiteral("data:completed"));
        QVERIFY2(names.contains("catalog:completed"), qPrintable(names.join(",")));
        const QString to = dir_.path() + "/restored";
        r = run_cli(with(home_, url, {"restore", "--job", "1", "--to", to}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src_, to + src_, &why), qPrintable(why));
        QVERIFY(QDir(home_).entryList({"recover-catalog-*"}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPgCatalogBackup)
#include "test_pg_catalog_backup.moc"
