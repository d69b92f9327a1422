#include <QtTest>

#include "models/series_history.h"

using tl::ui::SeriesHistory;

// The zoom rings behind the live graphs: constant memory, means per bucket, oldest first.
class TestSeriesHistory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everySampleAtTheFinestLevelWithinItsCapacity() {
        SeriesHistory h({{0, 5, 5}});
        h.reset({"a"});
        for (int t = 1; t <= 8; ++t)
            QCOMPARE(h.add(t, {double(t * 10)}), 1u);
        QCOMPARE(h.size(0), std::size_t(5));
        QCOMPARE(h.times(0), (std::vector<double>{4, 5, 6, 7, 8}));
        QCOMPARE(h.values(0, 0), (std::vector<double>{40, 50, 60, 70, 80}));
    }

    void coarseLevelsHoldBucketMeans() {
        SeriesHistory h({{0, 300, 300}, {12, 300, 3600}});
        h.reset({"a", "b"});
        unsigned gained = 0;
        for (int t = 0; t < 36; ++t)
            gained |= h.add(t, {double(t), 1.0});
        QVERIFY(gained & 2u);
        // Buckets [0,12) and [12,24) are complete; [24,36) is still open.
        QCOMPARE(h.size(1), std::size_t(2));
        QCOMPARE(h.times(1), (std::vector<double>{12, 24}));
        QCOMPARE(h.values(1, 0), (std::vector<double>{5.5, 17.5}));
        QCOMPARE(h.values(1, 1), (std::vector<double>{1.0, 1.0}));
    }

    void aGapSkipsEmptyBuckets() {
        SeriesHistory h({{10, 10, 100}});
        h.reset({"a"});
        h.add(0, {1});
        h.add(5, {3});
        h.add(47, {9}); // the console was suspended: one point for [0,10), none for the gap
        QCOMPARE(h.times(0), (std::vector<double>{10}));
        QCOMPARE(h.values(0, 0), (std::vector<double>{2}));
        h.add(51, {1});
        QCOMPARE(h.times(0), (std::vector<double>{10, 50}));
        QCOMPARE(h.values(0, 0), (std::vector<double>{2, 9}));
    }

    void resetStartsOver() {
        SeriesHistory h;
        h.reset({"x"});
        h.add(1, {1});
        h.reset({"y", "z"});
        QCOMPARE(h.size(0), std::size_t(0));
        QCOMPARE(h.names().size(), std::size_t(2));
        QCOMPARE(h.levelCount(), std::size_t(3));
    }
};

QTEST_GUILESS_MAIN(TestSeriesHistory)
#include "test_series_history.moc"
