#include <QtTest>

#include <algorithm>
#include <set>
#include <tuple>

#include "backup_rows.h"
#include "catalog/catalog_location.h"
#include "catalog/entry_names.h"
#include "catalog/entry_store.h"
#include "catalog/entry_writer.h"
#include "catalog/job_store.h"
#include "catalog/job_writer.h"
#include "catalog/job_writes.h"
#include "catalog/pg_schema.h"
#include "catalog/saveset_store.h"
#include "catalog/schema.h"
#include "catalog/session_store.h"
#include "context/engine.h"
#include "job/catalog_browser.h"
#include "temp_catalog.h"

// SQLite's name keys are built when a save set ends (catalog/entry_names.h, docs/catalog.md
// "Name search"): a backup's entries are found by the name search once its save set ended, or,
// when its process died first, once the catalog is opened for writing again; a purge takes the
// keys with the save set; a catalog of the schema with the index entries_name answers the same
// after its migration; PostgreSQL's schema has keys of its own (entry_name_dirs).
namespace {

using Hit = std::tuple<std::string, std::uint64_t, std::int64_t>; // path, size, job

constexpr int kEntryNamesSchema = 15; // the schema step that made entry_names

// 100 names, 2 directories: the first page of "*.log" is searched directory by directory (64
// matching names or more), every match name by name (catalog_browser.cpp).
std::vector<std::string> names() {
    std::vector<std::string> out;
    for (int i = 0; i < 100; ++i)
        out.push_back("file-" + std::to_string(1000 + i) + (i % 2 ? ".log" : ".txt"));
    return out;
}

tl::catalog::CatalogBatch batch(std::int64_t saveset, const std::vector<std::string>& names) {
    tl::catalog::CatalogBatch b;
    for (const auto* dir : {"", "sub/dir"})
        for (const auto& n : names) {
            tl::catalog::FileRecord f;
            f.saveset_id = saveset;
            f.dir = dir;
            f.name = n;
            f.kind = 2;
            f.mode = 0644;
            f.size = n.size() + std::string(dir).size();
            b.files.push_back(f);
        }
    return b;
}

// A backup job with one save set (status 'running', as a backup adds it); returns (job, save set).
std::pair<std::int64_t, std::int64_t> add_backup(tl::catalog::Db& db) {
    return tltest::add_backup_rows(db, 9);
}

void write(const std::string& path, tl::catalog::CatalogBatch b) {
    auto w = tl::catalog::EntryWriter::open(path);
    if (!w) qFatal("%s", w.error().message.c_str());
    if (auto st = w->write(b); !st) qFatal("%s", st.error().message.c_str());
}

std::vector<Hit> search(tl::catalog::Db& db, std::int64_t saveset, const std::string& pattern,
                        std::size_t limit) {
    tl::job::BrowseRoot root{saveset, 0, "/home", {saveset}};
    auto hits = tl::job::search_names(db, root, pattern, limit);
    if (!hits) qFatal("%s", hits.error().message.c_str());
    std::vector<Hit> out;
    for (const auto& h : hits.value())
        out.emplace_back(h.path, h.size, h.job_id);
    return out;
}

std::int64_t count(tl::catalog::Db& db, const std::string& sql) {
    auto n = db.scalar(sql);
    if (!n) qFatal("%s", n.error().message.c_str());
    return n.value();
}

tl::EngineOptions engine_options(const std::string& home) {
    tl::EngineOptions o;
    o.home = home;
    o.log_to_file = false;
    return o;
}

} // namespace

class TestEntryNames : public QObject {
    Q_OBJECT

