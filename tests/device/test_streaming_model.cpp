// StreamingModel against tape-notes §4.3: R = 11 MB/s, B = 8 MB, T_r = 3 s. One 4.5 MB/s source
// gets about half its rate with a backhitch every ~6 s; four multiplexed sources keep the drive
// streaming with none. Simulated time only (ManualClock).
#include <QTest>

#include <algorithm>
#include <vector>

#include "common/clock.h"
#include "device/streaming_model.h"

using namespace tl;
using namespace tl::device;

namespace {
struct Outcome {
    double rate;    // bytes/s the drive accepted
    double seconds; // simulated
    std::uint64_t repositions;
};

// `sources` feeders of `r` bytes/s each, 256 KiB chunks, one chunk queued per source.
Outcome simulate(int sources, double r, double total_seconds) {
    ManualClock clock;
    StreamingModel model(StreamingConfig{11e6, 8e6, 3.0, {}});
    const double chunk = 256 * 1024;
    const auto t0 = clock.now();
    auto now_s = [&] { return seconds_between(t0, clock.now()); };
    std::vector<double> ready(static_cast<std::size_t>(sources), chunk / r);
    double bytes = 0;
    while (now_s() < total_seconds) {
        auto it = std::min_element(ready.begin(), ready.end());
        if (*it > now_s())
            clock.advance(std::chrono::nanoseconds(static_cast<long long>((*it - now_s()) * 1e9)));
        const double taken = now_s();
        clock.sleep_for(model.write(static_cast<std::uint64_t>(chunk), clock.now()));
        bytes += chunk;
        *it = taken + chunk / r; // the source produces its next chunk once this one is taken
    }
    return {bytes / now_s(), now_s(), model.repositions()};
}
} // namespace

class TestStreamingModel : public QObject {
    Q_OBJECT
private slots:
    void one_slow_source_shoe_shines() {
        const auto o = simulate(1, 4.5e6, 600);
        // §4.3: throughput = r / (1 + T_r r (R - r) / (B R)) = 2.25 MB/s; one backhitch per ~6 s.
        QVERIFY2(o.rate > 2.0e6 && o.rate < 2.5e6, qPrintable(QString::number(o.rate)));
        const double per = o.seconds / static_cast<double>(o.repositions);
        QVERIFY2(per > 5.0 && per < 7.0, qPrintable(QString::number(per)));
    }

    void four_multiplexed_sources_stream() {
        const auto o = simulate(4, 4.5e6, 600);
        QVERIFY2(o.rate > 10.5e6 && o.rate < 11.2e6 /* the last buffer load counts */,
                 qPrintable(QString::number(o.rate)));
        QCOMPARE(o.repositions, std::uint64_t{0});
    }

    void fast_source_is_back_pressured() {
        const auto o = simulate(1, 50e6, 60);
        QVERIFY2(o.rate > 10.5e6 && o.rate < 11.2e6 /* the last buffer load counts */,
                 qPrintable(QString::number(o.rate)));
        QCOMPARE(o.repositions, std::uint64_t{0});
    }

    void flush_drains_the_buffer() {
        ManualClock clock;
        StreamingModel m(StreamingConfig{10e6, 8e6, 3.0, {}});
        QCOMPARE(m.write(1'000'000, clock.now()).count(), 0); // buffered, not yet moving
        const auto d = m.flush(clock.now());
        QCOMPARE(d.count(), 100'000'000); // 1 MB at 10 MB/s
        QCOMPARE(m.buffered(), 0.0);
    }

