#include <QtTest>

#include <set>

#include "backup_rows.h"
#include "catalog/entry_store.h"
#include "catalog/entry_writer.h"
#include "catalog/job_store.h"
#include "catalog/job_writes.h"
#include "catalog/name_search_tail.h"
#include "catalog/name_trigrams.h"
#include "catalog/saveset_store.h"
#include "catalog/schema.h"
#include "catalog/session_store.h"
#include "job/catalog_browser.h"
#include "temp_catalog.h"

// The name search through the trigram index (schema step names_search, docs/catalog.md "Name
// search") finds exactly what matching the pattern against every name finds, on names made to
// trip it: Unicode, case, GLOB and LIKE metacharacters, quotes, bytes that are not UTF-8.
namespace {

// The schema version whose step added the trigram name index (engine/catalog/schema.cpp).
constexpr int kNameSearchSchema = 13;

const std::vector<std::string> kNames = {"app.log",
                                         "APP.LOG",
                                         "app.log.1",
                                         "app.logx",
                                         "catalog",
                                         "Ärger.log",
                                         "ärger.LOG",
                                         "naïve café.txt",
                                         "日本語のファイル.log",
                                         "日本語.txt",
                                         "a[b]c.log",
                                         "[abc].log",
                                         "100%_done.log",
                                         "100x done.log",
                                         "50% off",
                                         "under_score.log",
                                         "underXscore.log",
                                         "quote\"d.log",
                                         "back\\slash.log",
                                         "star*name.log",
                                         "what?.log",
                                         "bad\xff\xfe.log",
                                         "emoji 🎉 party.log",
                                         "lo",
                                         "log",
                                         "x.lo",
                                         "README.md",
                                         "readme.md",
                                         "ReadMe.MD",
                                         "sp ace  s.log",
                                         "caret^.log"};

const std::vector<std::string> kGlobs = {
    "*.log",          "*.LOG",     "app.log*", "*.lo?",     "*Ärger*",     "*ärger*",
    "*日本語*",       "*[[]abc]*", "*[]]*",    "a[b]c.log", "*[^a-z].log", "*%_*",
    "*_done*",        "*\"d*",     "*\\sla*",  "*r*",       "*🎉 par*",     "*ïve caf*",
    "*ad\xff\xfe.l*", "[Rr]*.md",  "*EADME*",  "*[ab]*",    "*[*",         "*caret^*",
    "*ore.l*",        "?og",       "*.l*g"};

const std::vector<std::string> kParts = {"log",    "LOG", "ÄRGER", "ärger",       "%_d",
                                         "100%",   "_sc", "e_s",   "\\sl",        "rEaDmE",
                                         "日本語", "🎉 p", "lo",    "ad\xff\xfe.", "t?."};

tl::catalog::FileRecord file(std::int64_t saveset, const std::string& dir,
                             const std::string& name) {
    tl::catalog::FileRecord f;
    f.saveset_id = saveset;
    f.dir = dir;
    f.name = name;
    f.kind = 2;
    f.mode = 0644;
    f.size = name.size();
    return f;
}

// What the search answered before the trigram index: the pattern over every name.
std::set<std::string> scanned(tl::catalog::Db& db, const std::string& pattern, bool glob) {
    auto q = db.prepare(std::string("SELECT name FROM names WHERE name<>'' AND name") +
                        (glob ? " GLOB ?1" : " LIKE ?1 ESCAPE '\\'"));
    if (!q) qFatal("%s", q.error().message.c_str());
    q->bind(1, pattern);
    std::set<std::string> out;
    for (;;) {
        auto row = q->step();
        if (!row) qFatal("%s", row.error().message.c_str());
        if (!row.value()) break;
        out.insert(q->text(0));
    }
    return out;
}

std::set<std::string> found(tl::catalog::Db& db, const std::string& pattern, bool glob) {
    auto names = tl::catalog::matching_names(db, pattern, glob);
    if (!names) qFatal("%s", names.error().message.c_str());
    std::set<std::string> out;
    for (const auto& n : names.value())
        out.insert(n.name);
    return out;
}

std::string like_part(const std::string& part) {
    std::string s = "%";
    for (char c : part) {
        if (c == '%' || c == '_' || c == '\\') s += '\\';
        s += c;
    }
    return s + "%";
}

} // namespace

class TestNameSearch : public QObject {
    Q_OBJECT

