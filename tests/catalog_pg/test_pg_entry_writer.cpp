#include <QtTest>

#include "catalog/entry_names.h"
#include "catalog/entry_records.h"
#include "catalog/entry_writer.h"
#include "catalog/volume_store.h"
#include "cli_runner.h"
#include "fixture_tree.h"
#include "pg_cluster.h"

using namespace tl::catalog;

// The catalog writer on PostgreSQL COPYs a batch straight into `entries` (docs/catalog.md
// "PostgreSQL back end"); a batch that writes a path the save set already holds still replaces
// it, as INSERT OR REPLACE does on SQLite: the batch is written again through the merge, whole,
// with its new paths. The rows travel in COPY's binary format, every column exact.
class TestPgEntryWriter : public QObject {
    Q_OBJECT

    tltest::PgCluster pg_;

    QString query(const QString& sql) { return pg_.query("writer", sql); }

    // Backs the fixture tree (files up to `largest` bytes) up into the catalog `database`.
    bool back_up_fixture(const QTemporaryDir& d, const QString& database, qint64 largest) {
        const QString src = d.path() + "/src";
        if (!tltest::make_fixture_tree(src, largest)) return false;
        auto r = tltest::run_cli({"--catalog", pg_.url(database), "--home", d.path() + "/home",
                                  "backup", "--source", src});
        if (r.exit_code != 0) qWarning("%s", r.err.constData());
        return r.exit_code == 0;
    }

    // A new database `database` holding a backup of the fixture tree (files up to 4 KiB); the
    // volume its entries are on, or "" (with the reason logged) when that failed.
    QString database_with_a_backup(const QTemporaryDir& d, const QString& database) {
        QString why;
        if (!pg_.create_database(database, &why)) {
            qWarning("%s", qPrintable(why));
            return {};
        }
        if (!back_up_fixture(d, database, 1 << 12)) return {};
        return pg_.query(database, "SELECT min(volume_id) FROM entries");
    }

private Q_SLOTS:
    void initTestCase() {
        if (!pg_.available()) QSKIP(qPrintable(pg_.skip_reason()));
        QString why;
        QVERIFY2(pg_.start(&why), qPrintable(why));
        QVERIFY2(pg_.create_database("writer", &why), qPrintable(why));
    }
    void cleanupTestCase() { pg_.stop(); }

    void pathWrittenAgainIsReplaced() {
        QTemporaryDir d;
        QVERIFY(back_up_fixture(d, "writer", 1 << 16));
        const QString entry_of_empty =
            "FROM entries e JOIN dirs d ON d.id = e.dir_id JOIN names n ON n.id = e.name_id "
            "WHERE e.saveset_id = 1 AND n.name = 'empty'";
        const QStringList row =
            query("SELECT d.path || '|' || e.volume_id " + entry_of_empty).split('|');
        QCOMPARE(row.size(), 2);
        const QString entries_before = query("SELECT count(*) FROM entries");

        auto writer = EntryWriter::open(pg_.url("writer").toStdString());
        QVERIFY2(writer, writer ? "" : writer.error().message.c_str());
        CatalogBatch batch;
        for (const char* name : {"empty", "added.txt"}) {
            FileRecord f;
            f.saveset_id = 1;
            f.dir = row[0].toStdString();
            f.name = name;
            f.kind = 1;
            f.mode = 0100644;
            f.size = 4242;
            f.volume_id = row[1].toLongLong();
            batch.files.push_back(f);
        }
        auto st = writer->write(batch);
        QVERIFY2(st, st ? "" : st.error().message.c_str());
        QCOMPARE(query("SELECT e.size " + entry_of_empty), QStringLiteral("4242"));
        QCOMPARE(query("SELECT count(*) FROM entries"),
                 QString::number(entries_before.toLongLong() + 1));
        QCOMPARE(query("SELECT count(*) FROM entries e JOIN names n ON n.id = e.name_id WHERE "
                       "n.name = 'added.txt'"),
                 QStringLiteral("1"));
        // The writer goes on: a later batch of new paths and one written again.
        CatalogBatch later;
        FileRecord f = batch.files[1];
        f.size = 7;
        later.files.push_back(f);
        f.name = "more.txt";
        later.files.push_back(f);
        st = writer->write(later);
        QVERIFY2(st, st ? "" : st.error().message.c_str());
        QCOMPARE(query("SELECT string_agg(n.name || '=' || e.size, ',' ORDER BY n.name) FROM "
                       "entries e JOIN names n ON n.id = e.name_id WHERE n.name IN "
                       "('added.txt', 'more.txt')"),
                 QStringLiteral("added.txt=7,more.txt=7"));
        // Many new names at once (added in bulk), with the characters COPY's text format escapes.
        CatalogBatch bulk;
        f.saveset_id = 1;
        for (int i = 0; i < 20; ++i) {
            f.name = "bulk-" + std::to_string(i);
            bulk.files.push_back(f);
        }
        for (const char* name : {"tab\tname", "new\nline", "back\\slash", "cr\rname"}) {
            f.name = name;
            bulk.files.push_back(f);
        }
        st = writer->write(bulk);
        QVERIFY2(st, st ? "" : st.error().message.c_str());
        QCOMPARE(query("SELECT count(*) FROM entries e JOIN names n ON n.id = e.name_id WHERE "
                       "n.name LIKE 'bulk-%' OR n.name IN (E'tab\\tname', E'new\\nline', "
                       "E'back\\\\slash', E'cr\\rname')"),
                 QStringLiteral("24"));
    }

