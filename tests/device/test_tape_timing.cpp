// The drive models of the virtual library (docs/devices.md "Drive models"): LTO-9's locate time
// along its serpentine wraps, load and unload with rewind, the scales, and the streaming model
// with the type's speed-matching steps fed in simulated time (ManualClock): at 90% of native
// the drive matches its speed and never repositions; below its lowest step it shoe-shines.
#include <QTest>

#include "common/clock.h"
#include "device/streaming_model.h"
#include "device/tape_timing.h"

using namespace tl;
using namespace tl::device;

namespace {
double secs(std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
}

TapeTiming lto9(double time_scale = 1, double rate_scale = 1) {
    return TapeTiming({find_drive_type("lto9").value(), time_scale, rate_scale});
}

struct Fed {
    double accepted; // bytes/s the drive took over the run
    StreamingModel model;
};

// One host feeding `rate` bytes/s in 4 MB writes for `seconds` of simulated time, then a
// synchronous filemark; each write waits for the previous one (back-pressure).
Fed feed(const StreamingConfig& c, double rate, double seconds) {
    ManualClock clock;
    StreamingModel m(c);
    const double chunk = 4e6;
    const auto t0 = clock.now();
    double next = 0, bytes = 0;
    while (next < seconds) {
        const double now = seconds_between(t0, clock.now());
        if (next > now)
            clock.advance(std::chrono::nanoseconds(static_cast<long long>((next - now) * 1e9)));
        const double taken = seconds_between(t0, clock.now());
        clock.sleep_for(m.write(static_cast<std::uint64_t>(chunk), clock.now()));
        bytes += chunk;
        next = taken + chunk / rate;
    }
    return {bytes / seconds_between(t0, clock.now()), m};
}
} // namespace

class TestTapeTiming : public QObject {
    Q_OBJECT
private slots:
    void lto9_figures() {
        const auto t = find_drive_type("lto9").value();
        QCOMPARE(t.native_rate, 400e6);
        QCOMPARE(t.native_capacity, 18'000'000'000'000ull);
        QCOMPARE(t.speed_steps.size(), std::size_t{12});
        QVERIFY(std::abs(t.speed_steps.front() - 177e6) < 1);
        QCOMPARE(t.speed_steps.back(), 400e6);
        QVERIFY(find_drive_type("lto8").ok());
        auto bad = find_drive_type("dlt4");
        QCOMPARE(bad.error().kind, ErrorKind::NotFound);
        QVERIFY(bad.error().message.find("lto9") != std::string::npos);
    }

