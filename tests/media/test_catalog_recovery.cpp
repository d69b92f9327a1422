#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::CliResult;

// Catalog backup and recovery through the real tapeloom-cli on a temporary data directory with
// the default virtual library: a backup, a catalog backup to its own pool (its own volume), a
// backup after it; then the catalog is lost (deleted, or overwritten with garbage) and
// recover-catalog brings it back from tape, the later backup included, so restores are
// byte-identical. A volume without a catalog backup is refused with nothing changed.
class TestCatalogRecovery : public QObject {
    Q_OBJECT

    static CliResult cli(const QString& home, QStringList args) {
        args.prepend(home);
        args.prepend("--home");
        return tltest::run_cli(args);
    }
    static QJsonObject obj(const CliResult& r) { return r.json().object(); }
    static QString err(const CliResult& r) { return QString::fromUtf8(r.err); }
    static QByteArray read(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
    }
    // A small tree with a subdirectory.
    static QString tree(const QString& root, quint32 seed) {
        tltest::write_file(root + "/a.txt", "alpha " + QByteArray::number(seed) + "\n");
        tltest::write_file(root + "/b.bin", tltest::random_bytes(70000, seed));
        tltest::write_file(root + "/sub/c.txt", tltest::random_bytes(1234, seed + 1));
        tltest::write_file(root + "/sub/deeper/d.bin", tltest::random_bytes(300000, seed + 2));
        return root;
    }
    static void same_tree(const QString& src, const QString& restored_root) {
        const QString out = restored_root + src; // restores go to TARGET/original/path
        for (const char* rel : {"/a.txt", "/b.bin", "/sub/c.txt", "/sub/deeper/d.bin"})
            QCOMPARE(read(out + rel), read(src + rel));
    }
    static void remove_catalog(const QString& home) {
        for (const char* side : {"", "-wal", "-shm"})
            QFile::remove(home + "/catalog.db" + side);
    }
    static QString first_volume(const QString& home, const QString& job) {
        auto r = cli(home, {"jobs", "show", job, "--json"});
        const auto vols = obj(r).value("volumes").toArray();
        return vols.isEmpty() ? QString() : vols[0].toString();
    }
    static QStringList job_names(const QString& home) {
        QStringList out;
        for (const auto& j : cli(home, {"jobs", "list", "--json"}).json().array())
            out << j.toObject().value("name").toString() + ":" +
                       j.toObject().value("status").toString();
        return out;
    }

