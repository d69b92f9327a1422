#include <QtTest>

#include "catalog/drive_history_store.h"
#include "catalog/job_store.h"
#include "catalog/schema.h"
#include "catalog/volume_store.h"

// The typed stores the programs read the catalog through (no SQL in ui/ or app/): each returns
// what the catalog holds, filtered and ordered as asked.
class TestCatalogStores : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::optional<tl::catalog::Db> db_;

    void run(const std::string& sql) {
        auto st = db_->exec(sql);
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
    }

private Q_SLOTS:
    void init() {
        auto db = tl::catalog::Db::open(dir_.path().toStdString() + "/catalog.db");
        QVERIFY(db.ok());
        QVERIFY(tl::catalog::migrate(db.value()).ok());
        db_.emplace(std::move(db.value()));
        run("DELETE FROM jobs; DELETE FROM volumes;");
        run("INSERT INTO jobs(id, kind, name, level, status, started, ended, files, bytes, report) "
            "VALUES (1, 'backup', 'home', 'full', 'completed', 300, 310, 5, 500, "
            "'{\"elapsed_s\": 10.5, \"wall_rate_Bps\": 47.6, \"sustained_rate_Bps\": 50, "
            "\"drives\": [{\"name\": \"d0\", \"bytes\": 500, \"volumes\": [\"A\", \"B\"]}], "
            "\"sessions\": [{\"drive\": \"d0\", \"status\": \"failed\"}]}'),"
            "(2, 'verify', '', 'full', 'failed', 400, 401, 0, 0, "
            "'{\"drives\": [{\"name\": \"d0\", \"bytes\": 200, \"volumes\": [\"A\"]}]}'),"
            "(3, 'backup', 'etc', 'incr', 'running', 200, NULL, 0, 0, NULL),"
            "(4, 'backup', 'etc', 'full', 'warnings', 100, 150, 2, 20, 'not json')");
    }
    void cleanup() { db_.reset(); }

    void listsInIdOrderWithFilters() {
        auto all = tl::catalog::list_jobs(*db_);
        QVERIFY(all.ok());
        QCOMPARE(all->size(), std::size_t(4));
        QCOMPARE(all->front().id, std::int64_t(1));
        QCOMPARE(all->front().ended, 310LL);
        QCOMPARE((*all)[2].ended, 0LL);        // running: no end yet
        QCOMPARE(all->front().elapsed_s, 0.0); // rates only when asked

        tl::catalog::JobQuery failed;
        failed.status = "failed";
        auto f = tl::catalog::list_jobs(*db_, failed);
        QCOMPARE(f->size(), std::size_t(1));
        QCOMPARE(f->front().kind, std::string("verify"));
    }
    void finishedBackupsLatestStartedFirst() {
        tl::catalog::JobQuery q;
        q.kind = "backup";
        q.finished_only = true;
        q.order = tl::catalog::JobOrder::LatestStartedFirst;
        auto jobs = tl::catalog::list_jobs(*db_, q);
        QVERIFY(jobs.ok());
        QCOMPARE(jobs->size(), std::size_t(2));
        QCOMPARE((*jobs)[0].id, std::int64_t(1));
        QCOMPARE((*jobs)[1].id, std::int64_t(4));
        q.limit = 1;
        QCOMPARE(tl::catalog::list_jobs(*db_, q)->size(), std::size_t(1));
    }
    void ratesComeFromTheReport() {
        tl::catalog::JobQuery q;
        q.order = tl::catalog::JobOrder::NewestFirst;
        q.with_rates = true;
        auto jobs = tl::catalog::list_jobs(*db_, q);
        QVERIFY(jobs.ok());
        QCOMPARE(jobs->back().id, std::int64_t(1));
        QCOMPARE(jobs->back().elapsed_s, 10.5);
        QCOMPARE(jobs->back().wall_rate_Bps, 47.6);
        QCOMPARE(jobs->back().sustained_rate_Bps, 50.0);
        QCOMPARE(jobs->front().elapsed_s, 0.0); // job 4: its report is not JSON
    }
    void findAndStoredReport() {
        auto missing = tl::catalog::find_job(*db_, 99);
        QVERIFY(missing.ok() && !missing.value());
        auto job = tl::catalog::find_job(*db_, 4);
        QVERIFY(job.ok() && job.value());
        QCOMPARE(job.value()->name, std::string("etc"));
        QCOMPARE(job.value()->bytes, std::int64_t(20));

        auto running = tl::catalog::stored_report(*db_, 3);
        QVERIFY(running.ok() && running.value());
        QCOMPARE(running.value()->status, std::string("running"));
        QVERIFY(!running.value()->json);
        auto done = tl::catalog::stored_report(*db_, 2);
        QVERIFY(done.value()->json->find("\"d0\"") != std::string::npos);
        QVERIFY(!tl::catalog::stored_report(*db_, 99).value());
    }
    void driveUsageSumsTheReports() {
        auto usage = tl::catalog::drive_usage(*db_);
        QVERIFY(usage.ok());
        const auto& d0 = usage->at("d0");
        QCOMPARE(d0.written, std::uint64_t(500));
        QCOMPARE(d0.read, std::uint64_t(200));
        QCOMPARE(d0.mounts, std::int64_t(3));
        QCOMPARE(d0.failed_sessions, std::int64_t(1));
    }
    void volumeChecks() {
        run("INSERT INTO volumes(id, barcode, state, block_size, labeled, mounts, errors, "
            "location, library) VALUES (7, 'A00001', 'append', 262144, 1, 4, 1, 'library', "
            "'vlib0'), (8, 'B00001', 'blank', 262144, 0, 0, 0, 'outside', NULL), "
            "(9, 'CLN001', 'cleaning', 262144, 0, 0, 0, 'library', 'vlib0')");
        QCOMPARE(tl::catalog::volume_counters(*db_)->at(7).mounts, std::int64_t(4));
        QCOMPARE(tl::catalog::volume_counters(*db_)->at(7).errors, std::int64_t(1));
        QVERIFY(tl::catalog::is_labeled_volume(*db_, "A00001").value());
        QVERIFY(!tl::catalog::is_labeled_volume(*db_, "B00001").value());
        QVERIFY(!tl::catalog::is_labeled_volume(*db_, "Z99999").value());
        QVERIFY(tl::catalog::is_in_library(*db_, "A00001").value());
        QVERIFY(!tl::catalog::is_in_library(*db_, "B00001").value());
        QCOMPARE(*tl::catalog::volume_block_size(*db_, "A00001").value(), std::int64_t(262144));
        QVERIFY(!tl::catalog::volume_block_size(*db_, "Z99999").value());
        QCOMPARE(tl::catalog::cleaning_volumes(*db_, "vlib0").value(),
                 std::vector<std::string>{"CLN001"});
    }
};

QTEST_GUILESS_MAIN(TestCatalogStores)
#include "test_catalog_stores.moc"
