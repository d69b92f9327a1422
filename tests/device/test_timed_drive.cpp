// A VirtualTapeDrive with the LTO-9 model (rate scale 0.002: 0.8 MB/s native, a 2 MB buffer)
// on a ManualClock: loading and unloading take the model's time on the injected clock, a seek
// costs more the further it goes, a host at 90% of native streams without a reposition and one
// below the lowest speed step shoe-shines, as the drive's counters say.
#include <QTemporaryDir>
#include <QTest>

#include "common/clock.h"
#include "device/virtual_tape_drive.h"
#include "drive_conformance.h"

using namespace tl;
using namespace tl::device;

class TestTimedDrive : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    ManualClock clock_;
    static constexpr double kScale = 0.002;

    std::unique_ptr<VirtualTapeDrive> drive(const std::string& barcode) {
        VirtualDriveConfig c;
        c.name = "vtimed-drive0";
        c.media_dir = dir_.path().toStdString() + "/media";
        c.capacity = 1ull << 30;
        c.timing.emplace(TapeTimingConfig{find_drive_type("lto9").value(), 1, kScale});
        c.resolve = [barcode] { return barcode; };
        return std::make_unique<VirtualTapeDrive>(std::move(c), clock_);
    }

    double elapsed(const std::function<void()>& op) {
        const auto t0 = clock_.now();
        op();
        return seconds_between(t0, clock_.now());
    }

    // Writes 16 KiB blocks as a host delivering `rate` bytes/s would, for `seconds`.
    void feed(VirtualTapeDrive& d, double rate, double seconds) {
        const auto blk = conformance::pattern(16 * 1024, 7);
        const auto t0 = clock_.now();
        double next = 0;
        while (next < seconds) {
            const double now = seconds_between(t0, clock_.now());
            if (next > now)
                clock_.advance(
                    std::chrono::nanoseconds(static_cast<long long>((next - now) * 1e9)));
            const double taken = seconds_between(t0, clock_.now());
            TL_VERIFY_OK(d.write_block(blk.data(), blk.size()));
            next = taken + static_cast<double>(blk.size()) / rate;
        }
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void load_and_unload_take_their_time() {
        auto d = drive("TML001L9");
        QCOMPARE(elapsed([&] { TL_VERIFY_OK(d->load()); }), 15.0);
        QCOMPARE(elapsed([&] { TL_VERIFY_OK(d->load()); }), 0.0);    // already threaded
        QCOMPARE(elapsed([&] { TL_VERIFY_OK(d->unload()); }), 15.0); // at BOT: no rewind
    }

    void ninety_percent_of_native_streams_and_locates_cost_distance() {
        auto d = drive("TML002L9");
        TL_VERIFY_OK(d->load());
        TL_VERIFY_OK(d->open(false));
        feed(*d, 0.9 * 400e6 * kScale, 40);
        QCOMPARE(d->counters().shoeshine_events.load(), std::uint64_t{0});
        const auto lowest = d->counters().lowest_speed_step.load();
        QVERIFY2(lowest < 400e6 * kScale && lowest >= 177e6 * kScale,
                 qPrintable(QString::number(lowest)));
        TL_VERIFY_OK(d->write_filemarks(1));
        const auto end = d->tell().value();
        const double to_middle = elapsed([&] { TL_VERIFY_OK(d->seek(end / 2)); });
        TL_VERIFY_OK(d->goto_eod());
        const double to_start = elapsed([&] { TL_VERIFY_OK(d->seek(1)); });
        QVERIFY2(to_middle > 0 && to_middle < to_start,
                 qPrintable(QString("%1 %2").arg(to_middle).arg(to_start)));
        TL_VERIFY_OK(d->close());
        // Unloading from the end of data rewinds first.
        TL_VERIFY_OK(d->open(true));
        TL_VERIFY_OK(d->goto_eod());
        QVERIFY(elapsed([&] { TL_VERIFY_OK(d->unload()); }) > 15.0);
    }

    void below_the_lowest_step_shoe_shines() {
        auto d = drive("TML003L9");
        TL_VERIFY_OK(d->load());
        TL_VERIFY_OK(d->open(false));
        feed(*d, 60e6 * kScale, 100); // a third of the lowest step (177 MB/s)
        QVERIFY2(d->counters().shoeshine_events.load() >= 2,
                 qPrintable(QString::number(d->counters().shoeshine_events.load())));
        QVERIFY(d->counters().shoeshine_ns.load() > 0);
        QCOMPARE(static_cast<double>(d->counters().lowest_speed_step.load()),
                 std::floor(177e6 * kScale));
        TL_VERIFY_OK(d->close());
    }
};

QTEST_GUILESS_MAIN(TestTimedDrive)
#include "test_timed_drive.moc"
