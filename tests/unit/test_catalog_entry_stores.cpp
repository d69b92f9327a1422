#include <QtTest>

#include "catalog/entry_store.h"
#include "catalog/entry_writer.h"
#include "catalog/job_store.h"
#include "catalog/job_writer.h"
#include "catalog/media_use_store.h"
#include "catalog/saveset_store.h"
#include "catalog/schema.h"
#include "catalog/session_store.h"
#include "catalog/volume_store.h"

// The stores the jobs write and read the catalog through (no SQL in engine/job): what a backup
// stores through them is what a restore, a verify and a browse read back.
class TestCatalogEntryStores : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string path_;
    std::optional<tl::catalog::Db> db_;
    std::int64_t pool_ = 0, job_ = 0, session_ = 0, saveset_ = 0, volume_ = 0;
    int run_ = 0;

    static tl::catalog::FileRecord file(std::int64_t saveset, const std::string& dir,
                                        const std::string& name, std::uint64_t size,
                                        std::uint64_t offset) {
        tl::catalog::FileRecord f;
        f.saveset_id = saveset;
        f.dir = dir;
        f.name = name;
        f.kind = 2;
        f.mode = 0644;
        f.size = size;
        f.offset = offset;
        return f;
    }

    // The save set's entries as stored: "dir/name" -> (size, stream offset).
    using Objects = std::map<std::string, std::pair<std::uint64_t, std::uint64_t>>;
    bool read_objects(Objects& out) {
        return tl::catalog::for_each_object(*db_, saveset_,
                                            [&](const tl::catalog::ObjectRow& o) {
                                                out[o.dir + "/" + o.name] = {o.size, o.offset};
                                            })
            .ok();
    }

