#include <QtTest>

#include "catalog/db.h"
#include "catalog/pg_schema.h"
#include "catalog/schema.h"
#include "cli_runner.h"
#include "pg_cluster.h"

using namespace tl::catalog;

namespace {
// The schema version whose step gave jobs the kind 'clone' (engine/catalog/schema.cpp): the
// upgrade below starts at the version before it, so it also crosses kPgEntryNameDirsSchema.
constexpr int kCloneSchema = 14;

// Per save set and name, its directories: "saveset:name:dir/dir,...".
const char* kNameKeys =
    "SELECT coalesce(string_agg(saveset_id || ':' || name_id || ':' || (SELECT string_agg(d::text, "
    "'/' ORDER BY d) FROM unnest(dir_ids) d), ',' ORDER BY saveset_id, name_id), '') FROM "
    "entry_name_dirs";
} // namespace

// Schema migrations of a PostgreSQL catalog from the one description (issue 19, docs/catalog.md
// "PostgreSQL back end"): a catalog made at the previous schema version, holding rows, is brought
// to this build's version when a program opens it, its rows kept and the new version's columns
// and constraints in place; a catalog of a newer version is refused naming its URL without the
// password, and left as it is.
class TestPgUpgrade : public QObject {
    Q_OBJECT

    tltest::PgCluster pg_;

    std::string url(const char* db) const { return pg_.url(db).toStdString(); }
    QString query(const QString& db, const QString& sql) { return pg_.query(db, sql); }

private Q_SLOTS:
    void initTestCase() {
        if (!pg_.available()) QSKIP(qPrintable(pg_.skip_reason()));
        QString why;
        QVERIFY2(pg_.start(&why), qPrintable(why));
        for (const char* db : {"older", "newer", "viacli", "withkey", "names"})
            QVERIFY2(pg_.create_database(db, &why), qPrintable(why));
    }
    void cleanupTestCase() { pg_.stop(); }

    void olderCatalogIsMigratedWithItsRows() {
        const int previous = kCloneSchema - 1;
        {
            auto db = Db::open(url("older"), false);
            QVERIFY2(db, db ? "" : db.error().message.c_str());
            auto made = pg_create_catalog(db.value(), previous);
            QVERIFY2(made, made ? "" : made.error().message.c_str());
        }
        QCOMPARE(query("older", "SELECT version FROM tapeloom_schema"), QString::number(previous));
        // A row of the older version; the newer version's clone jobs are not allowed yet.
        QCOMPARE(query("older", "INSERT INTO jobs(kind, status, started) VALUES ('backup', "
                                "'completed', 1) RETURNING id"),
                 QStringLiteral("1"));
        QVERIFY(query("older", "INSERT INTO jobs(kind, status, started) VALUES ('clone', "
                               "'completed', 2)")
                    .startsWith("error"));
        {
            auto db = Db::open(url("older"), false);
            QVERIFY(db);
            auto migrated = migrate(db.value());
            QVERIFY2(migrated, migrated ? "" : migrated.error().message.c_str());
            auto version = stored_schema_version(db.value());
            QVERIFY(version);
            QCOMPARE(version.value(), schema_version());
        }
        QCOMPARE(query("older", "SELECT version FROM tapeloom_schema"),
                 QString::number(schema_version()));
        QCOMPARE(query("older", "SELECT kind || ':' || status FROM jobs WHERE id = 1"),
                 QStringLiteral("backup:completed"));
        // What this version added is there: the clone kind (a changed CHECK) and the sealed
        // copy's column; the scratch schema of the upgrade is gone.
        QCOMPARE(query("older", "INSERT INTO jobs(kind, status, started) VALUES ('clone', "
                                "'completed', 2) RETURNING kind"),
                 QStringLiteral("clone"));
        QCOMPARE(query("older", "SELECT count(*) FROM information_schema.columns WHERE "
                                "table_name = 'sessions' AND column_name = 'seal_uuid'"),
                 QStringLiteral("1"));
        QCOMPARE(query("older", "SELECT count(*) FROM pg_namespace WHERE nspname = 'tl_upgrade'"),
                 QStringLiteral("0"));
        // The name keys of kPgEntryNameDirsSchema replaced the index entries_name.
        QCOMPARE(query("older", "SELECT count(*) FROM pg_indexes WHERE indexname = 'entries_name'"),
                 QStringLiteral("0"));
        QCOMPARE(query("older", "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM "
                                "pg_tables WHERE tablename LIKE 'entry_name%'"),
                 QStringLiteral("entry_name_dirs,entry_names_pending"));
        // The same schema as a catalog made at this version: every table's columns.
        QCOMPARE(query("older", "SELECT string_agg(table_name || '.' || column_name || ' ' || "
                                "data_type, ',' ORDER BY table_name, column_name) FROM "
                                "information_schema.columns WHERE table_schema = 'public'"),
                 fresh_columns());
    }

