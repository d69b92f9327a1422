#include <QtTest>

#include <optional>

#include "catalog/db.h"
#include "catalog/schema.h"
#include "cli_runner.h"
#include "job/catalog_browser.h"
#include "job/catalog_writer.h"

using tltest::run_cli;
using namespace tl;
using namespace tl::job;

namespace {
// The schema version whose step turned the `files` table into entries + names + attrs (with
// `files` left as a view); a catalog at the version before it has the old table.
constexpr int kEntriesSchema = 9;

// The file-entry table and its index as schema steps 2, 5 and 7 left them (the previous layout).
constexpr const char* kOldFilesTable = R"sql(
CREATE TABLE files(
  id         INTEGER PRIMARY KEY,
  saveset_id INTEGER NOT NULL REFERENCES savesets(id) ON DELETE CASCADE,
  dir_id     INTEGER NOT NULL REFERENCES dirs(id),
  name       TEXT NOT NULL,
  kind       INTEGER NOT NULL,
  mode       INTEGER NOT NULL,
  uid        INTEGER NOT NULL,
  gid        INTEGER NOT NULL,
  size       INTEGER NOT NULL,
  mtime      INTEGER NOT NULL,
  hash       BLOB,
  offset     INTEGER NOT NULL,
  volume_id  INTEGER NOT NULL,
  file_number INTEGER NOT NULL,
  block      INTEGER NOT NULL,
  flags      INTEGER NOT NULL DEFAULT 0,
  ctime INTEGER NOT NULL DEFAULT 0,
  inode INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX files_saveset_dir ON files(saveset_id, dir_id, name);
)sql";

void write(const QString& path, const QByteArray& data) {
    QVERIFY(QDir().mkpath(QFileInfo(path).path()));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(data), qint64(data.size()));
}

QByteArray read(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

std::vector<std::string> paths(const std::vector<BrowseEntry>& v) {
    std::vector<std::string> out;
    for (const auto& e : v)
        out.push_back(e.path);
    return out;
}

// Every file entry as text, in key order: what a catalog knows about its files.
QStringList dump_entries(catalog::Db& db) {
    auto q = db.prepare("SELECT f.saveset_id, d.path, f.name, f.kind, f.mode, f.uid, f.gid, "
                        "f.size, f.mtime, f.ctime, f.inode, hex(f.hash), f.offset, f.volume_id, "
                        "f.file_number, f.block, f.flags FROM files f JOIN dirs d ON "
                        "d.id=f.dir_id ORDER BY 1, 2, 3");
    QStringList out;
    if (!q) return {QString::fromStdString(q.error().message)};
    for (;;) {
        auto row = q->step();
        if (!row || !row.value()) break;
        QStringList cols;
        for (int i = 0; i < 17; ++i)
            cols << QString::fromStdString(q->text(i));
        out << cols.join(QLatin1Char('|'));
    }
    return out;
}
} // namespace

// The catalog layout of issue #8 ("Catalog at scale"): a catalog written with the previous
// layout (one `files` row per entry with its name) is migrated and still lists, searches and
// restores the same entries; the name search's pattern rules on a merged point-in-time view.
class TestCatalogScale : public QObject {
    Q_OBJECT

    // One job with one file-tree save set of /src; returns the save set id.
    static std::int64_t add_job(catalog::Db& db, const std::string& level, std::int64_t base,
                                long long started) {
        auto j = db.prepare("INSERT INTO jobs(kind,name,level,status,started) "
                            "VALUES('backup','',?,'completed',?)");
        (void)j->bind(1, level).bind(2, started).run();
        const auto job_id = db.last_insert_rowid();
        auto se = db.prepare("INSERT INTO sessions(job_id,uuid,drive,block_size) "
                             "VALUES(?,randomblob(16),'d0',262144)");
        (void)se->bind(1, job_id).run();
        const auto session = db.last_insert_rowid();
        auto s = db.prepare("INSERT INTO savesets(job_id,session_id,stream_id,source,kind,"
                            "status,base_id) VALUES(?,?,1,'/src','files','completed',?)");
        s->bind(1, job_id).bind(2, session);
        if (base)
            s->bind(3, base);
        else
            s->bind_null(3);
        (void)s->run();
        return db.last_insert_rowid();
    }

