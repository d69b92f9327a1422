#include <QtTest>

#include "service/job_tally.h"
#include "temp_catalog.h"

// The counters of /metrics (service/job_tally.h): a job counts once, when it ends, with its
// report's per-drive figures; a running job does not count yet; deleting jobs from the catalog
// (a prune) never lowers a counter; a job id used again after a delete counts again.
class TestJobTally : public QObject {
    Q_OBJECT

    tltest::TempCatalogs catalogs_;

    static void exec(tl::catalog::Db& db, const std::string& sql) {
        auto st = db.exec(sql);
        QVERIFY2(st, st ? "" : st.error().message.c_str());
    }

    static std::string report(int bytes, const char* drive, int volumes, bool failed) {
        std::string vols;
        for (int i = 0; i < volumes; ++i)
            vols += std::string(i ? "," : "") + "\"V" + std::to_string(i) + "\"";
        return "{\"drives\":[{\"name\":\"" + std::string(drive) +
               "\",\"bytes\":" + std::to_string(bytes) + ",\"volumes\":[" + vols +
               "]}],\"sessions\":[{\"drive\":\"" + drive + "\",\"status\":\"" +
               (failed ? "failed" : "completed") + "\"}]}";
    }

    static void add_job(tl::catalog::Db& db, int id, const char* kind, const char* status,
                        long long started, long long ended, const std::string& report) {
        exec(db, "INSERT INTO jobs(id, kind, name, status, started, ended, report) VALUES(" +
                     std::to_string(id) + ",'" + kind + "','web','" + status + "'," +
                     std::to_string(started) + "," + (ended ? std::to_string(ended) : "NULL") +
                     "," + (report.empty() ? "NULL" : "'" + report + "'") + ")");
    }

private Q_SLOTS:
    void countsEndedJobsOnceAndNeverGoesDown() {
        auto db = catalogs_.fresh();
        add_job(db, 1, "backup", "completed", 100, 160, report(1000, "d0", 2, false));
        add_job(db, 2, "restore", "completed", 200, 260, report(400, "d0", 1, false));
        add_job(db, 3, "backup", "running", 300, 0, "");
        tl::service::JobTally tally;
        auto one = tally.refresh(db);
        QVERIFY(one);
        QCOMPARE((one->jobs[{"backup", "completed"}]), 1);
        QCOMPARE((one->jobs[{"restore", "completed"}]), 1);
        QCOMPARE((one->jobs[{"backup", "failed"}]), 0); // there from the start
        QCOMPARE(one->drives["d0"].written_bytes, 1000u);
        QCOMPARE(one->drives["d0"].read_bytes, 400u);
        QCOMPARE(one->drives["d0"].mounts, 3);
        QCOMPARE((one->last_success[{"web", "local"}]), 160LL);

        // The running job ends failed; a prune deletes jobs 1 and 2.
        exec(db, "UPDATE jobs SET status='failed', ended=390, report='" +
                     report(50, "d1", 1, true) + "' WHERE id=3");
        exec(db, "DELETE FROM jobs WHERE id IN (1, 2)");
        auto two = tally.refresh(db);
        QVERIFY(two);
        QCOMPARE((two->jobs[{"backup", "completed"}]), 1);
        QCOMPARE((two->jobs[{"backup", "failed"}]), 1);
        QCOMPARE(two->drives["d0"].written_bytes, 1000u);
        QCOMPARE(two->drives["d1"].written_bytes, 50u);
        QCOMPARE(two->drives["d1"].failed_sessions, 1);
        QCOMPARE((two->last_success[{"web", "local"}]), 160LL); // a failed backup is no success

        // Nothing new: nothing counted twice. Job 3 deleted and its id used by a new job.
        auto same = tally.refresh(db);
        QCOMPARE((same->jobs[{"backup", "failed"}]), 1);
        exec(db, "DELETE FROM jobs WHERE id=3");
        add_job(db, 3, "backup", "warnings", 500, 560, report(70, "d1", 1, false));
        auto three = tally.refresh(db);
        QCOMPARE((three->jobs[{"backup", "warnings"}]), 1);
        QCOMPARE(three->drives["d1"].written_bytes, 120u);
        QCOMPARE((three->last_success[{"web", "local"}]), 560LL); // warnings: the data was written
    }

    // A backup of client sources succeeds for each machine it read: the label is the client's
    // name ("client:NAME:PATH"), and "local" for this machine's own sources.
    void lastSuccessNamesTheClientsRead() {
        auto db = catalogs_.fresh();
        add_job(db, 1, "backup", "completed", 100, 160,
                "{\"sessions\":[{\"source\":\"client:web1:/srv\",\"status\":\"completed\"},"
                "{\"source\":\"/etc\",\"status\":\"completed\"}]}");
        add_job(db, 2, "backup", "failed", 200, 260,
                "{\"sessions\":[{\"source\":\"client:web2:/srv\",\"status\":\"failed\"}]}");
        tl::service::JobTally tally;
        auto t = tally.refresh(db);
        QVERIFY(t);
        QCOMPARE(t->last_success.size(), std::size_t{2});
        QCOMPARE((t->last_success[{"web", "web1"}]), 160LL);
        QCOMPARE((t->last_success[{"web", "local"}]), 160LL);
        QVERIFY(!t->last_success.count({"web", "web2"})); // its backup failed
    }
};

QTEST_GUILESS_MAIN(TestJobTally)
#include "test_job_tally.moc"
