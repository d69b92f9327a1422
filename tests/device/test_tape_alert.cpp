// The TapeAlert parser and flag table (device/tape_alert.h) on log pages as drives send them:
//  - a real capture: `sg_logs -p 0x2e` of a QUANTUM Scalar, firmware 0108, as recorded in
//    Amantux/OpenBlade, openblade/hardware/tapealert.py (SAMPLE_SG_LOGS_TAPEALERT_UNDECODABLE,
//    the first 32 of its 324 bytes: sg_logs cut the dump there);
//  - the page mhvtl's virtual drives answer LOG SENSE 2Eh with (markh794/mhvtl, usr/vtllib.c,
//    initTapeAlert() and setTapeAlert(): parameter codes 1..64, control byte C0h, length 1,
//    value 1 when the flag's bit is set), which sg_logs decodes on an mhvtl IBM ULT3580-TD8.
#include <QTest>

#include <vector>

#include "device/tape_alert.h"
#include "device/tape_drive.h"

using namespace tl;
using namespace tl::device;

namespace {
// QUANTUM Scalar, sg_logs -p 0x2e: "00  2e 00 01 40 00 01 c0 01  00 00 02 c0 01 00 00 03
// / 10  c0 01 00 00 04 c0 01 00  00 05 c0 01 00 00 06 c0".
const std::vector<std::uint8_t> kQuantumScalar = {
    0x2e, 0x00, 0x01, 0x40, 0x00, 0x01, 0xc0, 0x01, 0x00, 0x00, 0x02, 0xc0, 0x01, 0x00, 0x00, 0x03,
    0xc0, 0x01, 0x00, 0x00, 0x04, 0xc0, 0x01, 0x00, 0x00, 0x05, 0xc0, 0x01, 0x00, 0x00, 0x06, 0xc0};

// The page as mhvtl builds it for the flag word `flags` (bit n-1 = flag n).
std::vector<std::uint8_t> mhvtl_page(std::uint64_t flags) {
    std::vector<std::uint8_t> p = {0x2e, 0x00, 0x01, 0x40}; // 64 parameters x 5 bytes
    for (int a = 0; a < 64; ++a) {
        const std::uint8_t value = (flags & (std::uint64_t{1} << a)) ? 1 : 0;
        p.insert(p.end(), {0x00, static_cast<std::uint8_t>(a + 1), 0xc0, 0x01, value});
    }
    return p;
}
} // namespace

class TestTapeAlert : public QObject {
    Q_OBJECT
private slots:
    void quantum_scalar_capture_cut_short() {
        auto p = parse_tape_alert_page(kQuantumScalar.data(), kQuantumScalar.size());
        QVERIFY(p.ok());
        QCOMPARE(p->flags, std::uint64_t{0});
        QCOMPARE(p->parameters, 5); // parameter 6 is cut after its control byte
        QVERIFY(p->truncated);
    }

    void mhvtl_page_without_flags() {
        const auto page = mhvtl_page(0);
        QCOMPARE(page.size(), std::size_t{324});
        auto p = parse_tape_alert_page(page.data(), page.size()).value();
        QCOMPARE(p.flags, std::uint64_t{0});
        QCOMPARE(p.parameters, 64);
        QVERIFY(!p.truncated);
    }

    void mhvtl_page_with_clean_now_and_hardware_a() {
        const std::uint64_t word = tape_alert_bit(20) | tape_alert_bit(30) | tape_alert_bit(64);
        const auto page = mhvtl_page(word);
        QCOMPARE(parse_tape_alert_page(page.data(), page.size())->flags, word);
        const auto flags = flags_in(word);
        QCOMPARE(flags.size(), std::size_t{3});
        QCOMPARE(describe(flags[0]), std::string("20 Clean now (critical)"));
        QCOMPARE(flags[0].action, AlertAction::Clean);
        QCOMPARE(describe(flags[1]), std::string("30 Hardware A (critical)"));
        QCOMPARE(flags[1].action, AlertAction::DriveFault);
        QCOMPARE(flags[2].severity, AlertSeverity::Info); // reserved
    }

    void flag_table() {
        QCOMPARE(tape_alert_flag(4).action, AlertAction::MarkMedia);
        QCOMPARE(tape_alert_flag(4).severity, AlertSeverity::Critical);
        QCOMPARE(tape_alert_flag(19).severity, AlertSeverity::Info);
        QCOMPARE(std::string(tape_alert_flag(21).name), std::string("Clean periodic"));
        QCOMPARE(tape_alert_flag(22).action, AlertAction::CleaningMedia);
        QCOMPARE(tape_alert_flag(38).action, AlertAction::DriveFault);
        QCOMPARE(std::string(to_string(AlertSeverity::Warning)), std::string("warning"));
        for (int n = 1; n <= 64; ++n)
            QCOMPARE(tape_alert_flag(n).number, n);
    }

    void other_pages_and_overruns_are_refused() {
        auto page = mhvtl_page(0);
        page[0] = 0x2f; // informational exceptions, not TapeAlert
        QCOMPARE(parse_tape_alert_page(page.data(), page.size()).error().kind, ErrorKind::Corrupt);
        // A parameter claiming more bytes than the page has.
        std::vector<std::uint8_t> bad = {0x2e, 0x00, 0x00, 0x06, 0x00,
                                         0x14, 0xc0, 0x04, 0x01, 0x01};
        QCOMPARE(parse_tape_alert_page(bad.data(), bad.size()).error().kind, ErrorKind::Corrupt);
        QCOMPARE(parse_tape_alert_page(bad.data(), 3).error().kind, ErrorKind::Corrupt);
        // The DS/SPF bits of byte 0 do not matter; a longer value uses its last byte.
        std::vector<std::uint8_t> wide = {0xee, 0x00, 0x00, 0x06, 0x00,
                                          0x14, 0x40, 0x02, 0x00, 0x01};
        QCOMPARE(parse_tape_alert_page(wide.data(), wide.size())->flags, tape_alert_bit(20));
    }
};

QTEST_GUILESS_MAIN(TestTapeAlert)
#include "test_tape_alert.moc"