    static CatalogBatch batch(std::int64_t saveset, const std::vector<std::string>& files,
                              const std::vector<std::string>& deleted = {}) {
        CatalogBatch b;
        std::uint64_t offset = 0;
        for (const auto& path : files) {
            FileRecord r;
            r.saveset_id = saveset;
            const auto slash = path.find_last_of('/');
            r.dir = slash == std::string::npos ? "" : path.substr(0, slash);
            r.name = slash == std::string::npos ? path : path.substr(slash + 1);
            r.kind = path.empty() ? 1 : 0;
            r.mode = 0100644;
            r.size = 100 + path.size() + static_cast<std::uint64_t>(saveset);
            r.mtime_ns = 1'700'000'000'000'000'000;
            r.ctime_ns = r.mtime_ns + static_cast<std::int64_t>(path.size());
            r.offset = offset;
            offset += 1000;
            b.files.push_back(r);
        }
        for (const auto& path : deleted) {
            DeletionRecord d;
            d.saveset_id = saveset;
            const auto slash = path.find_last_of('/');
            d.dir = slash == std::string::npos ? "" : path.substr(0, slash);
            d.name = slash == std::string::npos ? path : path.substr(slash + 1);
            b.deletions.push_back(d);
        }
        return b;
    }

private Q_SLOTS:
    void searchPatternsOnAMergedView() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/catalog.db";
        auto db = catalog::Db::open(path);
        QVERIFY(db.ok());
        QVERIFY(catalog::migrate(db.value()).ok());
        auto writer = CatalogWriter::open(path);
        QVERIFY(writer.ok());
        const auto full = add_job(db.value(), "full", 0, 100);
        auto b1 = batch(full, {"", "app.log", "app.log.1", "Report.LOG", "log-reader.txt",
                               "src/a.c", "src/b.c", "src/c.h", "src/a_b.txt", "src/axb.txt",
                               "var/app.log", "var/old.log", "zz/app.log"});
        QVERIFY(writer.value()->commit(b1).ok());
        // The incremental changes var/app.log and deletes var/old.log.
        const auto incr = add_job(db.value(), "incr", full, 200);
        auto b2 = batch(incr, {"var/app.log"}, {"var/old.log"});
        QVERIFY(writer.value()->commit(b2).ok());

        auto roots = browse_roots(db.value(), 2);
        QVERIFY(roots.ok());
        const auto& view = roots->front();
        QCOMPARE(view.chain, (std::vector<std::int64_t>{full, incr}));
        auto search = [&](const std::string& pattern, std::size_t limit = 100) {
            auto hits = search_names(db.value(), view, pattern, limit);
            return hits ? paths(hits.value()) : std::vector<std::string>{hits.error().message};
        };
        // A glob suffix: case-sensitive, the deleted file gone, sorted by directory then name.
        QCOMPARE(search("*.log"),
                 (std::vector<std::string>{"app.log", "var/app.log", "zz/app.log"}));
        // A glob prefix, ? and a [set].
        QCOMPARE(search("app*"),
                 (std::vector<std::string>{"app.log", "app.log.1", "var/app.log", "zz/app.log"}));
        QCOMPARE(search("?.h"), (std::vector<std::string>{"src/c.h"}));
        QCOMPARE(search("[ab].c"), (std::vector<std::string>{"src/a.c", "src/b.c"}));
        // Without glob characters: a case-insensitive substring, % and _ taken literally.
        QCOMPARE(search("LOG"),
                 (std::vector<std::string>{"Report.LOG", "app.log", "app.log.1", "log-reader.txt",
                                           "var/app.log", "zz/app.log"}));
        QCOMPARE(search("a_b"), (std::vector<std::string>{"src/a_b.txt"}));
        QVERIFY(search("nothing-like-this").empty());
        // The first page, by path; the newest version of a changed file.
        QCOMPARE(search("*.log", 2), (std::vector<std::string>{"app.log", "var/app.log"}));
        auto changed = search_names(db.value(), view, "*.log", 100);
        QVERIFY(changed.ok());
        QCOMPARE(changed->at(1).job_id, std::int64_t(2));
        QCOMPARE(changed->at(1).size, std::uint64_t(100 + 11 + incr));
        QCOMPARE(changed->at(0).job_id, std::int64_t(1));
        // The full alone still has the deleted file.
        auto full_roots = browse_roots(db.value(), 1);
        QVERIFY(full_roots.ok());
        auto in_full = search_names(db.value(), full_roots->front(), "old*", 10);
        QCOMPARE(paths(in_full.value()), (std::vector<std::string>{"var/old.log"}));