    QTemporaryDir dir_;
    QString home_, src1_, src2_, data_volume_, catalog_volume_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        home_ = dir_.path() + "/home";
        src1_ = tree(dir_.path() + "/src1", 11);
        src2_ = tree(dir_.path() + "/src2", 22);
        auto r = cli(home_, {"pool", "add", "Catalog"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = cli(home_, {"backup", "--source", src1_, "--name", "data", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = cli(home_, {"catalog", "backup", "--pool", "Catalog", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("status").toString(), QStringLiteral("completed"));
        const QString catalog_job = QString::number(obj(r).value("job_id").toInteger());
        r = cli(home_, {"backup", "--source", src2_, "--name", "later", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        data_volume_ = first_volume(home_, "1");
        catalog_volume_ = first_volume(home_, catalog_job);
        QVERIFY(!data_volume_.isEmpty());
        QVERIFY(!catalog_volume_.isEmpty());
        QVERIFY(data_volume_ != catalog_volume_);
        QCOMPARE(job_names(home_),
                 (QStringList{"data:completed", "catalog:completed", "later:completed"}));
    }

    void intactCatalogIsNotReplacedWithoutForce() {
        const QByteArray before = read(home_ + "/catalog.db");
        auto r = cli(home_, {"recover-catalog", "--volume", catalog_volume_});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(err(r).contains("--force"), r.err.constData());
        QCOMPARE(read(home_ + "/catalog.db"), before);
    }

    void volumeWithoutCatalogBackupChangesNothing() {
        remove_catalog(home_);
        auto r = cli(home_, {"recover-catalog", "--volume", data_volume_});
        QCOMPARE(r.exit_code, 3);
        QVERIFY2(err(r).contains(data_volume_) && err(r).contains("catalog"), r.err.constData());
        QVERIFY(!QFile::exists(home_ + "/catalog.db")); // still missing, as before
        QCOMPARE(QDir(home_).entryList({"catalog.db*", "recover-catalog-*"}).size(), 0);
    }

    void recoverMissingCatalog() {
        remove_catalog(home_);
        auto r = cli(home_, {"recover-catalog", "--volume", catalog_volume_, "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("previous").toString(), QStringLiteral("missing"));
        QVERIFY(obj(r).value("scan").toObject().value("jobs_added").toInt() >= 1);
        // The jobs before the catalog backup with their names, the catalog backup itself, and
        // the backup written after it (rebuilt from tape).
        const auto names = job_names(home_);
        QVERIFY2(names.size() >= 3, qPrintable(names.join(",")));
        QCOMPARE(names[0], QStringLiteral("data:completed"));
        QVERIFY2(names.contains("catalog:completed"), qPrintable(names.join(",")));
        const QString to = dir_.path() + "/restored1";
        r = cli(home_, {"restore", "--job", "1", "--to", to});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        same_tree(src1_, to);
        // The later backup is restorable by source too.
        const QString to2 = dir_.path() + "/restored2";
        r = cli(home_, {"restore", "--source", src2_, "--to", to2});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        same_tree(src2_, to2);
        QCOMPARE(QDir(home_).entryList({"recover-catalog-*"}).size(), 0);
    }

    void corruptCatalogIsMovedAsideNotDeleted() {
        remove_catalog(home_);
        const QByteArray garbage = tltest::random_bytes(8192, 5);
        QVERIFY(tltest::write_file(home_ + "/catalog.db", garbage));
        auto r = cli(home_, {"recover-catalog", "--volume", catalog_volume_, "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("previous").toString(), QStringLiteral("broken"));
        const QString aside = obj(r).value("moved_aside").toString();
        QVERIFY(aside.contains("catalog.db.broken-"));
        QCOMPARE(read(aside), garbage);
        const QString to = dir_.path() + "/restored3";
        r = cli(home_, {"restore", "--job", "1", "--to", to});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        same_tree(src1_, to);
    }

    void afterJobsSettingFollowsBackups() {
        auto r = cli(home_, {"catalog", "after-jobs", "on", "--pool", "Catalog", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(obj(r).value("after_jobs").toBool(), true);
        const int before = job_names(home_).size();
        r = cli(home_, {"backup", "--source", src1_, "--name", "again", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY(r.json().isObject()); // stdout stays one JSON document
        auto names = job_names(home_);
        QCOMPARE(names.size(), before + 2);
        QCOMPARE(names.mid(before), (QStringList{"again:completed", "catalog:completed"}));
        // A catalog backup is not itself followed by one; off stops it.
        r = cli(home_, {"catalog", "backup", "--pool", "Catalog"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(job_names(home_).size(), before + 3);
        r = cli(home_, {"catalog", "after-jobs", "off"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = cli(home_, {"backup", "--source", src1_, "--name", "again"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(job_names(home_).size(), before + 4);
        r = cli(home_, {"catalog", "after-jobs", "maybe"});
        QCOMPARE(r.exit_code, 2);
    }

    // Jobs run from a definition (the scheduler, the console's Run now, `job run`) are followed
    // by the catalog backup too, not only `tapeloom-cli backup`.
    void afterJobsSettingFollowsDefinedJobs() {
        auto r = cli(home_, {"catalog", "after-jobs", "on", "--pool", "Catalog"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = cli(home_, {"job", "define", "nightly", "--source", src2_});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const int before = job_names(home_).size();
        r = cli(home_, {"job", "run", "nightly", "--level", "full", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(job_names(home_).mid(before),
                 (QStringList{"nightly:completed", "catalog:completed"}));
        r = cli(home_, {"catalog", "after-jobs", "off"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCatalogRecovery)
#include "test_catalog_recovery.moc"
