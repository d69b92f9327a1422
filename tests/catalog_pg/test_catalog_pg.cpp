#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "pg_cluster.h"

using tltest::run_cli;

// The whole path of a backup with the catalog in a real PostgreSQL server (a throw-away
// cluster of this test): backup, jobs list, files ls, restore byte-identical, verify; and the
// errors a user meets: a wrong password, a server that does not answer, a malformed URL, a
// catalog of another schema version, each naming the URL without its password.
class TestCatalogPg : public QObject {
    Q_OBJECT

    tltest::PgCluster pg_;
    int databases_ = 0;

    QString fresh_database() {
        const QString name = QString("tl%1").arg(++databases_);
        QString why;
        if (!pg_.create_database(name, &why)) qWarning("%s", qPrintable(why));
        return name;
    }
    static QByteArray read_file(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static QStringList with(const QString& home, const QString& url, QStringList args) {
        args = tltest::with_home(home, std::move(args));
        args.prepend(url);
        args.prepend("--catalog");
        return args;
    }

private Q_SLOTS:
    void initTestCase() {
        if (!pg_.available()) QSKIP(qPrintable(pg_.skip_reason()));
        QString why;
        QVERIFY2(pg_.start(&why), qPrintable(why));
    }
    void cleanupTestCase() { pg_.stop(); }

    void backupListRestoreVerify() {
        const QString url = pg_.url(fresh_database());
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/to";
        QVERIFY(tltest::make_fixture_tree(src));
        auto b = run_cli(with(home, url, {"backup", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const int files = b.json().object().value("files").toInt();
        QVERIFY(files > 100);
        QVERIFY(!QFile::exists(home + "/catalog.db")); // the catalog is in the server

        auto jobs = run_cli(with(home, url, {"jobs", "list", "--json"}));
        QVERIFY2(jobs.exit_code == 0, jobs.err.constData());
        const auto list = jobs.json().array();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.first().toObject().value("status").toString(), QString("completed"));

        auto ls = run_cli(with(home, url, {"files", "ls", "--job", "1", src, "--json"}));
        QVERIFY2(ls.exit_code == 0, ls.err.constData());
        QStringList names;
        for (const auto& e : ls.json().array())
            names << e.toObject().value("name").toString();
        QVERIFY2(names.contains("big.bin"), qPrintable(names.join(',')));
        QVERIFY(names.contains("small"));

        auto r = run_cli(with(home, url, {"restore", "--job", "1", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));

        auto v = run_cli(with(home, url, {"verify", "--job", "1", "--json"}));
        QVERIFY2(v.exit_code == 0, v.err.constData());
        QCOMPARE(v.json().object().value("files_ok").toInt(), files);

        // The restore by name pattern goes through the translated GLOB.
        const QString only = d.path() + "/only";
        auto g =
            run_cli(with(home, url, {"restore", "--job", "1", "--path", "*.bin", "--to", only}));
        QVERIFY2(g.exit_code == 0, g.err.constData());
        QVERIFY(QFile::exists(only + src + "/big.bin"));
        QVERIFY(!QFile::exists(only + src + "/hard1"));
    }

    // An encrypted backup with the catalog on the server: the key stays in <home>/keys (not
    // "beside" the catalog, which is a URL) and the restore finds it there.
    void encryptedRoundTripKeepsKeysInTheDataDirectory() {
        const QString url = pg_.url(fresh_database());
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/to";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        auto k = run_cli(with(home, url, {"key", "create", "k1"}));
        QVERIFY2(k.exit_code == 0, k.err.constData());
        auto b = run_cli(with(
            home, url, {"backup", "--encryption", "aes-256-gcm", "--key", "k1", "--source", src}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        auto r = run_cli(with(home, url, {"restore", "--job", "1", "--to", to}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
    }

    // $TAPELOOM_CATALOG chooses the catalog too; a second backup is an incremental based on the
    // first (the levels read from the server), and the restore of it gives the changed tree.
    void environmentChoosesTheCatalogForAnIncremental() {
        const QString db = fresh_database();
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/to";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        qputenv("TAPELOOM_CATALOG", pg_.url(db).toUtf8());
        auto full = run_cli(tltest::with_home(home, {"backup", "--source", src, "--json"}));
        QVERIFY(tltest::write_file(src + "/changed.txt", "written after the full\n"));
        auto incr = run_cli(
            tltest::with_home(home, {"backup", "--level", "incr", "--source", src, "--json"}));
        auto r = run_cli(tltest::with_home(home, {"restore", "--job", "2", "--to", to}));
        qunsetenv("TAPELOOM_CATALOG");
        QVERIFY2(full.exit_code == 0, full.err.constData());
        QVERIFY2(incr.exit_code == 0, incr.err.constData());
        QCOMPARE(incr.json().object().value("level").toString(), QString("incr"));
        QVERIFY(incr.json().object().value("files").toInt() <
                full.json().object().value("files").toInt());
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString why, count;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
        QVERIFY(!QFile::exists(home + "/catalog.db"));
        QVERIFY2(pg_.psql(db, "SELECT count(*) FROM jobs WHERE kind = 'backup'", &why, &count),
                 qPrintable(why));
        QCOMPARE(count, QString("2"));
    }

    // files find on PostgreSQL: a glob is case-sensitive, a part of a name is not (ASCII), as
    // on SQLite; the names are found through the pg_trgm GIN index of the schema.
    void filesFindUsesTheTrigramIndex() {
        const QString db = fresh_database();
        const QString url = pg_.url(db);
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src));
        auto b = run_cli(with(home, url, {"backup", "--source", src}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const auto names = [&](const QString& pattern) {
            auto r = run_cli(with(home, url, {"files", "find", pattern, "--job", "1", "--json"}));
            QStringList out;
            if (r.exit_code != 0) return QStringList{"exit " + QString::number(r.exit_code)};
            for (const auto& e : r.json().array())
                out << e.toObject().value("name").toString();
            return out;
        };
        QCOMPARE(names("*.bin"), QStringList({"big.bin"}));
        QCOMPARE(names("*.BIN"), QStringList());
        QCOMPARE(names("SPACE NAME"), QStringList({"space name.txt"}));
        QCOMPARE(names("f1?.txt").size(), 10);
        QString why, plan;
        QVERIFY2(pg_.psql(db,
                          "SET enable_seqscan = off; EXPLAIN SELECT id FROM names WHERE name ~ "
                          "tl_glob_regex('*.log')",
                          &why, &plan),
                 qPrintable(why));
        QVERIFY2(plan.contains("names_name_trgm"), qPrintable(plan));
    }

    // files find for every match on PostgreSQL, across an incremental's chain: more names than
    // one chunk of the set-based lookups, the changed file from the incremental, the deleted
    // one gone, in path order.
    void filesFindEveryMatchOfAChain() {
        const QString url = pg_.url(fresh_database());
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(QDir().mkpath(src + "/big"));
        const auto put = [&](const QString& path, const QByteArray& data) {
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
        };
        for (int i = 0; i < 2500; ++i)
            QVERIFY(put(src + QStringLiteral("/big/f%1").arg(i, 5, 10, QLatin1Char('0')), "b"));
        auto b = run_cli(with(home, url, {"backup", "--source", src}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QVERIFY(put(src + "/big/f01500", "changed"));
        QVERIFY(QFile::remove(src + "/big/f00007"));
        auto i = run_cli(with(home, url, {"backup", "--source", src, "--level", "incr"}));
        QVERIFY2(i.exit_code == 0, i.err.constData());
        auto r = run_cli(
            with(home, url, {"files", "find", "f0*", "--job", "2", "--limit", "5000", "--json"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto hits = r.json().array();
        QCOMPARE(hits.size(), 2499);
        QString previous;
        for (const auto& h : hits) {
            const auto e = h.toObject();
            const QString name = e.value("name").toString();
            QVERIFY2(name > previous, qPrintable(name));
            QVERIFY(name != "f00007");
            QCOMPARE(e.value("size").toInt(), name == "f01500" ? 7 : 1);
            QCOMPARE(e.value("job").toInt(), name == "f01500" ? 2 : 1);
            previous = name;
        }
    }

    // Names that are not UTF-8 (a Latin-1 name, a lone 0xFF) and a name holding a code point of
    // the block that stands for such bytes on the server (docs/catalog.md "Names that are not
    // UTF-8"): backed up into a PostgreSQL catalog, found by a glob, restored with the exact
    // bytes; and a SQLite catalog holding them migrated into PostgreSQL restores them too.
    void namesThatAreNotUtf8KeepTheirBytes() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/to";
        QVERIFY(QDir().mkpath(src + "/dir"));
        const std::string root = QFile::encodeName(src).toStdString();
        // QTemporaryDir cannot remove a name that is not UTF-8: the copies go here, whatever
        // the test's outcome.
        const std::vector<std::string> names = {"caf\xe9.txt", "raw\xff\xfe.bin",
                                                "pua\xf4\x8f\xb9\x81.txt", "dir/\xe9t\xe9"};
        struct RawNames { // with its own copy of the names
            std::vector<std::string> roots, names;
            ~RawNames() {
                for (const auto& r : roots)
                    for (const auto& n : names)
                        ::unlink((r + "/" + n).c_str());
            }
        } raw;
        for (const auto& name : names) {
            const int fd = ::open((root + "/" + name).c_str(), O_CREAT | O_WRONLY, 0644);
            QVERIFY(fd >= 0);
            QCOMPARE(::write(fd, name.data(), name.size()), static_cast<ssize_t>(name.size()));
            ::close(fd);
        }
        raw.names = names;
        for (const QString& copy : {src, to + src, d.path() + "/back" + src})
            raw.roots.push_back(QFile::encodeName(copy).toStdString());
        const QString url = pg_.url(fresh_database());
        auto b = run_cli(with(home, url, {"backup", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QCOMPARE(b.json().object().value("files").toInt(), 6); // and the two directories
        auto found = run_cli(with(home, url, {"files", "find", "caf*", "--job", "1", "--json"}));
        QVERIFY2(found.exit_code == 0, found.err.constData());
        QCOMPARE(found.json().array().size(), 1);
        auto r = run_cli(with(home, url, {"restore", "--job", "1", "--to", to}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));

        const QString local = d.path() + "/local", back = d.path() + "/back";
        QVERIFY(run_cli(tltest::with_home(local, {"backup", "--source", src})).exit_code == 0);
        const QString url2 = pg_.url(fresh_database());
        auto m = run_cli(tltest::with_home(local, {"catalog", "migrate", "--to", url2}));
        QVERIFY2(m.exit_code == 0, m.err.constData());
        auto r2 = run_cli(with(local, url2, {"restore", "--job", "1", "--to", back}));
        QVERIFY2(r2.exit_code == 0, r2.err.constData());
        QVERIFY2(tltest::same_tree(src, back + src, &why), qPrintable(why));
    }

    // catalog migrate --to URL: the SQLite catalog copied into PostgreSQL and checked, the file
    // left as it was; the data directory then restores from the copy; and back into a new file.
    void migrateCopiesTheWholeCatalog() {
        const QString db = fresh_database();
        const QString url = pg_.url(db);
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/to";
        QVERIFY(tltest::make_fixture_tree(src));
        auto b = run_cli(tltest::with_home(home, {"backup", "--source", src}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QByteArray before = read_file(home + "/catalog.db");
        auto m = run_cli(tltest::with_home(home, {"catalog", "migrate", "--to", url, "--json"}));
        QVERIFY2(m.exit_code == 0, m.err.constData());
        QVERIFY(!m.out.contains(tltest::PgCluster::kPassword));
        QVERIFY(m.json().object().value("rows").toInt() > 200);
        QCOMPARE(read_file(home + "/catalog.db"), before);
        auto again = run_cli(tltest::with_home(home, {"catalog", "migrate", "--to", url}));
        QVERIFY(again.exit_code != 0);
        QVERIFY2(again.err.contains("already holds a catalog"), again.err.constData());

        auto use = run_cli(tltest::with_home(home, {"catalog", "use", url}));
        QVERIFY2(use.exit_code == 0, use.err.constData());
        // The copy's name keys were built from its entries (they are not copied).
        auto found =
            run_cli(tltest::with_home(home, {"files", "find", "*.bin", "--job", "1", "--json"}));
        QVERIFY2(found.exit_code == 0, found.err.constData());
        QCOMPARE(found.json().array().size(), 1);
        auto r = run_cli(tltest::with_home(home, {"restore", "--job", "1", "--to", to}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));

        const QString back = d.path() + "/back";
        QVERIFY(QDir().mkpath(back));
        auto m2 =
            run_cli(tltest::with_home(home, {"catalog", "migrate", "--to", back + "/catalog.db"}));
        QVERIFY2(m2.exit_code == 0, m2.err.constData());
        auto jobs = run_cli(tltest::with_home(back, {"jobs", "list", "--json"}));
        QVERIFY2(jobs.exit_code == 0, jobs.err.constData());
        auto on_pg = run_cli(tltest::with_home(home, {"jobs", "list", "--json"}));
        QVERIFY2(on_pg.exit_code == 0, on_pg.err.constData());
        QCOMPARE(jobs.json().array().size(), 2); // the backup and the restore
        QCOMPARE(jobs.json(), on_pg.json());
    }

    void catalogUseStoresTheUrl() {
        const QString db = fresh_database();
        const QString url = pg_.url(db);
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src));
        auto use = run_cli(tltest::with_home(home, {"catalog", "use", url}));
        QVERIFY2(use.exit_code == 0, use.err.constData());
        QVERIFY(!use.out.contains(tltest::PgCluster::kPassword));
        auto b = run_cli(tltest::with_home(home, {"backup", "--source", src}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QVERIFY(!QFile::exists(home + "/catalog.db"));
        QString why, count;
        QVERIFY2(pg_.psql(db, "SELECT count(*) FROM jobs", &why, &count), qPrintable(why));
        QCOMPARE(count, QString("1"));
        // The catalog backup takes the database (pg_dump), never a stale catalog.db.
        auto cb = run_cli(tltest::with_home(home, {"catalog", "backup"}));
        QVERIFY2(cb.exit_code == 0, cb.err.constData());
        QVERIFY(!QFile::exists(home + "/catalog.db"));
    }

    void wrongPasswordNamesTheUrlWithoutIt() {
        const QString url = pg_.url(fresh_database(), "not-the-password");
        QTemporaryDir d;
        auto r = run_cli(with(d.path(), url, {"jobs", "list"}));
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.err.contains("password authentication failed"), r.err.constData());
        QVERIFY2(r.err.contains("postgresql://tl@/"), r.err.constData());
        QVERIFY(!r.err.contains("not-the-password"));
    }

    void unreachableServerIsAClearError() {
        QTemporaryDir d;
        const QString url = QString("postgresql://tl:%1@/tl1?host=%2")
                                .arg(QString(tltest::PgCluster::kPassword), d.path());
        auto r = run_cli(with(d.path() + "/home", url, {"jobs", "list"}));
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.err.contains("cannot connect to the PostgreSQL server"), r.err.constData());
        QVERIFY(r.err.contains("postgresql://tl@/tl1"));
        QVERIFY(!r.err.contains(tltest::PgCluster::kPassword));
        auto bad = run_cli(with(d.path() + "/home", "mysql://x", {"jobs", "list"}));
        QCOMPARE(bad.exit_code, 2);
    }

    void otherSchemaVersionIsRefused() {
        const QString db = fresh_database();
        const QString url = pg_.url(db);
        QTemporaryDir d;
        auto first = run_cli(with(d.path(), url, {"pool", "list"}));
        QVERIFY2(first.exit_code == 0, first.err.constData());
        QString why;
        QVERIFY2(pg_.psql(db, "UPDATE tapeloom_schema SET version = 999", &why), qPrintable(why));
        auto r = run_cli(with(d.path(), url, {"pool", "list"}));
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.err.contains("schema version 999"), r.err.constData());
        QVERIFY(r.err.contains(QString("postgresql://tl@/" + db).toUtf8()));
        QVERIFY(!r.err.contains(tltest::PgCluster::kPassword));
        // An older version is migrated (tests/catalog_pg/test_pg_upgrade).
    }

    void anotherProgramsDatabaseIsRefused() {
        const QString db = fresh_database();
        QString why;
        QVERIFY2(pg_.psql(db, "CREATE TABLE orders(id int)", &why), qPrintable(why));
        QTemporaryDir d;
        auto r = run_cli(with(d.path(), pg_.url(db), {"pool", "list"}));
        QCOMPARE(r.exit_code, 9);
        QVERIFY2(r.err.contains("not a Tapeloom catalog"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCatalogPg)
#include "test_catalog_pg.moc"