    tltest::TempCatalogs catalogs_;

    // A backup job with one save set of `names` in two directories; returns (job, save set).
    static std::pair<std::int64_t, std::int64_t> backup(tl::catalog::Db& db,
                                                        const std::vector<std::string>& names) {
        const auto [job_id, saveset] = tltest::add_backup_rows(db, 7);
        auto w = tl::catalog::EntryWriter::open(db.path());
        if (!w) qFatal("%s", w.error().message.c_str());
        tl::catalog::CatalogBatch b;
        for (const auto& n : names) {
            b.files.push_back(file(saveset, "", n));
            b.files.push_back(file(saveset, "deep/er", n));
        }
        if (auto st = w->write(b); !st) qFatal("%s", st.error().message.c_str());
        // Its end: on SQLite the name search finds a save set's entries from here on.
        if (auto st = tl::catalog::finish_saveset(db, saveset, "completed", b.files.size(), 0, 0);
            !st)
            qFatal("%s", st.error().message.c_str());
        return {job_id, saveset};
    }

    static std::set<std::string> paths(tl::catalog::Db& db, std::int64_t saveset,
                                       const std::string& pattern) {
        tl::job::BrowseRoot root{saveset, 0, "/home", {saveset}};
        auto hits = tl::job::search_names(db, root, pattern, 1000);
        if (!hits) qFatal("%s", hits.error().message.c_str());
        std::set<std::string> out;
        for (const auto& h : hits.value())
            out.insert(h.path);
        return out;
    }

private Q_SLOTS:
    void trigramQueryTakesTheLiteralRuns() {
        using tl::catalog::trigram_query;
        QCOMPARE(trigram_query("*.log", true).value_or(""), std::string("\".lo\" AND \"log\""));
        QCOMPARE(trigram_query("%\\%_x%", false), std::optional<std::string>());
        QCOMPARE(trigram_query("*ab?cd*", true), std::optional<std::string>()); // runs of 2
        QCOMPARE(trigram_query("[abc]de", true), std::optional<std::string>()); // a set
        QCOMPARE(trigram_query("*q\"t*", true).value_or(""), std::string("\"q\"\"t\""));
        QCOMPARE(trigram_query("%日本語%", false).value_or(""), std::string("\"日本語\""));
    }

    void globSearchEqualsTheScan() {
        auto db = catalogs_.fresh();
        backup(db, kNames);
        for (const auto& p : kGlobs) {
            const auto want = scanned(db, p, true);
            QVERIFY2(found(db, p, true) == want, p.c_str());
        }
        QVERIFY(!found(db, "*.log", true).empty()); // the comparison is not of two empty sets
    }

    void substringSearchEqualsTheScan() {
        auto db = catalogs_.fresh();
        backup(db, kNames);
        for (const auto& part : kParts) {
            const auto want = scanned(db, like_part(part), false);
            QVERIFY2(found(db, like_part(part), false) == want, part.c_str());
        }
        QVERIFY(!found(db, like_part("ärger"), false).empty());
    }

    // The restore browser's search (and `files find`) answers from the index: every entry of
    // the view whose name matches, in each directory.
    void searchFindsEveryMatchingEntry() {
        auto db = catalogs_.fresh();
        const auto [job, saveset] = backup(db, kNames);
        Q_UNUSED(job);
        QCOMPARE(paths(db, saveset, "*ärger*"),
                 (std::set<std::string>{"deep/er/ärger.LOG", "ärger.LOG"}));
        QCOMPARE(paths(db, saveset, "%_d"),
                 (std::set<std::string>{"100%_done.log", "deep/er/100%_done.log"}));
        QCOMPARE(paths(db, saveset, "*.log").size(), 2 * scanned(db, "*.log", true).size());
    }