    void newerCatalogIsRefusedNamingTheUrl() {
        {
            auto db = Db::open(url("newer"), false);
            QVERIFY(db);
            QVERIFY(pg_create_catalog(db.value(), schema_version()));
        }
        query("newer", "UPDATE tapeloom_schema SET version = version + 1");
        QTemporaryDir d;
        auto r =
            tltest::run_cli({"--catalog", pg_.url("newer"), "--home", d.path(), "jobs", "list"});
        QCOMPARE(r.exit_code, 1); // unsupported
        QVERIFY2(r.err.contains("postgresql://tl@/newer"), r.err.constData());
        QVERIFY2(r.err.contains("newer than this build"), r.err.constData());
        QVERIFY2(!r.err.contains(tltest::PgCluster::kPassword), r.err.constData());
        QCOMPARE(query("newer", "SELECT version FROM tapeloom_schema"),
                 QString::number(schema_version() + 1));
    }

    // entries' reference to savesets on PostgreSQL (pg_entries_check.h): a catalog made with
    // the foreign key (as builds before the triggers made it) gets the triggers and loses the
    // key when a writer opens it; then an entry of a save set that is not there is refused, and
    // deleting a save set deletes its entries, as the foreign key did.
    void entriesReferenceIsKeptByTriggers() {
        {
            auto db = Db::open(url("withkey"), false);
            QVERIFY(db);
            QVERIFY(pg_create_catalog(db.value(), schema_version()));
        }
        const QString fkeys = "SELECT count(*) FROM pg_constraint WHERE conrelid = "
                              "'entries'::regclass AND contype = 'f'";
        const QString triggers = "SELECT string_agg(tgname, ',' ORDER BY tgname) FROM pg_trigger "
                                 "WHERE tgname IN ('entries_saveset_check', "
                                 "'savesets_entries_delete')";
        QCOMPARE(query("withkey", fkeys), QStringLiteral("0"));
        QCOMPARE(query("withkey", triggers),
                 QStringLiteral("entries_saveset_check,savesets_entries_delete"));
        query("withkey", "DROP TRIGGER entries_saveset_check ON entries; DROP TRIGGER "
                         "savesets_entries_delete ON savesets; ALTER TABLE entries ADD "
                         "FOREIGN KEY (saveset_id) REFERENCES savesets(id) ON DELETE CASCADE");
        QCOMPARE(query("withkey", fkeys), QStringLiteral("1"));
        {
            auto db = Db::open(url("withkey"), false);
            QVERIFY(db);
            auto migrated = migrate(db.value());
            QVERIFY2(migrated, migrated ? "" : migrated.error().message.c_str());
        }
        QCOMPARE(query("withkey", fkeys), QStringLiteral("0"));
        QCOMPARE(query("withkey", triggers),
                 QStringLiteral("entries_saveset_check,savesets_entries_delete"));

        QCOMPARE(query("withkey",
                       "INSERT INTO jobs(id, kind, status, started) VALUES (1, 'backup', "
                       "'completed', 1); INSERT INTO sessions(id, job_id, uuid, drive, "
                       "block_size) VALUES (1, 1, '\\x01', 'd', 1); INSERT INTO savesets(id, "
                       "job_id, session_id, stream_id, source, kind) VALUES (1, 1, 1, 0, '/s', "
                       "'files'), (2, 1, 1, 1, '/t', 'files'); INSERT INTO entries VALUES "
                       "(1,1,1,1,1,1,0,1,NULL,0,1,1,1,0), (1,1,2,1,1,1,0,1,NULL,0,1,1,1,0), "
                       "(2,1,1,1,1,1,0,1,NULL,0,1,1,1,0); SELECT count(*) FROM entries"),
                 QStringLiteral("3"));
        QVERIFY(query("withkey", "INSERT INTO entries VALUES (1,2,1,1,1,1,0,1,NULL,0,1,1,1,0), "
                                 "(9,1,1,1,1,1,0,1,NULL,0,1,1,1,0)")
                    .contains("entries of save set 9, which is not in savesets"));
        QCOMPARE(query("withkey", "DELETE FROM savesets WHERE id = 1; SELECT "
                                  "string_agg(saveset_id::text, ',') FROM entries"),
                 QStringLiteral("2"));
        QCOMPARE(query("withkey", "DELETE FROM jobs; SELECT count(*) FROM entries"),
                 QStringLiteral("0"));
    }

