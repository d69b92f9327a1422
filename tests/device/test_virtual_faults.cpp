// Faults injected through a virtual library's faults.json (device/virtual_faults.h) reach its
// drives: one-shot TapeAlert flags cleared on read, a standing cleaning request, a drive going
// offline and back, a cartridge that fails to load, a media error at one object.
#include <QTemporaryDir>
#include <QTest>

#include "common/clock.h"
#include "device/virtual_tape_drive.h"
#include "drive_conformance.h"

using namespace tl;
using namespace tl::device;

class TestVirtualFaults : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    ManualClock clock_;
    std::string lib() const { return dir_.path().toStdString(); }

    std::unique_ptr<VirtualTapeDrive> drive(const std::string& barcode, int element = 1) {
        VirtualDriveConfig c;
        c.name = "vfault-drive" + std::to_string(element);
        c.media_dir = lib() + "/media";
        c.capacity = 64ull << 20;
        c.library_dir = lib();
        c.element = element;
        c.resolve = [barcode] { return barcode; };
        return std::make_unique<VirtualTapeDrive>(std::move(c), clock_);
    }
    void inject(const std::function<void(FaultPlan&)>& f) {
        TL_VERIFY_OK(change_fault_plan(lib(), [&](FaultPlan& p) -> Status {
            f(p);
            return {};
        }));
    }

private slots:
    void init() {
        inject([](FaultPlan& p) { p = {}; });
    }

    void tapealert_flags_are_raised_once() {
        auto d = drive("FLT001L9");
        inject([](FaultPlan& p) { p.drives[1].tapealert = {3, 30}; });
        inject([](FaultPlan& p) { p.drives[0].tapealert = {31}; }); // another drive's
        QCOMPARE(d->read_tape_alerts().value(), tape_alert_bit(3) | tape_alert_bit(30));
        QCOMPARE(d->read_tape_alerts().value(), std::uint64_t{0});           // cleared on read
        QVERIFY(read_fault_plan(lib()).value().drives[1].tapealert.empty()); // consumed
        QCOMPARE(read_fault_plan(lib()).value().drives[0].tapealert, std::vector<int>{31});
    }

    void cleaning_request_stands_until_cleared() {
        auto d = drive("FLT002L9");
        inject([](FaultPlan& p) { p.drives[1].cleaning_request = true; });
        QVERIFY(d->status()->cleaning_requested);
        QCOMPARE(d->read_tape_alerts().value(), tape_alert_bit(20));
        QCOMPARE(d->read_tape_alerts().value(), tape_alert_bit(20));
        inject([](FaultPlan& p) { p.drives[1].cleaning_request = false; });
        QVERIFY(!d->status()->cleaning_requested);
        QCOMPARE(d->read_tape_alerts().value(), std::uint64_t{0});
    }

    void offline_drive_refuses_until_online() {
        auto d = drive("FLT003L9");
        inject([](FaultPlan& p) { p.drives[1].offline = true; });
        auto s = d->open(false);
        QCOMPARE(s.error().kind, ErrorKind::Io);
        QVERIFY(s.error().message.find("offline") != std::string::npos);
        QVERIFY(!d->status()->online);
        inject([](FaultPlan& p) { p.drives[1].offline = false; });
        TL_VERIFY_OK(d->open(false));
        TL_VERIFY_OK(d->close());
    }

    void cartridge_fails_to_load() {
        inject([](FaultPlan& p) { p.cartridges["FLT004L9"].fail_load = true; });
        auto d = drive("FLT004L9");
        auto s = d->load();
        QCOMPARE(s.error().kind, ErrorKind::Io);
        QVERIFY(s.error().message.find("FLT004L9 failed to load") != std::string::npos);
        QCOMPARE(d->read_tape_alerts().value(), tape_alert_bit(55));
        auto other = drive("FLT005L9", 2);
        TL_VERIFY_OK(other->load()); // only that cartridge
    }

    void media_error_at_an_object() {
        inject([](FaultPlan& p) { p.cartridges["FLT006L9"].media_error_at = 3; });
        auto d = drive("FLT006L9");
        TL_VERIFY_OK(d->load());
        TL_VERIFY_OK(d->open(false));
        const auto blk = conformance::pattern(4096, 1);
        for (int i = 0; i < 3; ++i)
            TL_VERIFY_OK(d->write_block(blk.data(), blk.size()));
        auto w = d->write_block(blk.data(), blk.size());
        QCOMPARE(w.error().kind, ErrorKind::Io);
        QVERIFY(w.error().message.find("media error at object 3") != std::string::npos);
        QCOMPARE(d->read_tape_alerts().value(), tape_alert_bit(4) | tape_alert_bit(6));
        // Cleared, the write goes on after the filemark close() wrote (object 3); set again at
        // that block (object 4), reading it back fails.
        inject([](FaultPlan& p) { p.cartridges["FLT006L9"].media_error_at.reset(); });
        TL_VERIFY_OK(d->close());
        TL_VERIFY_OK(d->open(false));
        TL_VERIFY_OK(d->goto_eod());
        TL_VERIFY_OK(d->write_block(blk.data(), blk.size()));
        TL_VERIFY_OK(d->close());
        inject([](FaultPlan& p) { p.cartridges["FLT006L9"].media_error_at = 4; });
        TL_VERIFY_OK(d->open(true));
        TL_VERIFY_OK(d->rewind());
        std::vector<char> buf(8192);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(d->read_block(buf.data(), buf.size()).value(), blk.size());
        QCOMPARE(d->read_block(buf.data(), buf.size()).value(), std::size_t{0}); // the filemark
        QCOMPARE(d->read_block(buf.data(), buf.size()).error().kind, ErrorKind::Io);
        QCOMPARE(d->read_tape_alerts().value(), tape_alert_bit(4) | tape_alert_bit(5));
        TL_VERIFY_OK(d->close());
    }
};

QTEST_GUILESS_MAIN(TestVirtualFaults)
#include "test_virtual_faults.moc"