    tltest::TempCatalogs catalogs_;

private Q_SLOTS:
    // While the save set is written, neither way of searching finds it; its end builds the keys
    // (one per entry) and both find all 100 matches.
    void nameSearchFindsASaveSetOnceItEnds() {
        auto db = catalogs_.fresh();
        const auto [job, saveset] = add_backup(db);
        write(db.path(), batch(saveset, names()));
        QCOMPARE(count(db, "SELECT count(*) FROM entries"), std::int64_t(200));
        QCOMPARE(count(db, "SELECT count(*) FROM entry_names_pending"), std::int64_t(1));
        QVERIFY(search(db, saveset, "*.log", 1000).empty());
        QVERIFY(search(db, saveset, "*.log", 100000).empty());

        QVERIFY(tl::catalog::finish_saveset(db, saveset, "completed", 200, 0, 0).ok());
        QCOMPARE(count(db, "SELECT count(*) FROM entry_names_pending"), std::int64_t(0));
        QCOMPARE(count(db, "SELECT count(*) FROM entry_names WHERE saveset_id=" +
                               std::to_string(saveset)),
                 std::int64_t(200));
        const auto first_page = search(db, saveset, "*.log", 1000);
        QCOMPARE(first_page.size(), std::size_t(100));
        QCOMPARE(search(db, saveset, "*.log", 100000), first_page);
        QCOMPARE(std::get<0>(first_page.front()), std::string("file-1001.log"));
        QCOMPARE(std::get<0>(first_page.back()), std::string("sub/dir/file-1099.log"));
        QCOMPARE(std::get<2>(first_page.front()), job);
    }

    // A backup of many new names puts them into the name search's index as it goes, in the
    // batch that brings them to kIndexNamesEvery; the rest wait for the save set's end, and
    // every name is found after it (FTS5's integrity-check: the index holds each once).
    void manyNewNamesAreIndexedAsTheBackupGoes() {
        auto db = catalogs_.fresh();
        const auto [job, saveset] = add_backup(db);
        Q_UNUSED(job);
        constexpr auto kEvery = tl::catalog::EntryWriter::kIndexNamesEvery;
        auto w = tl::catalog::EntryWriter::open(db.path());
        QVERIFY(w.ok());
        auto many = [&, saveset = saveset](std::size_t from, std::size_t n) {
            tl::catalog::CatalogBatch b;
            for (std::size_t i = from; i < from + n; ++i) {
                tl::catalog::FileRecord f;
                f.saveset_id = saveset;
                f.name = "mail-" + std::to_string(i) + (i % 4 ? ".eml" : ".log");
                f.kind = 2;
                f.mode = 0644;
                b.files.push_back(f);
            }
            return b;
        };
        const auto upto = [&] { return count(db, "SELECT upto FROM names_search_state"); };
        const auto before = upto();
        auto first = many(0, kEvery / 2);
        QVERIFY(w->write(first).ok());
        QCOMPARE(upto(), before); // below the mark: not yet
        auto second = many(kEvery / 2, kEvery / 2 + 10);
        QVERIFY(w->write(second).ok());
        const auto all = count(db, "SELECT max(id) FROM names");
        QCOMPARE(upto(), all); // this batch brought them to the mark: all indexed
        auto third = many(kEvery + 10, 100);
        QVERIFY(w->write(third).ok());
        QVERIFY(upto() < count(db, "SELECT max(id) FROM names"));
        QVERIFY(tl::catalog::finish_saveset(db, saveset, "completed", 0, 0, 0).ok());
        QCOMPARE(upto(), count(db, "SELECT max(id) FROM names"));
        QVERIFY(db.exec("INSERT INTO names_search(names_search) VALUES('integrity-check')").ok());
        const std::size_t logs = (kEvery + 110 + 3) / 4;
        QCOMPARE(search(db, saveset, "*.log", 1000000).size(), logs);
    }

    // A save set whose process died before its end (its job still 'running' in the catalog):
    // the next engine that opens the catalog for writing fails the job and builds the keys.
    void aSaveSetLeftByACrashIsFoundAfterTheNextOpen() {
        QTemporaryDir home_dir;
        const std::string home = home_dir.path().toStdString();
        QVERIFY(tl::Engine::open(engine_options(home)).ok()); // the catalog, then closed
        const std::string path = tl::catalog::catalog_location(home);
        std::int64_t job = 0, saveset = 0;
        {
            auto db = tl::catalog::Db::open(path, false);
            QVERIFY(db.ok());
            std::tie(job, saveset) = add_backup(db.value());
            write(path, batch(saveset, names()));
            QVERIFY(search(db.value(), saveset, "*.log", 100000).empty());
        }
        auto engine = tl::Engine::open(engine_options(home));
        QVERIFY2(engine.ok(), engine.ok() ? "" : engine.error().message.c_str());
        engine.value().reset();
        auto db = tl::catalog::Db::open(path, false);
        QVERIFY(db.ok());
        QCOMPARE(tl::catalog::find_job(db.value(), job)->value().status, std::string("failed"));
        QCOMPARE(count(db.value(), "SELECT count(*) FROM entry_names_pending"), std::int64_t(0));
        // Its names are in the name search's index too (name_search_tail.h).
        QCOMPARE(count(db.value(), "SELECT upto FROM names_search_state"),
                 count(db.value(), "SELECT max(id) FROM names"));
        QCOMPARE(search(db.value(), saveset, "*.log", 1000).size(), std::size_t(100));
        QCOMPARE(search(db.value(), saveset, "*.log", 100000).size(), std::size_t(100));
    }

