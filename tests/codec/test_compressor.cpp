// Compressors: spec parsing and messages, round trips for each codec, "store raw" when
// incompressible, context reuse across many frames, corrupt input rejected.
#include <QtTest>

#include <random>
#include <vector>

#include "codec/compressor.h"

using namespace tl;
using namespace tl::codec;

namespace {
std::vector<std::uint8_t> text_like(std::size_t n) {
    std::vector<std::uint8_t> d(n);
    const char* words = "tape backup multiplex stream block chunk volume label ";
    for (std::size_t i = 0; i < n; ++i)
        d[i] = static_cast<std::uint8_t>(words[(i * 7 + i / 13) % 55]);
    return d;
}
std::vector<std::uint8_t> random_bytes(std::size_t n, unsigned seed) {
    std::vector<std::uint8_t> d(n);
    std::mt19937 g(seed);
    for (auto& b : d)
        b = static_cast<std::uint8_t>(g());
    return d;
}
} // namespace

class TestCompressor final : public QObject {
    Q_OBJECT
private slots:
    void parsesSpecs() {
        QCOMPARE(parse_codec_spec("none").value(), (CodecSpec{Codec::None, 0}));
        QCOMPARE(parse_codec_spec("lz4").value(), (CodecSpec{Codec::Lz4, 0}));
        QCOMPARE(parse_codec_spec("zstd").value(), (CodecSpec{Codec::Zstd, 0}));
        QCOMPARE(parse_codec_spec("ZSTD:9").value(), (CodecSpec{Codec::Zstd, 9}));
        QCOMPARE(parse_codec_spec("gzip:1").value(), (CodecSpec{Codec::Gzip, 1}));
        QCOMPARE(parse_codec_spec("zstd:19").value().str(), std::string("zstd:19"));
    }
    void rejectsBadSpecs_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown") << "foo"
                                 << "compression 'foo' is unknown; use none, lz4, zstd[:1-19] "
                                    "or gzip[:1-9]";
        QTest::newRow("empty")
            << ""
            << "compression '' is unknown; use none, lz4, zstd[:1-19] or gzip[:1-9]";
        QTest::newRow("zstd:0") << "zstd:0"
                                << "compression 'zstd:0': level must be 1-19 for zstd";
        QTest::newRow("zstd:20") << "zstd:20"
                                 << "compression 'zstd:20': level must be 1-19 for zstd";
        QTest::newRow("gzip:x") << "gzip:x"
                                << "compression 'gzip:x': level must be 1-9 for gzip";
        QTest::newRow("gzip:") << "gzip:"
                               << "compression 'gzip:': level must be 1-9 for gzip";
        QTest::newRow("lz4:3") << "lz4:3"
                               << "compression 'lz4:3': lz4 takes no level";
    }
    void rejectsBadSpecs() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        auto r = parse_codec_spec(text.toStdString());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind, ErrorKind::InvalidArgument);
        QCOMPARE(QString::fromStdString(r.error().message), message);
    }
    void roundTrips_data() {
        QTest::addColumn<QString>("spec");
        for (const char* s : {"lz4", "zstd", "zstd:1", "zstd:19", "gzip", "gzip:1", "gzip:9"})
            QTest::newRow(s) << s;
    }
    void roundTrips() {
        QFETCH(QString, spec);
        Compressor c(parse_codec_spec(spec.toStdString()).value());
        Decompressor d;
        for (std::size_t n : {std::size_t{100}, std::size_t{4096}, std::size_t{1} << 20}) {
            const auto in = text_like(n);
            std::vector<std::uint8_t> z(Compressor::bound(n)), back(n);
            for (int rep = 0; rep < 3; ++rep) { // reused contexts give the same result
                auto zn = c.compress(in.data(), n, z.data(), z.size());
                QVERIFY(zn.ok());
                QVERIFY2(zn.value() > 0 && zn.value() < n, "text must compress");
                auto dn = d.decompress(c.spec().codec, z.data(), zn.value(), back.data(), n);
                QVERIFY2(dn.ok(), dn.ok() ? "" : dn.error().message.c_str());
                QCOMPARE(dn.value(), n);
                QVERIFY(back == in);
                auto free_fn = decompress(c.spec().codec, z.data(), zn.value(), back.data(), n);
                QVERIFY(free_fn.ok());
            }
        }
    }
    void storesRawWhenIncompressible() {
        for (Codec codec : {Codec::Lz4, Codec::Zstd, Codec::Gzip, Codec::None}) {
            Compressor c({codec, 0});
            const auto in = random_bytes(65536, 3);
            std::vector<std::uint8_t> z(Compressor::bound(in.size()));
            auto zn = c.compress(in.data(), in.size(), z.data(), z.size());
            QVERIFY(zn.ok());
            QCOMPARE(zn.value(), std::size_t{0});
            // One byte cannot get smaller either.
            QCOMPARE(c.compress(in.data(), 1, z.data(), z.size()).value(), std::size_t{0});
        }
    }
    void corruptInputIsRejected() {
        Compressor c({Codec::Zstd, 0});
        const auto in = text_like(10000);
        std::vector<std::uint8_t> z(in.size()), back(in.size());
        const std::size_t zn = c.compress(in.data(), in.size(), z.data(), z.size()).value();
        auto wrong = decompress(Codec::Zstd, z.data(), zn, back.data(), in.size() - 1);
        QVERIFY(!wrong.ok());
        QCOMPARE(wrong.error().kind, ErrorKind::Corrupt);
        for (Codec codec : {Codec::Lz4, Codec::Zstd, Codec::Gzip}) {
            const auto junk = random_bytes(300, 9);
            auto r = decompress(codec, junk.data(), junk.size(), back.data(), 1000);
            QVERIFY(!r.ok());
            QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        }
        auto none = decompress(Codec::None, in.data(), 10, back.data(), 11);
        QCOMPARE(QString::fromStdString(none.error().message),
                 QStringLiteral("none frame decoded to 10 bytes, expected 11"));
    }
};

QTEST_APPLESS_MAIN(TestCompressor)
#include "test_compressor.moc"