    // The name keys (entry_names.h): a catalog of the schema before kPgEntryNameDirsSchema
    // (the index entries_name) gets an array of directories per save set and name for the
    // entries it holds when it is upgraded; deleting entries makes their save set pending (its
    // keys are built again), deleting a save set takes its keys with it.
    void olderCatalogsEntriesGetTheirNameKeys() {
        {
            auto db = Db::open(url("names"), false);
            QVERIFY(db);
            QVERIFY(pg_create_catalog(db.value(), kPgEntryNameDirsSchema - 1));
        }
        QCOMPARE(query("names",
                       "INSERT INTO jobs(id, kind, status, started) VALUES (1, 'backup', "
                       "'completed', 1); INSERT INTO sessions(id, job_id, uuid, drive, "
                       "block_size) VALUES (1, 1, '\\x01', 'd', 1); INSERT INTO savesets(id, "
                       "job_id, session_id, stream_id, source, kind) VALUES (1, 1, 1, 0, '/s', "
                       "'files'), (2, 1, 1, 1, '/t', 'files'); INSERT INTO entries VALUES "
                       "(1,1,1,1,1,1,0,1,NULL,0,1,1,1,0), (1,2,1,1,1,1,0,1,NULL,0,1,1,1,0), "
                       "(1,1,2,1,1,1,0,1,NULL,0,1,1,1,0), (2,1,1,1,1,1,0,1,NULL,0,1,1,1,0); "
                       "SELECT count(*) FROM entries"),
                 QStringLiteral("4"));
        {
            auto db = Db::open(url("names"), false);
            QVERIFY(db);
            auto migrated = migrate(db.value());
            QVERIFY2(migrated, migrated ? "" : migrated.error().message.c_str());
        }
        QCOMPARE(query("names", kNameKeys), QStringLiteral("1:1:1/2,1:2:1,2:1:1"));
        QCOMPARE(query("names", "SELECT count(*) FROM entry_names_pending"), QStringLiteral("0"));
        QCOMPARE(query("names", "DELETE FROM entries WHERE saveset_id = 1 AND dir_id = 2; SELECT "
                                "string_agg(saveset_id::text, ',') FROM entry_names_pending"),
                 QStringLiteral("1"));
        QCOMPARE(query("names", "DELETE FROM savesets WHERE id = 2; SELECT "
                                "string_agg(saveset_id::text, ',') FROM entry_names_pending"),
                 QStringLiteral("1"));
        QCOMPARE(query("names", kNameKeys), QStringLiteral("1:1:1/2,1:2:1"));
    }

private:
    QString fresh_columns() {
        auto db = Db::open(url("viacli"), false);
        if (!db || !migrate(db.value())) return "cannot make a fresh catalog";
        return query("viacli", "SELECT string_agg(table_name || '.' || column_name || ' ' || "
                               "data_type, ',' ORDER BY table_name, column_name) FROM "
                               "information_schema.columns WHERE table_schema = 'public'");
    }
};

QTEST_GUILESS_MAIN(TestPgUpgrade)
#include "test_pg_upgrade.moc"