    // Keys that cannot be built (here a trigger refuses them) leave the save set pending, its
    // outcome stored all the same; the next fill (the next open for writing) builds them.
    void keysThatFailLeaveTheSaveSetPending() {
        auto db = catalogs_.fresh();
        const auto [job, saveset] = add_backup(db);
        write(db.path(), batch(saveset, names()));
        QVERIFY(db.exec("CREATE TEMP TRIGGER refuse BEFORE INSERT ON main.entry_names BEGIN "
                        "SELECT RAISE(ABORT, 'no keys today'); END")
                    .ok());
        QVERIFY(tl::catalog::finish_saveset(db, saveset, "completed", 200, 0, 0).ok());
        QCOMPARE(count(db, "SELECT count(*) FROM savesets WHERE status='completed'"),
                 std::int64_t(1));
        QCOMPARE(count(db, "SELECT count(*) FROM entry_names_pending"), std::int64_t(1));
        QCOMPARE(count(db, "SELECT count(*) FROM entry_names"), std::int64_t(0));
        QVERIFY(search(db, saveset, "*.log", 1000).empty());
        tl::catalog::JobUpdate done;
        done.status = "completed";
        QVERIFY(tl::catalog::update_job(db, job, done).ok());
        QCOMPARE(tl::catalog::fill_pending_entry_names(db).value(), 0); // still refused
        QVERIFY(db.exec("DROP TRIGGER temp.refuse").ok());
        QCOMPARE(tl::catalog::fill_pending_entry_names(db).value(), 1);
        QCOMPARE(count(db, "SELECT count(*) FROM entry_names_pending"), std::int64_t(0));
        QCOMPARE(search(db, saveset, "*.log", 1000).size(), std::size_t(100));
    }

    // A purged job's save set takes its keys along (and its pending mark); the entries pruned
    // through the files view (delete_job_files) take theirs.
    void purgeRemovesTheNameKeys() {
        auto db = catalogs_.fresh();
        const auto [job1, set1] = add_backup(db);
        write(db.path(), batch(set1, names()));
        QVERIFY(tl::catalog::finish_saveset(db, set1, "completed", 200, 0, 0).ok());
        const auto [job2, set2] = add_backup(db);
        write(db.path(), batch(set2, names()));
        QVERIFY(tl::catalog::finish_saveset(db, set2, "completed", 200, 0, 0).ok());
        const auto [job3, set3] = add_backup(db);
        write(db.path(), batch(set3, names())); // pending
        Q_UNUSED(set3);
        QCOMPARE(count(db, "SELECT count(*) FROM entry_names"), std::int64_t(400));

        QVERIFY(tl::catalog::delete_jobs(db, {job1, job3}).ok());
        QCOMPARE(
            count(db, "SELECT count(*) FROM entry_names WHERE saveset_id<>" + std::to_string(set2)),
            std::int64_t(0));
        QCOMPARE(count(db, "SELECT count(*) FROM entry_names_pending"), std::int64_t(0));
        QCOMPARE(count(db, "SELECT count(*) FROM entry_names"), std::int64_t(200));

        QVERIFY(tl::catalog::delete_job_files(db, {job2}).ok());
        QCOMPARE(count(db, "SELECT count(*) FROM entries"), std::int64_t(0));
        QCOMPARE(count(db, "SELECT count(*) FROM entry_names"), std::int64_t(0));
        QVERIFY(search(db, set2, "*.log", 1000).empty());
    }

