// parse_mtx_status against real `mtx status` texts (tape-notes §2.2) and the text the virtual
// changer renders.
#include <QTemporaryDir>
#include <QTest>

#include "common/clock.h"
#include "device/mtx_status.h"
#include "device/virtual_changer.h"

using namespace tl;
using namespace tl::device;

namespace {
// Barcodes, a mail slot, padded tags, "VolumeTag = " on drives vs "VolumeTag=" on slots.
const char* kWithBarcodes =
    "  Storage Changer /dev/sg0:2 Drives, 24 Slots ( 4 Import/Export )\n"
    "Data Transfer Element 0:Full (Storage Element 3 Loaded):VolumeTag = 000003L8                  "
    "      \n"
    "Data Transfer Element 1:Empty\n"
    "      Storage Element 1:Full :VolumeTag=000001L8                        \n"
    "      Storage Element 2:Full :VolumeTag=000002L8                        \n"
    "      Storage Element 3:Empty\n"
    "      Storage Element 21 IMPORT/EXPORT:Full :VolumeTag=000021L8                        \n"
    "      Storage Element 22 IMPORT/EXPORT:Empty\n";

// No barcode reader; a drive whose source is unknown.
const char* kNoBarcodes = "  Storage Changer /dev/sg3:1 Drives, 4 Slots ( 0 Import/Export )\n"
                          "Data Transfer Element 0:Full (Unknown Storage Element Loaded)\n"
                          "      Storage Element 1:Full \n"
                          "      Storage Element 2:Empty\n"
                          "      Storage Element 3:Full \n"
                          "      Storage Element 4:Empty\n";

// Unknown source but a tag, and alternate tags.
const char* kUnknownWithTag =
    "  Storage Changer /dev/sg1:1 Drives, 2 Slots ( 1 Import/Export )\n"
    "Data Transfer Element 0:Full (Unknown Storage Element Loaded):VolumeTag = CLN001L1\n"
    "      Storage Element 1:Empty\n"
    "      Storage Element 2 IMPORT/EXPORT:Full :VolumeTag=ABC123L7:AlternateVolumeTag=X\n";
} // namespace

class TestMtxStatus : public QObject {
    Q_OBJECT
private slots:
    void with_barcodes_and_mail_slots() {
        auto inv = parse_mtx_status(kWithBarcodes);
        QVERIFY(inv.ok());
        QCOMPARE(inv->drives.size(), std::size_t{2});
        QVERIFY(inv->drives[0].full);
        QCOMPARE(inv->drives[0].barcode, std::string("000003L8"));
        QCOMPARE(inv->drives[0].source_slot.value(), 3);
        QVERIFY(!inv->drives[1].full);
        QCOMPARE(inv->storage.size(), std::size_t{3});
        QCOMPARE(inv->storage[0].barcode, std::string("000001L8"));
        QVERIFY(!inv->storage[2].full);
        QCOMPARE(inv->mail_slots.size(), std::size_t{2});
        QCOMPARE(inv->mail_slots[0].number, 21);
        QCOMPARE(inv->mail_slots[0].type, ElementType::MailSlot);
        QCOMPARE(inv->mail_slots[0].barcode, std::string("000021L8"));
        QVERIFY(!inv->mail_slots[1].full);
    }

    void without_barcodes() {
        auto inv = parse_mtx_status(kNoBarcodes);
        QVERIFY(inv.ok());
        QVERIFY(inv->drives[0].full);
        QVERIFY(!inv->drives[0].source_slot.has_value());
        QCOMPARE(inv->drives[0].barcode, std::string());
        QVERIFY(inv->storage[0].full);
        QCOMPARE(inv->storage[0].barcode, std::string());
        QVERIFY(!inv->storage[1].full);
        QCOMPARE(inv->storage.size(), std::size_t{4});
        QVERIFY(inv->mail_slots.empty());
    }

    void unknown_source_with_tag() {
        auto inv = parse_mtx_status(kUnknownWithTag);
        QVERIFY(inv.ok());
        QCOMPARE(inv->drives[0].barcode, std::string("CLN001L1"));
        QCOMPARE(inv->mail_slots[0].barcode, std::string("ABC123L7"));
    }

    void garbage_is_refused() {
        auto bad = parse_mtx_status(
            "  Storage Changer /dev/sg0:1 Drives, 1 Slots ( 0 Import/Export )\nmtx: Illegal\n");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().kind, ErrorKind::Corrupt);
        QVERIFY(bad.error().message.find("mtx: Illegal") != std::string::npos);
        QCOMPARE(parse_mtx_status("").error().kind, ErrorKind::NotFound);
    }

    void render_matches_mtx_format() {
        auto inv = parse_mtx_status(kWithBarcodes);
        const std::string text = render_mtx_status(inv.value(), "/dev/sg0");
        QVERIFY(
            text.find(
                "Data Transfer Element 0:Full (Storage Element 3 Loaded):VolumeTag = 000003L8 ") !=
            std::string::npos);
        QVERIFY(text.find("      Storage Element 1:Full :VolumeTag=000001L8 ") !=
                std::string::npos);
        QVERIFY(text.find("      Storage Element 21 IMPORT/EXPORT:Full :VolumeTag=000021L8") !=
                std::string::npos);
        QVERIFY(text.find("      Storage Element 22 IMPORT/EXPORT:Empty\n") != std::string::npos);
        QVERIFY(text.rfind("  Storage Changer /dev/sg0:2 Drives, 5 Slots ( 2 Import/Export )\n",
                           0) == 0);
        auto none = parse_mtx_status(kNoBarcodes);
        QCOMPARE(render_mtx_status(none.value(), "/dev/sg3"), std::string(kNoBarcodes));
    }

    void virtual_changer_text_round_trips() {
        QTemporaryDir dir;
        ManualClock clock;
        VirtualChangerConfig c{"vt", dir.path().toStdString(), 2, 6, 2, {}, nullptr};
        auto ch = VirtualChanger::open(c, clock, {"AAA001L9", "AAA002L9", "AAA003L9"});
        QVERIFY(ch.ok());
        QVERIFY(ch.value()->load(2, 1).ok());
        QVERIFY(ch.value()->insert(7, "MAIL01L9").ok());
        auto text = ch.value()->mtx_status_text("/dev/vt");
        QVERIFY(text.ok());
        auto parsed = parse_mtx_status(text.value());
        QVERIFY(parsed.ok());
        auto inv = ch.value()->inventory();
        QCOMPARE(parsed->drives.size(), inv->drives.size());
        QCOMPARE(parsed->drives[1].barcode, std::string("AAA002L9"));
        QCOMPARE(parsed->drives[1].source_slot.value(), 2);
        QCOMPARE(parsed->storage.size(), std::size_t{6});
        QVERIFY(!parsed->storage[1].full);
        QCOMPARE(parsed->mail_slots[0].number, 7);
        QCOMPARE(parsed->mail_slots[0].barcode, std::string("MAIL01L9"));
        QVERIFY(text->find("VolumeTag = AAA002L9") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestMtxStatus)
#include "test_mtx_status.moc"