    void locate_cost_grows_with_distance() {
        const auto t = lto9();
        // One wrap holds 18 TB / 280 = 64.3 GB; within wrap 0 the tape moves with the bytes.
        const double near = secs(t.locate(0, 5'000'000'000ull));
        const double mid = secs(t.locate(0, 30'000'000'000ull));
        const double far = secs(t.locate(0, 60'000'000'000ull));
        QVERIFY2(near > 0 && near < mid && mid < far,
                 qPrintable(QString("%1 %2 %3").arg(near).arg(mid).arg(far)));
        // Serpentine: the start of wrap 1 lies at the EOT end, next to the end of wrap 0 ...
        const std::uint64_t wrap = 18'000'000'000'000ull / 280;
        const double across = secs(t.locate(wrap - 1'000'000'000ull, wrap + 1'000'000'000ull));
        // ... and far from BOT, a full tape length away.
        const double from_bot = secs(t.locate(0, wrap + 1'000'000'000ull));
        QVERIFY2(across < 10 && from_bot > 90,
                 qPrintable(QString("%1 %2").arg(across).arg(from_bot)));
        QCOMPARE(secs(t.locate(123, 123)), 0.0);
    }

    void unload_rewinds_first() {
        const auto t = lto9();
        QCOMPARE(secs(t.load()), 15.0);
        QCOMPARE(secs(t.unload(0)), 15.0);
        QVERIFY(secs(t.unload(40'000'000'000ull)) > 15.0 + 50); // 640 m back at 10 m/s
    }

    void scales_shorten_mechanics_and_shrink_the_data_path() {
        const auto t = lto9(100, 0.01);
        QCOMPARE(secs(t.load()), 0.15);
        const auto s = t.streaming();
        QCOMPARE(s.rate, 4e6);
        QCOMPARE(s.buffer, 1e7);
        QCOMPARE(s.reposition_s, 0.03);
        QVERIFY(std::abs(s.steps.front() - 1.77e6) < 1);
        QCOMPARE(t.capacity(), 180'000'000'000ull);
        // A position maps to the tape in model bytes: 1% of the locate distance in real bytes.
        QCOMPARE(secs(t.locate(0, 300'000'000ull)),
                 secs(lto9(100, 1).locate(0, 30'000'000'000ull)));
        auto bad = timing_config({{"type", "lto9"}, {"rate_scale", 0}});
        QCOMPARE(bad.error().kind, ErrorKind::InvalidArgument);
    }

    void ninety_percent_of_native_is_speed_matched() {
        const auto f = feed(lto9().streaming(), 360e6, 120);
        QCOMPARE(f.model.repositions(), std::uint64_t{0});
        QVERIFY2(f.accepted > 0.97 * 360e6, qPrintable(QString::number(f.accepted)));
        // It ran at a step below native, at or above the lowest.
        QVERIFY(f.model.lowest_speed_used() < 400e6);
        QVERIFY(f.model.lowest_speed_used() > 300e6);
    }

    void every_rate_down_to_the_lowest_step_streams() {
        for (double rate : {180e6, 250e6, 399e6, 800e6}) {
            const auto f = feed(lto9().streaming(), rate, 120);
            QVERIFY2(f.model.repositions() == 0, qPrintable(QString::number(rate)));
        }
    }

    void below_the_lowest_step_shoe_shines() {
        const auto f = feed(lto9().streaming(), 120e6, 120);
        QVERIFY2(f.model.repositions() >= 3, qPrintable(QString::number(f.model.repositions())));
        QVERIFY(std::abs(f.model.lowest_speed_used() - 177e6) < 1);
        QVERIFY(f.accepted < 120e6); // the backhitches cost the host time
    }

    // LTO-9 starts its tape at a quarter of its 1 GB buffer: fed at 90% of native it moves
    // after 0.7 s with the buffer far from full, and still never repositions; tape-notes' model
    // (start on a full buffer) has not moved yet after 1 s.
    void threshold_start_at_ninety_percent_streams() {
        const auto c = lto9().streaming();
        QCOMPARE(c.start_fill, 0.25);
        const auto early = feed(c, 360e6, 1.0);
        QVERIFY(early.model.streaming());
        QVERIFY2(early.model.buffered() < 0.5 * c.buffer,
                 qPrintable(QString::number(early.model.buffered())));
        auto full_start = c;
        full_start.start_fill = 1.0;
        QVERIFY(!feed(full_start, 360e6, 1.0).model.streaming());
        const auto f = feed(c, 360e6, 120);
        QCOMPARE(f.model.repositions(), std::uint64_t{0});
        QVERIFY2(f.accepted > 0.97 * 360e6, qPrintable(QString::number(f.accepted)));
    }

    // Below the lowest step the threshold start does not hide the shoe-shine: each restart
    // comes at a quarter of the buffer, so the backhitches come more often than with a
    // full-buffer start (tape-notes §4.3 with B replaced by the start level).
    void threshold_start_below_the_lowest_step_shoe_shines() {
        const auto c = lto9().streaming();
        auto full_start = c;
        full_start.start_fill = 1.0;
        const auto f = feed(c, 120e6, 120);
        const auto full = feed(full_start, 120e6, 120);
        QVERIFY2(f.model.repositions() >= 3 && f.model.repositions() > full.model.repositions(),
                 qPrintable(
                     QString("%1 vs %2").arg(f.model.repositions()).arg(full.model.repositions())));
        QVERIFY(std::abs(f.model.lowest_speed_used() - 177e6) < 1);
        QVERIFY(f.accepted < 120e6);
    }

    void one_speed_drive_shoe_shines_at_ninety_percent() {
        // The model without steps (as `--drive-rate` benches configure it): 90% is not enough.
        auto c = lto9().streaming();
        c.steps.clear();
        QVERIFY(feed(c, 360e6, 120).model.repositions() > 0);
    }
};

QTEST_GUILESS_MAIN(TestTapeTiming)
#include "test_tape_timing.moc"