    // A batch's COPY goes to the server in pieces of 64 KiB as they are made (a batch of 20,000
    // entries is about 54 of them): every entry arrives; a batch that meets a path already
    // there after the server stored the pieces before it replaces it through the merge; and a
    // batch that fails after its first pieces are stored leaves none of its entries behind.
    void batchSentInPiecesIsWholeOrNothing() {
        QTemporaryDir d;
        const QString volume = database_with_a_backup(d, "pieces");
        QVERIFY(!volume.isEmpty());
        auto writer = EntryWriter::open(pg_.url("pieces").toStdString());
        QVERIFY2(writer, writer ? "" : writer.error().message.c_str());
        auto file = [&](std::int64_t saveset, int i, std::uint64_t size) {
            FileRecord f;
            f.saveset_id = saveset;
            f.dir = "pieces";
            f.name = "f-" + std::to_string(100000 + i);
            f.mode = 0100644;
            f.size = size;
            f.inode = static_cast<std::uint64_t>(i);
            f.volume_id = volume.toLongLong();
            f.has_hash = true;
            f.hash[0] = static_cast<std::uint8_t>(i);
            return f;
        };
        const QString in_dir = "FROM entries e JOIN dirs d ON d.id = e.dir_id WHERE d.path = "
                               "'pieces' AND e.saveset_id = 1";
        CatalogBatch first;
        for (int i = 0; i < 20000; ++i)
            first.files.push_back(file(1, i, 10));
        auto st = writer->write(first);
        QVERIFY2(st, st ? "" : st.error().message.c_str());
        QCOMPARE(pg_.query("pieces", "SELECT count(*) || ',' || sum(size) || ',' || sum(inode) "
                                     "|| ',' || count(hash) " +
                                         in_dir),
                 QStringLiteral("20000,200000,199990000,20000"));
        // The first 10,000 paths again (their names have the lowest ids: they come first in the
        // COPY, the error while the rest is still being sent), then 10,000 new ones.
        CatalogBatch again;
        for (int i = 0; i < 30000; ++i)
            if (i < 10000 || i >= 20000) again.files.push_back(file(1, i, 7));
        st = writer->write(again);
        QVERIFY2(st, st ? "" : st.error().message.c_str());
        QCOMPARE(pg_.query("pieces", "SELECT count(*) || ',' || sum(size) " + in_dir),
                 QStringLiteral("30000,240000"));
        // 20,000 new entries of save set 1, then one of a save set that does not exist, through
        // a new writer (straight into entries): the statement fails at its end, after the server
        // stored the first pieces, and so does the merge it is tried again with; nothing of the
        // batch is kept, and the catalog's entries are as before.
        const QString all_before = pg_.query("pieces", "SELECT count(*) FROM entries");
        CatalogBatch broken;
        for (int i = 30000; i < 50000; ++i)
            broken.files.push_back(file(1, i, 1));
        broken.files.push_back(file(999999, 0, 1));
        auto direct = EntryWriter::open(pg_.url("pieces").toStdString());
        QVERIFY2(direct, direct ? "" : direct.error().message.c_str());
        st = direct->write(broken);
        QVERIFY(!st);
        QVERIFY2(st.error().message.find("999999") != std::string::npos,
                 st.error().message.c_str());
        QCOMPARE(pg_.query("pieces", "SELECT count(*) FROM entries"), all_before);
        QCOMPARE(pg_.query("pieces", "SELECT count(*) || ',' || sum(size) " + in_dir),
                 QStringLiteral("30000,240000"));
        // The writer goes on after the failure.
        CatalogBatch after;
        for (int i = 30000; i < 30010; ++i)
            after.files.push_back(file(1, i, 1));
        st = writer->write(after);
        QVERIFY2(st, st ? "" : st.error().message.c_str());
        QCOMPARE(pg_.query("pieces", "SELECT count(*) " + in_dir), QStringLiteral("30010"));
    }

