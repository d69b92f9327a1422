// The conformance suite against a real drive: set TAPELOOM_TEST_TAPE=/dev/nstN to a drive with
// a SCRATCH cartridge loaded (it is overwritten). Skipped otherwise.
#include <QTest>

#include <cstdlib>

#include "device/st_tape_drive.h"
#include "drive_conformance.h"

using namespace tl;
using namespace tl::device;

class TestStDrive : public QObject {
    Q_OBJECT
    std::unique_ptr<StTapeDrive> drive() {
        const char* dev = std::getenv("TAPELOOM_TEST_TAPE");
        if (!dev || !*dev) return nullptr;
        auto d = std::make_unique<StTapeDrive>(StDriveConfig{dev, dev, {1, 1u << 20}});
        auto s = d->open(false);
        if (!s) qFatal("%s", s.error().message.c_str());
        if (auto r = d->rewind(); !r) qFatal("%s", r.error().message.c_str());
        return d;
    }
#define TL_NEED_TAPE(d)                                                                            \
    if (!d)                                                                                        \
    QSKIP("set TAPELOOM_TEST_TAPE=/dev/nstN (scratch cartridge) to run against a real drive")

private slots:
    void round_trip() {
        auto d = drive();
        TL_NEED_TAPE(d);
        conformance::round_trip(*d);
    }
    void spacing() {
        auto d = drive();
        TL_NEED_TAPE(d);
        conformance::spacing(*d);
    }
    void positions() {
        auto d = drive();
        TL_NEED_TAPE(d);
        conformance::positions(*d);
    }
    void truncation() {
        auto d = drive();
        TL_NEED_TAPE(d);
        conformance::truncation(*d);
    }
    void small_buffer() {
        auto d = drive();
        TL_NEED_TAPE(d);
        conformance::small_buffer(*d);
    }
    void swapped_blocks() {
        auto d = drive();
        TL_NEED_TAPE(d);
        conformance::swapped_blocks(*d);
    }
    void missing_device() {
        StTapeDrive d(StDriveConfig{"ghost", "/dev/nonexistent-nst99", {1, 1u << 20}});
        auto s = d.open(false);
        QVERIFY(!s.ok());
        QCOMPARE(s.error().kind, ErrorKind::NotFound);
        QVERIFY(s.error().message.find("/dev/nonexistent-nst99") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestStDrive)
#include "test_st_drive.moc"