        // ctime is kept exactly (stored as its difference to mtime).
        QCOMPARE(db->scalar("SELECT ctime - mtime FROM files WHERE name='log-reader.txt'").value(),
                 std::int64_t(14));
        // Names are stored once, however many directories hold them.
        QCOMPARE(db->scalar("SELECT count(*) FROM names WHERE name='app.log'").value(),
                 std::int64_t(1));
    }

    void previousLayoutMigratesAndStillRestores() {
        QVERIFY(catalog::schema_version() >= kEntriesSchema);
        QTemporaryDir dir;
        const QString home = dir.path() + "/home", src = dir.path() + "/src";
        write(src + "/a/x.log", "x-content");
        write(src + "/a/b/y.txt", "yy-content");
        write(src + "/z.LOG", "zzz-content");
        for (int i = 0; i < 300; ++i)
            write(src + QStringLiteral("/many/f%1.dat").arg(i, 4, 10, QLatin1Char('0')),
                  QByteArray::number(i));
        QCOMPARE(run_cli({"--home", home, "backup", "--source", src}).exit_code, 0);
        write(src + "/z.LOG", "zzz-changed");
        QVERIFY(QFile::remove(src + "/a/x.log"));
        QCOMPARE(run_cli({"--home", home, "backup", "--source", src, "--level", "incr"}).exit_code,
                 0);
        const std::string catalog_path = (home + "/catalog.db").toStdString();

        // Put the catalog back into the previous layout: the old table with the same rows
        // (an old catalog's ctime 0 kept as written then), the version before the step.
        QStringList before;
        {
            auto db = catalog::Db::open(catalog_path, false);
            QVERIFY(db.ok());
            before = dump_entries(db.value());
            QVERIFY(before.size() > 300);
            for (const char* sql :
                 {"CREATE TEMP TABLE old_rows AS SELECT * FROM files", "DROP VIEW files",
                  "DROP TABLE entries", "DROP TABLE names", "DROP TABLE attrs"})
                QVERIFY2(db->exec(sql).ok(), sql);
            QVERIFY(db->exec(kOldFilesTable).ok());
            QVERIFY(db->exec("INSERT INTO files(saveset_id, dir_id, name, kind, mode, uid, gid, "
                             "size, mtime, hash, offset, volume_id, file_number, block, flags, "
                             "ctime, inode) SELECT saveset_id, dir_id, name, kind, mode, uid, "
                             "gid, size, mtime, hash, offset, volume_id, file_number, block, "
                             "flags, ctime, inode FROM old_rows ORDER BY saveset_id, offset")
                        .ok());
            QVERIFY(db->exec("UPDATE files SET ctime=0 WHERE name='y.txt'").ok());
            // The steps after it run again too: undo what they added.
            QVERIFY(db->exec("ALTER TABLE schedules DROP COLUMN name").ok()); // schedule names
            for (const char* sql :                                            // encrypted save sets
                 {"ALTER TABLE pools DROP COLUMN encryption",
                  "ALTER TABLE pools DROP COLUMN key_name",
                  "ALTER TABLE pools DROP COLUMN encrypt_names",
                  "ALTER TABLE sessions DROP COLUMN key_id",
                  "ALTER TABLE sessions DROP COLUMN names_sealed",
                  "ALTER TABLE sessions DROP COLUMN seal_uuid", // clones of encrypted save sets
                  "ALTER TABLE jobs DROP COLUMN wait_reason",   // waiting jobs
                  "ALTER TABLE clients DROP COLUMN reachable",  // clients online
                  "ALTER TABLE clients DROP COLUMN last_backup_bytes"})
                QVERIFY2(db->exec(sql).ok(), sql);
            // The trigram name index (its triggers went with the names table).
            QVERIFY(db->exec("DROP TABLE names_search").ok());
            QVERIFY(db->exec("PRAGMA user_version=" + std::to_string(kEntriesSchema - 1)).ok());
        }
        // The CLI opens it, migrates it, and lists, searches and restores as before.
        auto ls = run_cli({"--home", home, "files", "ls", "--job", "2", "a", "--json"});
        QVERIFY2(ls.exit_code == 0, ls.err.constData());
        const auto arr = ls.json().array();
        QCOMPARE(arr.size(), 1); // x.log deleted by the incremental
        QCOMPARE(arr[0].toObject().value("name").toString(), QStringLiteral("b"));
        {
            auto db = catalog::Db::open(catalog_path, false);
            QVERIFY(db.ok());
            QCOMPARE(db->scalar("PRAGMA user_version").value(),
                     std::int64_t(catalog::schema_version()));
            QCOMPARE(db->scalar("SELECT count(*) FROM sqlite_master WHERE type='table' AND "
                                "name='files'")
                         .value(),
                     std::int64_t(0));
            auto after = dump_entries(db.value());
            QCOMPARE(after.size(), before.size());
            QCOMPARE(db->scalar("SELECT ctime FROM files WHERE name='y.txt'").value(),
                     std::int64_t(0));
            for (int i = 0; i < before.size(); ++i)
                if (!before[i].contains(QStringLiteral("|y.txt|"))) QCOMPARE(after[i], before[i]);
            auto roots = browse_roots(db.value(), 2);
            QVERIFY(roots.ok());
            auto logs = search_names(db.value(), roots->front(), "log", 10);
            QCOMPARE(paths(logs.value()), (std::vector<std::string>{"z.LOG"}));
            auto many = list_directory(db.value(), roots->front(), "many", "f0149.dat", 1000);
            QCOMPARE(many->size(), std::size_t(150));
            auto versions = file_versions(db.value(), (src + "/z.LOG").toStdString());
            QCOMPARE(versions->size(), std::size_t(2));
            auto gone = file_versions(db.value(), (src + "/a/x.log").toStdString());
            QCOMPARE(gone->size(), std::size_t(2));
            QVERIFY(gone->back().deleted);
        }
        const QString to = dir.path() + "/restored";
        // --existing overwrite: two positioned reads of one save set that share a tape chunk
        // currently both hand the chunk's wanted objects to the writer (a restore-side matter,
        // not the catalog's), which the default policy reports as "exists" warnings.
        auto r = run_cli(
            {"--home", home, "restore", "--job", "2", "--to", to, "--existing", "overwrite"});
        QVERIFY2(r.exit_code == 0, (r.out + r.err).constData());
        const QString out = to + src;
        QCOMPARE(read(out + "/z.LOG"), QByteArray("zzz-changed"));
        QCOMPARE(read(out + "/a/b/y.txt"), QByteArray("yy-content"));
        QVERIFY(!QFile::exists(out + "/a/x.log"));
        for (int i = 0; i < 300; i += 37)
            QCOMPARE(read(out + QStringLiteral("/many/f%1.dat").arg(i, 4, 10, QLatin1Char('0'))),
                     QByteArray::number(i));
    }
};

QTEST_GUILESS_MAIN(TestCatalogScale)
#include "test_catalog_scale.moc"
