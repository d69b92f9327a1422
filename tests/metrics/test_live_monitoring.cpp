#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "catalog/db.h"
#include "catalog/schema.h"
#include "catalog/series_store.h"
#include "metrics/job_monitor.h"
#include "metrics/live_board.h"
#include "metrics/process_cpu.h"
#include "metrics/state_timeline.h"

using namespace tl::metrics;

namespace {
// A /proc/stat with two CPUs at `t` jiffies: cpu0 75% busy, cpu1 25% busy.
void write_proc_stat(const std::string& path, std::uint64_t t) {
    std::ofstream out(path, std::ios::trunc);
    out << "cpu  " << 3 * t << " 0 " << t << " " << 4 * t << " " << t << " 0 0 0 0 0\n"
        << "cpu0 " << 3 * t << " 0 0 " << t << " 0 0 0 0 0 0\n"
        << "cpu1 0 0 " << t << " " << 3 * t << " 0 0 0 0 0 0\n";
}

LiveSnapshot counters(std::uint64_t a, std::uint64_t b, std::uint64_t src) {
    LiveSnapshot s;
    s.job_id = 7;
    s.pid = getpid();
    s.poll_interval = 1;
    s.drives = {{}, {}};
    s.drives[0].name = "d0";
    s.drives[0].bytes = a;
    s.drives[1].name = "d1";
    s.drives[1].bytes = b;
    s.sessions.resize(1);
    s.sessions[0].source = "/src";
    s.sessions[0].drive = "d0";
    s.sessions[0].bytes = src;
    s.sessions[0].files = src / 100;
    s.devices = {{"8:1", src, 0}};
    return s;
}
} // namespace

