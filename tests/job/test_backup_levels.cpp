#include <QtTest>

#include <optional>

#include "catalog/db.h"
#include "catalog/schema.h"
#include "format/object.h"
#include "job/backup_level.h"
#include "job/catalog_writer.h"
#include "job/change_detector.h"

using namespace tl;
using namespace tl::job;

// Backup levels without tape: the change decision, the base of a diff/incr (and promotion when
// there is none), the chain of bases, and the merged view a diff/incr compares against.
class TestBackupLevels : public QObject {
    Q_OBJECT

    static PriorEntry prior() {
        PriorEntry p;
        p.kind = static_cast<int>(format::ObjectKind::RegularFile);
        p.mode = 0100644;
        p.uid = 1000;
        p.gid = 1000;
        p.size = 42;
        p.mtime_ns = 1'700'000'000'000'000'000;
        p.ctime_ns = 1'700'000'000'500'000'000;
        p.inode = 77;
        p.has_hash = true;
        return p;
    }
    static CurrentEntry same_as(const PriorEntry& p) {
        CurrentEntry c;
        c.kind = p.kind;
        c.mode = p.mode;
        c.uid = p.uid;
        c.gid = p.gid;
        c.size = p.size;
        c.mtime_ns = p.mtime_ns;
        c.ctime_ns = p.ctime_ns;
        c.inode = p.inode;
        return c;
    }

    // A catalog with jobs, save sets and file rows, as backups leave them.
    struct Catalog {
        QTemporaryDir dir;
        std::string path;
        std::optional<catalog::Db> db;
        catalog::Db& d() { return *db; }
        std::unique_ptr<CatalogWriter> writer;
        static Catalog* make() {
            auto* c = new Catalog;
            c->path = c->dir.path().toStdString() + "/catalog.db";
            auto db = catalog::Db::open(c->path);
            if (!db || !catalog::migrate(db.value())) return c;
            c->db.emplace(std::move(db.value()));
            auto w = CatalogWriter::open(c->path);
            if (w) c->writer = std::move(w.value());
            return c;
        }
        // One job with one save set of `source`; returns the save set id.
        std::int64_t job(const std::string& name, const std::string& level,
                         const std::string& status, std::int64_t base, long long started,
                         const std::string& source = "/src") {
            auto j = db->prepare("INSERT INTO jobs(kind,name,level,status,started) "
                                 "VALUES('backup',?,?,?,?)");
            (void)j->bind(1, name).bind(2, level).bind(3, status).bind(4, started).run();
            const auto job_id = db->last_insert_rowid();
            auto se = db->prepare("INSERT INTO sessions(job_id,uuid,drive,block_size) "
                                  "VALUES(?,randomblob(16),'d0',262144)");
            (void)se->bind(1, job_id).run();
            const auto session = db->last_insert_rowid();
            auto s = db->prepare("INSERT INTO savesets(job_id,session_id,stream_id,source,kind,"
                                 "status,base_id) VALUES(?,?,1,?,'files',?,?)");
            s->bind(1, job_id).bind(2, session).bind(3, source);
            s->bind(4, status == "failed" ? std::string("failed") : std::string("completed"));
            if (base)
                s->bind(5, base);
            else
                s->bind_null(5);
            (void)s->run();
            return db->last_insert_rowid();
        }
        void files(std::int64_t saveset, std::vector<std::pair<std::string, std::uint64_t>> rows,
                   std::vector<std::string> deleted = {}) {
            CatalogBatch b;
            std::uint64_t offset = 0;
            for (const auto& [path, size] : rows) {
                FileRecord r;
                r.saveset_id = saveset;
                const auto slash = path.find_last_of('/');
                r.dir = slash == std::string::npos ? "" : path.substr(0, slash);
                r.name = slash == std::string::npos ? path : path.substr(slash + 1);
                r.kind = static_cast<int>(format::ObjectKind::RegularFile);
                r.size = size;
                r.mtime_ns = static_cast<std::int64_t>(size) * 10;
                r.ctime_ns = static_cast<std::int64_t>(size) * 11;
                r.inode = size + 1000;
                r.offset = offset;
                offset += 100;
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
            (void)writer->commit(b);
        }
    };

private Q_SLOTS:
    void levelsParse() {
        QCOMPARE(parse_backup_level("full").value(), BackupLevel::Full);
        QCOMPARE(parse_backup_level("diff").value(), BackupLevel::Differential);
        QCOMPARE(parse_backup_level("incremental").value(), BackupLevel::Incremental);
        auto bad = parse_backup_level("weekly");
        QVERIFY(!bad);
        QCOMPARE(bad.error().kind, ErrorKind::InvalidArgument);
        QCOMPARE(std::string(to_string(BackupLevel::Incremental)), std::string("incr"));
    }

    void changeDecision() {
        const auto p = prior();
        QCOMPARE(detect_change(nullptr, same_as(p)), Change::New);
        QCOMPARE(detect_change(&p, same_as(p)), Change::Unchanged);
        auto c = same_as(p);
        c.size = 43;
        QCOMPARE(detect_change(&p, c), Change::Modified);
        c = same_as(p);
        c.mtime_ns += 1; // same size, new mtime
        QCOMPARE(detect_change(&p, c), Change::Modified);
        c = same_as(p);
        c.ctime_ns += 1; // chmod, xattr, or mtime set back by a tool
        QCOMPARE(detect_change(&p, c), Change::Modified);
        c = same_as(p);
        c.inode = 78; // replaced by another file (rename over it)
        QCOMPARE(detect_change(&p, c), Change::Modified);
        c = same_as(p);
        c.kind = static_cast<int>(format::ObjectKind::Symlink);
        QCOMPARE(detect_change(&p, c), Change::Modified);
        auto dirty = p;
        dirty.flags = 1; // changed while it was read last time: read it again
        QCOMPARE(detect_change(&dirty, same_as(p)), Change::Modified);
    }

