// Volume label: exact size, round trip, text copy, CRC over every byte, foreign media.
#include <QtTest>

#include <cstring>
#include <vector>

#include "format/constants.h"
#include "format/identify.h"
#include "format/volume_label.h"

using namespace tl;
using namespace tl::format;

namespace {
VolumeLabel sample() {
    VolumeLabel l;
    l.volume_uuid = Uuid::random();
    l.barcode = "000042L8";
    l.pool = "Weekly-Ä";
    l.media_type = "LTO-8";
    l.block_size = 256 * 1024;
    l.label_time = 1760000000;
    l.host = "backup01";
    l.engine_version = "0.1.0";
    return l;
}
} // namespace

class TestFormatLabel final : public QObject {
    Q_OBJECT
private slots:
    void roundTrip() {
        const VolumeLabel l = sample();
        const auto block = encode_label(l);
        QCOMPARE(block.size(), std::size_t{65536});
        QVERIFY(std::memcmp(block.data(), "TLOVOL01", 8) == 0);
        auto back = decode_label(block.data(), block.size());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QVERIFY(back.value() == l);
        QCOMPARE(identify(block.data(), block.size()), MediaKind::Tapeloom);
    }
    void carriesAReadableTextCopy() {
        const auto block = encode_label(sample());
        const std::string all(block.begin(), block.end());
        QVERIFY(all.find("barcode=000042L8\n") != std::string::npos);
        QVERIFY(all.find("block_size=262144\n") != std::string::npos);
    }
    void everyFlippedByteIsCorrupt() {
        const auto good = encode_label(sample());
        for (std::size_t i = 8; i < good.size(); i += 7) { // the magic is covered below
            auto b = good;
            b[i] ^= 0x10;
            auto r = decode_label(b.data(), b.size());
            QVERIFY2(!r.ok(), qPrintable(QString("byte %1").arg(i)));
            QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        }
        auto b = good;
        b[65535] ^= 1;
        QVERIFY(QString::fromStdString(decode_label(b.data(), b.size()).error().message)
                    .startsWith("volume label CRC32C mismatch"));
    }
    void wrongSizeIsCorrupt() {
        auto b = encode_label(sample());
        auto r = decode_label(b.data(), 65000);
        QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        QCOMPARE(QString::fromStdString(r.error().message),
                 QStringLiteral("volume label block has 65000 bytes, expected 65536"));
    }
    void foreignMediaIdentified() {
        std::vector<std::uint8_t> b(65536, 0);
        std::memcpy(b.data() + 12, "BB02", 4);
        QCOMPARE(identify(b.data(), b.size()), MediaKind::Bacula);
        auto r = decode_label(b.data(), b.size());
        QCOMPARE(r.error().kind, ErrorKind::Foreign);
        QCOMPARE(QString::fromStdString(r.error().message),
                 QStringLiteral("not a Tapeloom volume label: the first block is a "
                                "Bacula/Bareos volume"));

        std::vector<std::uint8_t> tar(10240, 0);
        std::memcpy(tar.data(), "etc/passwd", 10);
        std::memcpy(tar.data() + 257, "ustar", 5);
        QCOMPARE(identify(tar.data(), tar.size()), MediaKind::Tar);

        std::vector<std::uint8_t> ltfs(80, ' ');
        std::memcpy(ltfs.data(), "VOL1", 4);
        QCOMPARE(identify(ltfs.data(), ltfs.size()), MediaKind::Ltfs);

        QCOMPARE(identify(nullptr, 0), MediaKind::Blank);
        std::vector<std::uint8_t> junk(512, 0xAB);
        QCOMPARE(identify(junk.data(), junk.size()), MediaKind::Unknown);
        QCOMPARE(decode_label(junk.data(), junk.size()).error().kind, ErrorKind::Foreign);
        QCOMPARE(identify(tar.data(), 100), MediaKind::Unknown); // too short to hold "ustar"
    }
    void newerVersionIsUnsupported() {
        VolumeLabel l = sample();
        l.format_version = 99;
        auto b = encode_label(l);
        QCOMPARE(decode_label(b.data(), b.size()).error().kind, ErrorKind::Unsupported);
    }
};

QTEST_APPLESS_MAIN(TestFormatLabel)
#include "test_format_label.moc"