// The monitor's arithmetic and the live and stored forms of its figures.
class TestLiveMonitoring : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void timelineTimePerStateIsExactAndShortSpansFold() {
        StateTimeline t;
        t.enter(Activity::Mounting, 0);
        t.enter(Activity::Positioning, 2);
        t.enter(Activity::Writing, 3);
        // 100 alternations of 10 ms idle / 10 ms writing.
        double now = 13;
        for (int i = 0; i < 100; ++i) {
            t.enter(Activity::Idle, now);
            t.enter(Activity::Writing, now + 0.01);
            now += 0.02;
        }
        t.enter(Activity::Done, now);
        const auto s = t.seconds(now + 5);
        QCOMPARE(s[static_cast<int>(Activity::Mounting)], 2.0);
        QCOMPARE(s[static_cast<int>(Activity::Positioning)], 1.0);
        QVERIFY(qAbs(s[static_cast<int>(Activity::Idle)] - 1.0) < 1e-9);
        QVERIFY(qAbs(s[static_cast<int>(Activity::Writing)] - 11.0) < 1e-9);
        QCOMPARE(s[static_cast<int>(Activity::Done)], 5.0);
        const auto spans = t.spans(now + 5);
        QVERIFY(spans.size() < 10); // the 200 short spans folded
        QCOMPARE(spans.front().activity, Activity::Mounting);
        QCOMPARE(spans.back().activity, Activity::Done);
        QCOMPARE(spans.back().end, now + 5);
        QCOMPARE(t.current(), Activity::Done);
    }

    void ratesComeFromDeltasAndSumToTheBytes() {
        QTemporaryDir dir;
        const std::string stat = dir.filePath("stat").toStdString();
        write_proc_stat(stat, 100);
        LiveBoard board(dir.path().toStdString());
        JobMonitor m(&board, stat);
        write_proc_stat(stat, 200);
        auto s1 = m.poll(counters(1000, 500, 3000), 1.0, 1000, false);
        QCOMPARE(s1.drives[0].rate, 1000.0);
        QCOMPARE(s1.drives[1].rate, 500.0);
        QCOMPARE(s1.tape_bytes, std::uint64_t(1500));
        QCOMPARE(s1.sessions[0].rate, 3000.0);
        QCOMPARE(s1.devices[0].rate, 3000.0);
        QCOMPARE(s1.seq, std::uint64_t(1));
        // Per-CPU from the /proc/stat deltas.
        QCOMPARE(s1.cpu_busy.size(), std::size_t(2));
        QCOMPARE(s1.cpu_busy[0], 75.0);
        QCOMPARE(s1.cpu_busy[1], 25.0);
        write_proc_stat(stat, 300);
        auto s2 = m.poll(counters(3000, 500, 4000), 3.0, 1002, false); // 2 s later
        QCOMPARE(m.series().find("drive:d0")->values, (std::vector<double>{1000, 1000}));
        QCOMPARE(s2.drives[0].rate, 1000.0);
        QCOMPARE(s2.drives[1].rate, 0.0);
        QCOMPARE(s2.wall_rate, 3500.0 / 3.0);
        // A final poll 10 ms later is published but not recorded.
        auto s3 = m.poll(counters(3010, 500, 4000), 3.01, 1002, true);
        QCOMPARE(s3.seq, std::uint64_t(3));
        const auto& set = m.series();
        QCOMPARE(set.times.size(), std::size_t(2));
        const auto* d0 = set.find("drive:d0");
        QVERIFY(d0);
        double bytes = 0, prev = 0;
        for (std::size_t i = 0; i < set.times.size(); ++i) {
            bytes += d0->values[i] * (set.times[i] - prev);
            prev = set.times[i];
        }
        QCOMPARE(bytes, 3000.0);
        QVERIFY(set.find("cpu:0") && set.find("cpu:1") && set.find("iowait"));
        QCOMPARE(set.find("device:8:1")->values, (std::vector<double>{3000, 500}));
        // Every series has one value per sample time.
        for (const auto& x : set.series)
            QCOMPARE(x.values.size(), set.times.size());
        // The board holds the last snapshot.
        auto live = board.read();
        QVERIFY(live.ok());
        QCOMPARE(live->size(), std::size_t(1));
        QCOMPARE(live->front().seq, std::uint64_t(3));
        QCOMPARE(live->front().drives[0].bytes, std::uint64_t(3010));
    }

    // Issue 42, item 29: `monitor --json` showed a job process at 3939 % on 2 CPUs — a final
    // poll a few milliseconds after the last divided a scheduler tick of CPU time by nothing.
    // The figure is CPU time over wall time between readings at least kMinWindow apart, and
    // never above 100 % × the CPUs.
    void processCpuIsCpuTimeOverWallTime() {
        ProcessCpuMeter m(2);
        QCOMPARE(m.sample(10.0, 100.0), 0.0);     // the first reading: no interval yet
        QCOMPARE(m.sample(10.5, 101.0), 50.0);    // 0.5 s of CPU in 1 s
        QCOMPARE(m.sample(10.54, 101.001), 50.0); // 40 ms of CPU "in 1 ms": the last figure
        QCOMPARE(m.sample(12.0, 102.0), 150.0);   // from the base: 1.5 s in 1 s (two threads)
        QCOMPARE(m.sample(20.0, 103.0), 200.0);   // 8 s in 1 s cannot be: 100 % × 2 CPUs
        QCOMPARE(m.sample(19.0, 104.0), 0.0);     // a clock that went back is no negative use
        QVERIFY(usable_cpus() >= 1);
    }

    void etaFromTheExpectedSize() {
        JobMonitor m(nullptr, "/nonexistent/stat");
        auto c = counters(0, 0, 250);
        c.total_bytes = 1000;
        auto s = m.poll(c, 1.0, 0, false);
        QCOMPARE(s.eta_seconds, 3.0); // 750 bytes left at 250 B/s
        QVERIFY(s.cpu_busy.empty());  // no /proc/stat: no CPU figures, no invented ones
    }

    void boardMarksDeadProcessesAndPrunes() {
        QTemporaryDir dir;
        LiveBoard board(dir.path().toStdString());
        LiveSnapshot running = counters(1, 1, 1);
        running.job_id = 1;
        LiveSnapshot dead = running;
        dead.job_id = 2;
        dead.pid = 999999999; // no such process
        LiveSnapshot ended = running;
        ended.job_id = 3;
        ended.ended = true;
        ended.status = "completed";
        ended.wall_time = 100;
        QVERIFY(board.publish(running).ok());
        QVERIFY(board.publish(dead).ok());
        QVERIFY(board.publish(ended).ok());
        auto all = board.read();
        QVERIFY(all.ok());
        QCOMPARE(all->size(), std::size_t(3));
        QCOMPARE(all->at(0).job_id, std::int64_t(1)); // running first
        QVERIFY(!all->at(0).ended);
        QCOMPARE(all->at(1).status, std::string("interrupted"));
        board.prune(1000, 600);
        all = board.read();
        // Job 3 ended 900 s ago; job 2's process died before its last snapshot: both go.
        QCOMPARE(all->size(), std::size_t(1));
        QCOMPARE(all->at(0).job_id, std::int64_t(1));
    }

    void seriesRoundTripThroughTheCatalog() {
        QTemporaryDir dir;
        auto db = tl::catalog::Db::open(dir.filePath("c.db").toStdString(), true);
        QVERIFY(db.ok());
        QVERIFY(tl::catalog::migrate(db.value()).ok());
        QVERIFY(
            db->exec("INSERT INTO jobs(id,kind,status,started) VALUES(5,'backup','completed',1)")
                .ok());
        SeriesSet s;
        s.times = {1, 2, 3};
        for (int i = 0; i < 12; ++i)
            s.series.push_back({"cpu:" + std::to_string(i), "%", {1.5, 2.5, double(i)}});
        s.series.push_back({"drive:d0", "B/s", {1e8, 2.5e8, 0}});
        QVERIFY(tl::catalog::save_series(db.value(), 5, s).ok());
        auto back = tl::catalog::load_series(db.value(), 5);
        QVERIFY(back.ok());
        QCOMPARE(back->times, s.times);
        QCOMPARE(back->series.size(), s.series.size());
        QCOMPARE(back->series[10].name, std::string("cpu:10")); // stored order, not name order
        QCOMPARE(back->series[12].values[1], 2.5e8);
        const std::string csv = to_csv(back.value());
        QVERIFY(csv.rfind("time_s,cpu:0 (%)", 0) == 0);
        QCOMPARE(std::count(csv.begin(), csv.end(), '\n'), 4L);
    }
};

QTEST_GUILESS_MAIN(TestLiveMonitoring)
#include "test_live_monitoring.moc"