    // A catalog of the schema before the index: its names are indexed by the migration and
    // found by the search; names written afterwards too.
    void catalogOfThePreviousSchemaIsMigratedAndSearchable() {
        auto db = catalogs_.fresh();
        // (The insert trigger is gone since the step that indexes new names at a save set's end.)
        QVERIFY(db.exec("DROP TRIGGER names_search_delete; DROP TRIGGER names_search_update; "
                        "DROP TABLE names_search; DROP TABLE names_search_state")
                    .ok());
        // The step after it (clones of encrypted save sets) runs again too: undo what it added.
        QVERIFY(db.exec("ALTER TABLE sessions DROP COLUMN seal_uuid").ok());
        // And the clients' online state and backup bytes.
        QVERIFY(db.exec("ALTER TABLE clients DROP COLUMN reachable; "
                        "ALTER TABLE clients DROP COLUMN last_backup_bytes")
                    .ok());
        QVERIFY(db.exec("PRAGMA user_version=" + std::to_string(kNameSearchSchema - 1)).ok());
        const auto [job, saveset] = backup(db, kNames);
        Q_UNUSED(job);
        QVERIFY(!db.prepare("SELECT 1 FROM names_search").ok());
        QVERIFY(tl::catalog::migrate(db).ok());
        for (const auto& p : kGlobs)
            QVERIFY2(found(db, p, true) == scanned(db, p, true), p.c_str());
        QCOMPARE(paths(db, saveset, "*日本語*").size(), std::size_t(4));
        const auto [job2, saveset2] = backup(db, {"written after.log"});
        Q_UNUSED(job2);
        QCOMPARE(paths(db, saveset2, "*after*"),
                 (std::set<std::string>{"deep/er/written after.log", "written after.log"}));
    }

    // A backup's new names are not indexed as they are written (name_search_tail.h): until its
    // save set ends the search finds them as the index's tail, then through the index; either
    // way it answers what the scan answers. Indexing again adds nothing twice.
    void newNamesAreFoundBeforeAndAfterTheyAreIndexed() {
        auto db = catalogs_.fresh();
        backup(db, {"indexed.log"});
        const auto [job, saveset] = tltest::add_backup_rows(db, 8);
        Q_UNUSED(job);
        auto w = tl::catalog::EntryWriter::open(db.path());
        QVERIFY(w.ok());
        tl::catalog::CatalogBatch b;
        for (const auto& n : kNames)
            b.files.push_back(file(saveset, "dir", n));
        QVERIFY(w->write(b).ok());
        const auto in_index = [&] { // names the index itself gives for the trigram "log"
            return db
                .scalar("SELECT count(*) FROM names_search WHERE names_search MATCH "
                        "'\"log\"'")
                .value();
        };
        const auto with_log = db.scalar("SELECT count(*) FROM names WHERE name LIKE '%log%'");
        QVERIFY(with_log.ok() && with_log.value() > 10);
        QCOMPARE(in_index(), std::int64_t(1)); // indexed.log
        for (const auto& p : kGlobs)
            QVERIFY2(found(db, p, true) == scanned(db, p, true), p.c_str());
        QVERIFY(found(db, "%LOG%", false) == scanned(db, "%LOG%", false));

        QVERIFY(tl::catalog::finish_saveset(db, saveset, "completed", b.files.size(), 0, 0).ok());
        QCOMPARE(in_index(), with_log.value());
        QCOMPARE(db.scalar("SELECT upto FROM names_search_state").value(),
                 db.scalar("SELECT max(id) FROM names").value());
        for (const auto& p : kGlobs)
            QVERIFY2(found(db, p, true) == scanned(db, p, true), p.c_str());
        QVERIFY(tl::catalog::index_new_names(db).ok());
        QCOMPARE(in_index(), with_log.value());
        QVERIFY(
            db.exec("INSERT INTO names_search(names_search, rank) VALUES ('integrity-check', 1)")
                .ok());
    }

    // Prune deletes the entries of expired jobs: the search no longer shows them; a later
    // backup of the same name is found again.
    void prunedEntriesLeaveTheResults() {
        auto db = catalogs_.fresh();
        const auto [old_job, old_set] = backup(db, {"expired.log", "kept.log"});
        const auto [new_job, new_set] = backup(db, {"kept.log"});
        Q_UNUSED(new_job);
        QCOMPARE(paths(db, old_set, "*expired*").size(), std::size_t(2));
        QVERIFY(tl::catalog::delete_job_files(db, {old_job}).ok());
        QVERIFY(paths(db, old_set, "*expired*").empty());
        QVERIFY(paths(db, old_set, "*.log").empty());
        QCOMPARE(paths(db, new_set, "*.log"),
                 (std::set<std::string>{"deep/er/kept.log", "kept.log"}));
        const auto [again_job, again_set] = backup(db, {"expired.log"});
        Q_UNUSED(again_job);
        QCOMPARE(paths(db, again_set, "*expired*").size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestNameSearch)
#include "test_name_search.moc"