    // A catalog of the schema before the step (entries_name, entries written through the files
    // view) migrates to the same answers as one written by this build: every key in
    // entry_names, the index gone.
    void aCatalogWithTheOldIndexAnswersTheSame() {
        auto old_db = tl::catalog::Db::open(catalogs_.path() + "/old.db");
        QVERIFY(old_db.ok());
        auto& old = old_db.value();
        QVERIFY(tl::catalog::migrate_sqlite_to(old, kEntryNamesSchema - 1).ok());
        QCOMPARE(count(old, "SELECT count(*) FROM sqlite_master WHERE name='entries_name'"),
                 std::int64_t(1));
        const auto [old_job, old_set] = add_backup(old);
        Q_UNUSED(old_job);
        QVERIFY(old.exec("INSERT INTO dirs(path) VALUES (''), ('sub/dir')").ok());
        auto ins = old.prepare("INSERT INTO files(saveset_id, dir_id, name, kind, mode, uid, gid, "
                               "size, mtime, offset, volume_id, file_number, block) VALUES "
                               "(?1, (SELECT id FROM dirs WHERE path=?2), ?3, 2, 420, 0, 0, ?4, "
                               "0, 0, 1, 1, 0)");
        QVERIFY(ins.ok());
        for (const auto& f : batch(old_set, names()).files)
            QVERIFY(ins->bind(1, old_set).bind(2, f.dir).bind(3, f.name).bind(4, f.size).run());
        QVERIFY(old.exec("UPDATE savesets SET status='completed'").ok());
        QVERIFY(tl::catalog::migrate(old).ok());
        QCOMPARE(count(old, "SELECT count(*) FROM sqlite_master WHERE name='entries_name'"),
                 std::int64_t(0));
        QCOMPARE(count(old, "SELECT count(*) FROM entry_names"), std::int64_t(200));

        auto now = catalogs_.fresh();
        const auto [new_job, new_set] = add_backup(now);
        Q_UNUSED(new_job);
        write(now.path(), batch(new_set, names()));
        QVERIFY(tl::catalog::finish_saveset(now, new_set, "completed", 200, 0, 0).ok());
        for (const auto* pattern : {"*.log", "LOG", "file-10?0*", "*", "nothing"})
            for (const std::size_t limit : {std::size_t(5), std::size_t(1000), std::size_t(100000)})
                QVERIFY2(search(old, old_set, pattern, limit) ==
                             search(now, new_set, pattern, limit),
                         pattern);
        QCOMPARE(search(old, old_set, "*", 1000).size(), std::size_t(200));
        // Written through the view after the migration: found at once.
        QVERIFY(ins->bind(1, old_set).bind(2, "sub/dir").bind(3, "late.log").bind(4, 1).run());
        QCOMPARE(search(old, old_set, "late*", 10).size(), std::size_t(1));
    }

    // PostgreSQL's schema, made from the same description: before kPgEntryNameDirsSchema the
    // index entries_name and none of SQLite's name keys; from it, no entries_name, the pending
    // list and its own keys (an array of directories per name), never SQLite's entry_names.
    // The keys are built, not copied, by a catalog copy.
    void postgresHasItsOwnNameKeys() {
        const auto count = [](const std::vector<std::string>& ddl, const std::string& what) {
            return std::count_if(ddl.begin(), ddl.end(), [&](const std::string& s) {
                return s.find(what) != std::string::npos;
            });
        };
        auto before = tl::catalog::postgres_schema_at(tl::catalog::kPgEntryNameDirsSchema - 1);
        QVERIFY(before.ok());
        QCOMPARE(count(before.value(), "CREATE INDEX entries_name ON entries"), 1);
        QCOMPARE(count(before.value(), "entry_name"), 0);
        auto now = tl::catalog::postgres_schema();
        QVERIFY(now.ok());
        QCOMPARE(count(now.value(), "CREATE INDEX entries_name"), 0);
        QCOMPARE(count(now.value(), "CREATE TABLE entry_names_pending"), 1);
        QCOMPARE(count(now.value(), "CREATE TABLE entry_name_dirs"), 1);
        QCOMPARE(count(now.value(), "CREATE TABLE entry_names("), 0);
        auto tables_copied = tl::catalog::catalog_tables();
        QVERIFY(tables_copied.ok());
        for (const auto& t : tables_copied.value())
            QVERIFY2(t.name.rfind("entry_name", 0) != 0, t.name.c_str());
    }
};

QTEST_GUILESS_MAIN(TestEntryNames)
#include "test_entry_names.moc"