private Q_SLOTS:
    void init() {
        path_ = dir_.path().toStdString() + "/catalog" + std::to_string(++run_) + ".db";
        auto db = tl::catalog::Db::open(path_);
        QVERIFY(db.ok());
        QVERIFY(tl::catalog::migrate(db.value()).ok());
        db_.emplace(std::move(db.value()));
        auto pool = tl::catalog::ensure_pool(*db_, "Default");
        QVERIFY(pool.ok());
        pool_ = pool.value();
        tl::catalog::NewVolume v;
        v.barcode = "TST001L9";
        v.pool_id = pool.value();
        v.block_size = 65536;
        auto volume = tl::catalog::add_append_volume(*db_, v);
        QVERIFY(volume.ok());
        volume_ = volume.value();
        tl::catalog::NewJob job;
        job.kind = "backup";
        job.name = "home";
        job.started = 1000;
        auto id = tl::catalog::add_job(*db_, job);
        QVERIFY(id.ok());
        job_ = id.value();
        const std::uint8_t uuid[16] = {1, 2, 3};
        auto session = tl::catalog::add_session(*db_, job_, uuid, "d0", 65536);
        QVERIFY(session.ok());
        session_ = session.value();
        tl::catalog::NewSaveset s;
        s.job_id = job_;
        s.session_id = session_;
        s.source = "/home";
        s.kind = "files";
        s.codec = "none";
        auto saveset = tl::catalog::add_saveset(*db_, s);
        QVERIFY(saveset.ok());
        saveset_ = saveset.value();
    }
    void cleanup() { db_.reset(); }

    void batchReadsBackAsWritten() {
        auto w = tl::catalog::EntryWriter::open(path_);
        QVERIFY(w.ok());
        tl::catalog::CatalogBatch b;
        b.files = {file(saveset_, "docs", "b.txt", 10, 200),
                   file(saveset_, "docs", "a.txt", 5, 100),
                   file(saveset_, "docs", "b.txt", 12, 300)}; // b.txt twice: the last one stays
        b.deletions = {{saveset_, "old", "gone.txt", 2}};
        b.extents = {{saveset_, 0, 400, volume_, 1, 0, 3}};
        b.tape_file = {session_, volume_, 0, 1, 7, 4, 0, 4 * 65536};
        b.volume_next_file = 2;
        QVERIFY(w->write(b).ok());

        Objects seen;
        QVERIFY(read_objects(seen));
        QCOMPARE(seen.size(), std::size_t(2));
        QCOMPARE(seen["docs/b.txt"].first, std::uint64_t(12));
        QCOMPARE(seen["docs/a.txt"].second, std::uint64_t(100));

        std::vector<std::string> gone;
        QVERIFY(tl::catalog::for_each_deletion(*db_, saveset_,
                                               [&](const std::string& d, const std::string& n) {
                                                   gone.push_back(d + "/" + n);
                                               })
                    .ok());
        QCOMPARE(gone, std::vector<std::string>{"old/gone.txt"});

        auto extents = tl::catalog::saveset_extents(*db_, saveset_);
        QVERIFY(extents.ok());
        QCOMPARE(extents->size(), std::size_t(1));
        QCOMPARE(extents->front().barcode, std::string("TST001L9"));
        QCOMPARE(extents->front().start_pos, std::uint64_t(7));

        auto volumes = tl::catalog::usable_volumes(*db_, pool_);
        QVERIFY(volumes.ok());
        QCOMPARE(volumes->size(), std::size_t(1));
        QCOMPARE(volumes->front().use, tl::catalog::VolumeUse::Append);
        QCOMPARE(volumes->front().next_file, std::int64_t(2));
    }

    // SQLite takes a batch's entries many rows per statement, the rest one by one: every row
    // must arrive with its own values wherever it falls, and a path written twice keeps its
    // last version.
    void aLargeBatchReadsBackRowByRow() {
        auto w = tl::catalog::EntryWriter::open(path_);
        QVERIFY(w.ok());
        tl::catalog::CatalogBatch b;
        for (std::uint64_t i = 0; i < 101; ++i)
            b.files.push_back(file(saveset_, "d" + std::to_string(i % 3),
                                   "f" + std::to_string(i) + ".dat", 1000 + i, 10 * i));
        b.files.push_back(file(saveset_, "d1", "f4.dat", 7, 70));   // f4 again: this one stays
        b.files.push_back(file(saveset_, "d2", "f100.dat", 8, 80)); // a new path
        QVERIFY(w->write(b).ok());

        Objects seen;
        QVERIFY(read_objects(seen));
        QCOMPARE(seen.size(), std::size_t(102));
        for (std::uint64_t i = 0; i < 101; ++i) {
            const auto key = "d" + std::to_string(i % 3) + "/f" + std::to_string(i) + ".dat";
            if (i == 4) continue;
            QCOMPARE(seen[key], std::make_pair(1000 + i, 10 * i));
        }
        QCOMPARE(seen["d1/f4.dat"], std::make_pair(std::uint64_t(7), std::uint64_t(70)));
        QCOMPARE(seen["d1/f100.dat"], std::make_pair(std::uint64_t(1100), std::uint64_t(1000)));
        QCOMPARE(seen["d2/f100.dat"], std::make_pair(std::uint64_t(8), std::uint64_t(80)));
    }

    // The writer's name ids over many batches: thousands of names new in a batch (added in
    // bulk), names met again in later batches (from its cache), a few new ones (one by one),
    // and the same name in many directories; each entry reads back under its own name.
    void namesOverManyBatchesReadBackAsWritten() {
        auto w = tl::catalog::EntryWriter::open(path_);
        QVERIFY(w.ok());
        std::uint64_t offset = 0;
        Objects expected;
        auto add = [&](tl::catalog::CatalogBatch& b, const std::string& dir,
                       const std::string& name) {
            b.files.push_back(file(saveset_, dir, name, name.size(), offset));
            expected[dir + "/" + name] = {name.size(), offset};
            offset += 10;
        };
        for (int batch = 0; batch < 4; ++batch) {
            tl::catalog::CatalogBatch b;
            const std::string dir = "dir" + std::to_string(batch);
            for (int i = 0; i < 3000; ++i) // 1,500 new in each batch, 1,500 met before
                add(b, dir, "name-" + std::to_string(batch * 1500 + i) + std::string(i % 40, 'x'));
            add(b, dir, "only-in-" + std::to_string(batch)); // a new one, among known ones
            QVERIFY(w->write(b).ok());
        }
        tl::catalog::CatalogBatch few;
        add(few, "last", "name-0");
        add(few, "last", "brand-new");
        QVERIFY(w->write(few).ok());

        Objects seen;
        QVERIFY(read_objects(seen));
        QCOMPARE(seen.size(), expected.size());
        QVERIFY(seen == expected);
    }

    void viewOfAChainAppliesDeletions() {
        tl::catalog::NewSaveset incr;
        incr.job_id = job_;
        incr.session_id = session_;
        incr.stream_id = 1;
        incr.source = "/home";
        incr.kind = "files";
        incr.codec = "none";
        incr.base_id = saveset_;
        auto id = tl::catalog::add_saveset(*db_, incr);
        QVERIFY(id.ok());
        auto w = tl::catalog::EntryWriter::open(path_);
        QVERIFY(w.ok());
        tl::catalog::CatalogBatch b;
        b.files = {file(saveset_, "", "a", 1, 0), file(saveset_, "", "b", 2, 10),
                   file(id.value(), "", "c", 3, 0)};
        b.deletions = {{id.value(), "", "a", 2}};
        QVERIFY(w->write(b).ok());

        auto chain = tl::catalog::base_chain(*db_, id.value());
        QVERIFY(chain.ok());
        QCOMPARE(chain.value(), (std::vector<std::int64_t>{saveset_, id.value()}));
        auto page = tl::catalog::view_directory(*db_, chain.value(), job_, "", "", 10);
        QVERIFY(page.ok());
        QStringList names;
        for (const auto& e : page.value())
            names << QString::fromStdString(e.name);
        QCOMPARE(names, (QStringList{"b", "c"}));
    }
    void chainWithAMissingBaseIsNotFound() {
        tl::catalog::NewSaveset s;
        s.job_id = job_;
        s.session_id = session_;
        s.stream_id = 2;
        s.source = "/etc";
        s.kind = "files";
        s.codec = "none";
        s.base_id = 999;
        auto id = tl::catalog::add_saveset(*db_, s);
        QVERIFY(id.ok());
        auto chain = tl::catalog::base_chain(*db_, id.value());
        QVERIFY(!chain.ok());
        QCOMPARE(chain.error().kind, tl::ErrorKind::NotFound);
    }
    void jobRowsTakeDefaultsAndInterruptedJobsFail() {
        auto job = tl::catalog::find_job(*db_, job_);
        QVERIFY(job.ok() && job.value());
        QCOMPARE(job.value()->level, std::string("full")); // unset: the column's default
        QCOMPARE(job.value()->status, std::string("running"));
        QVERIFY(tl::catalog::set_job_waiting(*db_, job_, "a drive").ok());
        QCOMPARE(tl::catalog::find_job(*db_, job_)->value().waiting_for, std::string("a drive"));
        auto n = tl::catalog::fail_interrupted_jobs(*db_);
        QVERIFY(n.ok());
        QCOMPARE(n.value(), 1);
        auto stored = tl::catalog::stored_report(*db_, job_);
        QVERIFY(stored.ok() && stored.value() && stored.value()->json);
        QCOMPARE(stored.value()->status, std::string("failed"));
        QVERIFY(stored.value()->json->find("interrupted") != std::string::npos);
        QCOMPARE(stored.value()->waiting_for, std::string());
    }
};

QTEST_GUILESS_MAIN(TestCatalogEntryStores)
#include "test_catalog_entry_stores.moc"
