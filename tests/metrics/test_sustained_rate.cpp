#include <QtTest>

#include "metrics/sustained_rate.h"

using tl::metrics::sustained_rate;

// The sustained-rate rule on synthetic series, as the seed measured it: ramp-up, cache-fill
// spikes and ramp-down discarded; a stalled drive mid-run still counts.
class TestSustainedRate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void steady() {
        const auto r = sustained_rate({100, 100, 100, 100, 100});
        QCOMPARE(r.rate, 100.0);
        QCOMPARE(r.used, std::size_t(5));
        QVERIFY(r.steady);
    }
    void rampUpAndDownDiscarded() {
        // 2 samples of ramp-up, 6 steady at 100, 2 of ramp-down.
        const auto r = sustained_rate({10, 50, 100, 98, 102, 100, 99, 101, 40, 5});
        QCOMPARE(r.ramp_up, std::size_t(2));
        QCOMPARE(r.ramp_down, std::size_t(2));
        QCOMPARE(r.used, std::size_t(6));
        QCOMPARE(r.rate, 100.0);
    }
    void cacheFillSpikeDiscarded() {
        const auto r = sustained_rate({100, 400, 100, 100, 100, 100});
        QCOMPARE(r.spikes, std::size_t(1));
        QCOMPARE(r.rate, 100.0);
    }
    void stalledDriveMidRunCounts() {
        // Two drives at 50 each; one stalls for 2 samples waiting for a volume (sum drops to 50).
        const auto r = sustained_rate({100, 100, 50, 50, 100, 100});
        QCOMPARE(r.used, std::size_t(6));
        QCOMPARE(r.rate, 500.0 / 6.0);
        QVERIFY(r.rate < 100.0);
    }
    void sustainedAtLeastWallWhenMountsTakeTime() {
        // 3 idle samples mounting, then 7 steady: the wall rate includes the idle time.
        const std::vector<double> s = {0, 0, 0, 100, 100, 100, 100, 100, 100, 100};
        double bytes = 0;
        for (double v : s)
            bytes += v;
        const double wall = bytes / static_cast<double>(s.size());
        const auto r = sustained_rate(s);
        QCOMPARE(r.rate, 100.0);
        QVERIFY(r.rate >= wall);
    }
    void tooShortForSteadyState() {
        const auto r = sustained_rate({0, 80, 0});
        QVERIFY(!r.steady);
        QCOMPARE(r.rate, 80.0);
        QCOMPARE(sustained_rate({}).rate, 0.0);
        QCOMPARE(sustained_rate({0, 0}).rate, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestSustainedRate)
#include "test_sustained_rate.moc"
