// The planner against the worked numbers of tape-notes §4.3 (R = 11 MB/s, B_d = 8 MB,
// T_r = 3 s, sources of 4.5 MB/s), so `tapeloom-cli plan` reproduces the notes.
#include <QtTest>

#include "bench/planner.h"
#include "device/drive_type.h"

using namespace tl::bench;

class TestPlanner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oneSlowSourceShoeShines() {
        const auto m = model_drive(4.5e6, 11e6, 8e6, 3.0);
        QVERIFY(!m.streams);
        QVERIFY2(std::abs(m.effective - 2.25e6) <= 0.225e6,
                 qPrintable(QString::number(m.effective)));
        // One backhitch per ≈6 s: ≈600 per hour.
        QVERIFY2(std::abs(m.cycle_seconds - 6.0) < 0.6,
                 qPrintable(QString::number(m.cycle_seconds)));
        QVERIFY(m.backhitches_per_hour > 540 && m.backhitches_per_hour < 660);
    }
    void largerBufferHelps() {
        const auto m = model_drive(4.5e6, 11e6, 64e6, 3.0);
        QVERIFY(std::abs(m.effective - 4.0e6) <= 0.4e6);
        QVERIFY(std::abs(m.cycle_seconds - 27.0) < 3.0);
    }
    void fourSourcesStream() {
        PlanInput in;
        in.source_rate = 4.5e6;
        in.sessions = 4;
        in.drive_rate = 11e6;
        in.drives = 1;
        in.buffer = 8e6;
        auto p = make_plan(in);
        QVERIFY(p.ok());
        QCOMPARE(p->k, std::size_t{4});
        QCOMPARE(p->drives.size(), std::size_t{1});
        QVERIFY(p->drives[0].model.streams);
        QCOMPARE(p->drives[0].model.effective, 11e6);
        QCOMPARE(p->backhitches_per_hour, std::uint64_t{0});
        QVERIFY(std::abs(p->drives[0].per_source - 2.75e6) < 1e3); // back-pressured sources
        QCOMPARE(p->restore_penalty, 4.0);
    }
    void drivesAddUpAndExtraSessionsQueue() {
        PlanInput in;
        in.source_rate = 4.5e6;
        in.sessions = 14;
        in.drive_rate = 11e6;
        in.drives = 3;
        in.sessions_per_drive = 4;
        in.buffer = 8e6;
        auto p = make_plan(in);
        QVERIFY(p.ok());
        QCOMPARE(p->queued, std::size_t{2});
        QCOMPARE(p->total, 33e6);
        // One source per drive: the sum of three shoe-shining drives.
        in.sessions = 3;
        in.sessions_per_drive = 0;
        auto q = make_plan(in);
        QVERIFY(q.ok());
        QCOMPARE(q->k, std::size_t{1});
        QVERIFY(std::abs(q->total - 3 * model_drive(4.5e6, 11e6, 8e6, 3).effective) < 1);
        QCOMPARE(q->restore_penalty, 1.0);
    }
    void noRepositionPenaltyIsTheSourceRate() {
        QCOMPARE(model_drive(4.5e6, 11e6, 8e6, 0).effective, 4.5e6);
    }
    void lto9MatchesItsSpeedDownToTheLowestStep() {
        // The same model the virtual library's lto9 drives run: 4 sources of 90 MB/s offer 90%
        // of native and stream at that rate; 4 of 30 MB/s offer 120 MB/s, below the lowest
        // step (177 MB/s), and shoe-shine.
        const auto t = tl::device::find_drive_type("lto9").value();
        PlanInput in;
        in.source_rate = 90e6;
        in.sessions = 4;
        in.drive_rate = t.native_rate;
        in.drives = 1;
        in.buffer = t.buffer;
        in.reposition_s = t.reposition_s;
        in.lowest_step = t.speed_steps.front();
        auto p = make_plan(in).value();
        QVERIFY(p.drives[0].model.streams);
        QCOMPARE(p.total, 360e6);
        QCOMPARE(p.backhitches_per_hour, std::uint64_t{0});
        in.source_rate = 30e6;
        p = make_plan(in).value();
        QVERIFY(!p.drives[0].model.streams);
        QVERIFY(p.backhitches_per_hour > 0);
        QVERIFY(p.total < 120e6);
        in.lowest_step = 0; // a one-speed drive at 90%: shoe-shines
        in.source_rate = 90e6;
        QVERIFY(!make_plan(in).value().drives[0].model.streams);
    }

    void badInputIsAnError() {
        PlanInput in; // rates of zero
        QVERIFY(!make_plan(in).ok());
    }
};

QTEST_GUILESS_MAIN(TestPlanner)
#include "test_planner.moc"