    // After a synchronous filemark the restart costs a reposition; after a positioning op
    // (the tape placed at its next write point, its travel charged apart) it does not.
    void restart_after_positioning_is_free() {
        for (bool positioned : {false, true}) {
            ManualClock clock;
            StreamingModel m(StreamingConfig{10e6, 1e6, 3.0, {}});
            QCOMPARE(m.write(1'000'000, clock.now()).count(), 0); // full: starts, no penalty
            clock.sleep_for(m.flush(clock.now()));
            if (positioned) QCOMPARE(m.positioned(clock.now()).count(), 0); // nothing buffered
            const auto d = m.write(1'000'000, clock.now());
            QCOMPARE(m.sync_restarts(), std::uint64_t{positioned ? 0u : 1u});
            QCOMPARE(d.count(), positioned ? 0 : 3'000'000'000);
            QCOMPARE(m.repositions(), std::uint64_t{0});
        }
    }

    // A drive that starts at a quarter of its buffer (docs/devices.md "Drive models") moves the
    // tape once 2 of its 8 MB are in; tape-notes' model (the default) waits for all 8.
    void tape_starts_at_the_threshold() {
        for (double start_fill : {0.25, 1.0}) {
            ManualClock clock;
            StreamingModel m(StreamingConfig{10e6, 8e6, 3.0, {}, start_fill});
            QCOMPARE(m.start_level(), start_fill * 8e6);
            QCOMPARE(m.write(1'000'000, clock.now()).count(), 0);
            QVERIFY(!m.streaming());
            QCOMPARE(m.write(1'000'000, clock.now()).count(), 0); // the first start is free
            QCOMPARE(m.streaming(), start_fill < 1);
            clock.advance(std::chrono::milliseconds(100));
            QCOMPARE(m.write(1, clock.now()).count(), 0);
            // Moving, it wrote 1 MB in the 100 ms; stopped, it still holds all of it.
            QCOMPARE(m.buffered(), start_fill < 1 ? 1'000'001.0 : 2'000'001.0);
            QCOMPARE(m.repositions(), std::uint64_t{0});
        }
    }

    // The tape's moving time is its bytes at its rate: the back-pressure waits of a fast host
    // count (the tape moves meanwhile), the repositions of a slow one do not.
    void moving_time_is_the_bytes_at_the_rate() {
        for (double r : {50e6, 4.5e6}) {
            ManualClock clock;
            StreamingModel m(StreamingConfig{11e6, 8e6, 3.0, {}, 0.25});
            const auto t0 = clock.now();
            const double chunk = 1e6;
            double bytes = 0;
            while (bytes < 200e6) {
                clock.sleep_for(m.write(static_cast<std::uint64_t>(chunk), clock.now()));
                bytes += chunk;
                clock.advance(std::chrono::nanoseconds(static_cast<long long>(chunk / r * 1e9)));
            }
            clock.sleep_for(m.flush(clock.now()));
            const double moving = std::chrono::duration<double>(m.moving_time()).count();
            QVERIFY2(std::abs(moving - bytes / 11e6) < 1e-3, qPrintable(QString::number(moving)));
            const double elapsed = seconds_between(t0, clock.now());
            if (r < 11e6) {
                QVERIFY(m.repositions() > 0);
                QVERIFY(elapsed > moving + 3.0 * static_cast<double>(m.repositions()));
            }
        }
    }

    // The drive's trace (a job report's tape start): the moment the start level is reached,
    // not the first byte's arrival; a restart after running dry does not move it; a positioning
    // (the next mount's locate) starts it afresh.
    void first_start_is_when_the_start_level_is_reached() {
        ManualClock clock;
        StreamingModel m(StreamingConfig{10e6, 8e6, 3.0, {}, 0.25});
        const auto t0 = clock.now();
        QVERIFY(!m.first_start());
        QCOMPARE(m.write(1'000'000, clock.now()).count(), 0);
        clock.advance(std::chrono::milliseconds(50));
        QCOMPARE(m.write(999'999, clock.now()).count(), 0);
        QVERIFY(!m.first_start()); // 1,999,999 bytes: below a quarter of 8 MB
        clock.advance(std::chrono::milliseconds(50));
        QCOMPARE(m.write(1, clock.now()).count(), 0);
        QVERIFY(m.first_start());
        QCOMPARE(seconds_between(t0, *m.first_start()), 0.1);
        clock.advance(std::chrono::seconds(2)); // runs dry: the next start repositions
        clock.sleep_for(m.write(2'000'000, clock.now()));
        QCOMPARE(m.repositions(), std::uint64_t{1});
        QCOMPARE(seconds_between(t0, *m.first_start()), 0.1);
        clock.sleep_for(m.positioned(clock.now()));
        QVERIFY(!m.first_start());
        const auto after = clock.now();
        QCOMPARE(m.write(2'000'000, clock.now()).count(), 0);
        QVERIFY(m.first_start());
        QCOMPARE(seconds_between(after, *m.first_start()), 0.0);
    }

    // Speed matching slows the tape only to keep the buffer from running dry: with more than
    // the start level buffered a dip of the host's rate is ridden out at full speed (the tape
    // takes its bytes at the native rate); once the buffer is down to the start level the drive
    // matches the host's rate, still without a reposition.
    void a_filled_buffer_rides_out_a_dip_at_full_speed() {
        ManualClock clock;
        StreamingModel m(StreamingConfig{400e6, 1e9, 3.0, {200e6, 300e6, 400e6}, 0.25});
        for (int i = 0; i < 8; ++i) // 800 MB at once: the tape starts at 250 MB
            clock.sleep_for(m.write(100'000'000, clock.now()));
        auto feed = [&](double rate, double seconds) {
            const double chunk = 10e6;
            for (double t = 0; t < seconds; t += chunk / rate) {
                clock.sleep_for(m.write(static_cast<std::uint64_t>(chunk), clock.now()));
                clock.advance(std::chrono::nanoseconds(static_cast<long long>(chunk / rate * 1e9)));
            }
        };
        feed(300e6, 1.0); // 100 MB/s net drain: about 700 MB left
        QVERIFY(m.buffered() > m.start_level());
        QCOMPARE(m.speed(), 400e6);
        QCOMPARE(m.lowest_speed_used(), 400e6);
        feed(300e6, 6.0); // down to the start level: matched to the host
        QCOMPARE(m.lowest_speed_used(), 300e6);
        QCOMPARE(m.repositions(), std::uint64_t{0});
    }

    void positioning_writes_out_the_buffer_first() {
        ManualClock clock;
        StreamingModel m(StreamingConfig{10e6, 8e6, 3.0, {}});
        QCOMPARE(m.write(1'000'000, clock.now()).count(), 0);
        QCOMPARE(m.positioned(clock.now()).count(), 100'000'000); // 1 MB at 10 MB/s
        QCOMPARE(m.buffered(), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestStreamingModel)
#include "test_streaming_model.moc"