    void contentCheckOnlyWhenOnlyTimesChanged() {
        const auto p = prior();
        auto c = same_as(p);
        c.mtime_ns += 5;
        c.inode = 99;
        QVERIFY(content_check_applies(p, c));
        auto m = c;
        m.mode = 0100600; // a mode change must be recorded
        QVERIFY(!content_check_applies(p, m));
        m = c;
        m.size = 1;
        QVERIFY(!content_check_applies(p, m));
        auto nohash = p;
        nohash.has_hash = false;
        QVERIFY(!content_check_applies(nohash, c));
        auto dir = p;
        dir.kind = static_cast<int>(format::ObjectKind::Directory);
        auto cd = same_as(dir);
        QVERIFY(!content_check_applies(dir, cd));
    }

    void baseOfDiffAndIncrAndPromotion() {
        std::unique_ptr<Catalog> c(Catalog::make());
        QVERIFY(c->writer);
        // Nothing yet: a diff or incr has no base (the job is promoted to full).
        QVERIFY(!find_level_base(c->d(), "/src", "", BackupLevel::Incremental).value());
        auto promoted = plan_levels(
            c->d(), {source::SourceSpec{source::SourceKind::FileTree, "/src", "/src"}}, "", "incr");
        QVERIFY(promoted.ok());
        QCOMPARE(promoted->level, BackupLevel::Full);
        QCOMPARE(promoted->requested, BackupLevel::Incremental);
        QVERIFY(promoted->promotion.find("promoted to full") != std::string::npos);

        const auto failed_full = c->job("", "full", "failed", 0, 100);
        (void)failed_full;
        QVERIFY(!find_level_base(c->d(), "/src", "", BackupLevel::Differential).value());
        const auto full = c->job("", "full", "completed", 0, 200);
        const auto i1 = c->job("", "incr", "completed", full, 300);
        const auto other_name = c->job("nightly", "full", "completed", 0, 350);
        const auto i2_failed = c->job("", "incr", "cancelled", i1, 400);
        (void)i2_failed;

        auto diff = find_level_base(c->d(), "/src", "", BackupLevel::Differential);
        QVERIFY(diff.ok() && diff.value());
        QCOMPARE(diff.value()->saveset_id, full);
        auto incr = find_level_base(c->d(), "/src", "", BackupLevel::Incremental);
        QVERIFY(incr.ok() && incr.value());
        QCOMPARE(incr.value()->saveset_id, i1); // the cancelled one is skipped
        QCOMPARE(incr.value()->chain, (std::vector<std::int64_t>{full, i1}));
        // Levels are per job name.
        auto named = find_level_base(c->d(), "/src", "nightly", BackupLevel::Incremental);
        QVERIFY(named.ok() && named.value());
        QCOMPARE(named.value()->saveset_id, other_name);
        // Per source string too.
        QVERIFY(!find_level_base(c->d(), "/other", "", BackupLevel::Incremental).value());

        // A chain whose full is gone: no base, so promotion.
        QVERIFY(c->d().exec("DELETE FROM savesets WHERE id=" + std::to_string(full)).ok());
        QVERIFY(!saveset_chain(c->d(), i1));
        QVERIFY(!find_level_base(c->d(), "/src", "", BackupLevel::Incremental).value());
    }

    void mergedViewAppliesNewerVersionsAndDeletions() {
        std::unique_ptr<Catalog> c(Catalog::make());
        QVERIFY(c->writer);
        const auto full = c->job("", "full", "completed", 0, 100);
        c->files(full, {{"", 0}, {"a", 1}, {"d/b", 2}, {"d/c", 3}});
        const auto incr = c->job("", "incr", "completed", full, 200);
        c->files(incr, {{"a", 10}, {"d/e", 4}}, {"d/b"});
        auto chain = saveset_chain(c->d(), incr);
        QVERIFY(chain.ok());
        std::optional<BaseView> view;
        view.emplace();
        QVERIFY(view->load(c->d(), chain.value()).ok());
        QCOMPARE(view->size(), std::size_t(4)); // "", a, d/c, d/e (d/b deleted)
        auto* a = view->visit("a");
        QVERIFY(a);
        QCOMPARE(a->size, std::uint64_t(10)); // the newer version
        QVERIFY(!view->visit("d/b"));
        QVERIFY(view->visit(""));
        QVERIFY(view->visit("d/e"));
        // What the walk never saw: deleted since (or renamed away).
        auto left = view->unvisited({});
        QCOMPARE(left.size(), std::size_t(1));
        QCOMPARE(left[0].first, std::string("d/c"));
        // A path the walk could not read is never reported deleted, nor anything below it.
        QVERIFY(view->unvisited({"d"}).empty());
        QCOMPARE(view->unvisited({"d/"}).size(), std::size_t(1)); // not an ancestor of d/c
        QCOMPARE(view->unvisited({"d/c"}).size(), std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestBackupLevels)
#include "test_backup_levels.moc"