    // The batch's entries travel in COPY's binary format: every column arrives as the writer
    // had it, at the edges of its type (negative times and ctime deltas, 64-bit sizes, inodes
    // and offsets, the largest 32-bit file numbers and blocks), the hash as its 16 bytes, or
    // NULL without one.
    void everyColumnArrivesExactly() {
        QTemporaryDir d;
        const QString volume = database_with_a_backup(d, "columns");
        QVERIFY(!volume.isEmpty());
        auto writer = EntryWriter::open(pg_.url("columns").toStdString());
        QVERIFY2(writer, writer ? "" : writer.error().message.c_str());
        CatalogBatch batch;
        FileRecord f;
        f.saveset_id = 1;
        f.dir = "edges";
        f.name = "with-hash";
        f.size = (1ull << 40) + 5;
        f.mtime_ns = -1'234'567'890'123;
        f.ctime_ns = f.mtime_ns - 7;
        f.inode = ~0ull;
        f.offset = (1ull << 50) + 3;
        f.volume_id = volume.toLongLong();
        f.file_number = 0xffffffffu;
        f.block = 0xfffffffeu;
        f.flags = 3;
        for (std::size_t i = 0; i < f.hash.size(); ++i)
            f.hash[i] = static_cast<std::uint8_t>(i * 17);
        f.has_hash = true;
        batch.files.push_back(f);
        f.name = "no-hash";
        f.has_hash = false;
        f.ctime_ns = f.mtime_ns + 1'000'000'000;
        batch.files.push_back(f);
        auto st = writer->write(batch);
        QVERIFY2(st, st ? "" : st.error().message.c_str());
        QCOMPARE(pg_.query("columns",
                           "SELECT string_agg(concat_ws(',', n.name, e.size, e.mtime, "
                           "e.ctime_delta, e.inode, coalesce(encode(e.hash, 'hex'), 'null'), "
                           "e.\"offset\", e.file_number, e.block, e.flags), ' ' ORDER BY n.name) "
                           "FROM entries e JOIN dirs d ON d.id = e.dir_id JOIN names n ON "
                           "n.id = e.name_id WHERE d.path = 'edges'"),
                 QStringLiteral("no-hash,1099511627781,-1234567890123,1000000000,-1,null,"
                                "1125899906842627,4294967295,4294967294,3 "
                                "with-hash,1099511627781,-1234567890123,-7,-1,"
                                "00112233445566778899aabbccddeeff,1125899906842627,4294967295,"
                                "4294967294,3"));
    }

    // The name keys on PostgreSQL (catalog/entry_names.h): a backup's save set gets them when it
    // ends, one array of directories per name covering every entry; entries written after its
    // end make it pending until its keys are built again; entries deleted (through the files
    // view, as a purge does) make it pending, and the keys built again leave the deleted ones
    // out; a volume's contents deleted take their keys with them.
    void nameKeysFollowTheEntries() {
        QTemporaryDir d;
        const QString volume = database_with_a_backup(d, "keys");
        QVERIFY(!volume.isEmpty());
        const auto q = [&](const QString& sql) { return pg_.query("keys", sql); };
        const QString keys = "SELECT coalesce(sum(cardinality(dir_ids)), 0) FROM entry_name_dirs";
        const QString pending = "SELECT count(*) FROM entry_names_pending";
        const QString entries = q("SELECT count(*) FROM entries");
        QVERIFY(entries.toInt() > 100);
        QCOMPARE(q(keys), entries);
        QCOMPARE(q(pending), QStringLiteral("0"));
        QCOMPARE(q("SELECT count(*) FROM (SELECT saveset_id, name_id FROM entries EXCEPT SELECT "
                   "saveset_id, name_id FROM entry_name_dirs) x"),
                 QStringLiteral("0"));

        auto db = Db::open(pg_.url("keys").toStdString(), false);
        QVERIFY(db);
        QVERIFY(db->exec("DELETE FROM files WHERE name LIKE 'f1%'"));
        const QString left = q("SELECT count(*) FROM entries");
        QVERIFY(left.toInt() < entries.toInt());
        QCOMPARE(q(pending), QStringLiteral("1"));
        auto filled = fill_pending_entry_names(db.value());
        QVERIFY2(filled, filled ? "" : filled.error().message.c_str());
        QCOMPARE(filled.value(), 1);
        QCOMPARE(q(pending), QStringLiteral("0"));
        QCOMPARE(q(keys), left);
        QCOMPARE(q("SELECT count(*) FROM entry_name_dirs k JOIN names n ON n.id = k.name_id "
                   "WHERE n.name LIKE 'f1%'"),
                 QStringLiteral("0"));

        QVERIFY(delete_volume_contents(db.value(), volume.toLongLong(), {}));
        QCOMPARE(q("SELECT count(*) FROM entries"), QStringLiteral("0"));
        QCOMPARE(q(pending), QStringLiteral("0"));
        QCOMPARE(q(keys), QStringLiteral("0"));
    }
};

QTEST_GUILESS_MAIN(TestPgEntryWriter)
#include "test_pg_entry_writer.moc"
