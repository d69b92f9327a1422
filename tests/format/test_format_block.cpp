// Blocks: in-place building, parsing back the chunks, a flipped bit at every byte position is
// Corrupt, position patching after end of medium, size rules.
#include <QtTest>

#include <cstring>
#include <random>
#include <vector>

#include "codec/crc32c.h"
#include "format/block.h"
#include "format/block_builder.h"

using namespace tl;
using namespace tl::format;

namespace {
constexpr std::size_t B = 64 * 1024;

BlockStamp stamp(std::uint64_t seq) {
    static const Uuid session = Uuid::random();
    return BlockStamp{session, seq, 2, block_flags::kData};
}

// Three chunks of different streams, the last one filling the block to the brim.
std::vector<std::uint8_t> sample_block() {
    std::vector<std::uint8_t> buf(B, 0xEE); // garbage: the builder must zero what it leaves
    BlockBuilder b;
    b.reset(buf.data(), B, stamp(77));
    std::uint8_t* p = b.begin_chunk(1, 1000, chunk_flags::kStreamBegin, 5);
    std::memset(p, 'a', 13);
    b.end_chunk(13);
    p = b.begin_chunk(2, 0, 0, kNoBoundary);
    std::memset(p, 'b', 100);
    b.end_chunk(100);
    const std::size_t rest = b.free_for_chunk();
    p = b.begin_chunk(3, 5000, 0);
    std::memset(p, 'c', rest);
    b.set_first_boundary(7);
    b.add_chunk_flags(chunk_flags::kStreamEnd);
    b.end_chunk(rest);
    if (b.free_for_chunk() != 0) qFatal("block not full");
    b.finish(4, 9);
    return buf;
}
} // namespace

class TestFormatBlock final : public QObject {
    Q_OBJECT
private slots:
    void buildsAndParses() {
        const auto buf = sample_block();
        auto r = parse_block(buf.data(), buf.size());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const BlockHeader& h = r->header;
        QCOMPARE(h.block_len, std::uint32_t(B));
        QCOMPARE(h.session_block_seq, std::uint64_t{77});
        QCOMPARE(h.volume_seq, 2u);
        QCOMPARE(h.tape_file, 4u);
        QCOMPARE(h.block_in_file, 9u);
        QCOMPARE(h.flags, block_flags::kData);
        QVERIFY(h.session_uuid == stamp(0).session_uuid);
        QCOMPARE(r->chunks.size(), std::size_t{3});
        const ChunkView& a = r->chunks[0];
        QCOMPARE(a.stream_id, 1u);
        QCOMPARE(a.stream_offset, std::uint64_t{1000});
        QCOMPARE(a.flags, chunk_flags::kStreamBegin);
        QCOMPARE(a.first_boundary, 5u);
        QCOMPARE(a.length, 13u);
        QCOMPARE(a.data, buf.data() + 64 + 24); // a view into the block, not a copy
        QCOMPARE(a.data[12], std::uint8_t('a'));
        // The second chunk starts 8-aligned after the first (64+24+13 -> 104).
        QCOMPARE(r->chunks[1].data, buf.data() + 104 + 24);
        QCOMPARE(r->chunks[1].first_boundary, kNoBoundary);
        const ChunkView& c = r->chunks[2];
        QCOMPARE(c.flags, chunk_flags::kStreamEnd);
        QCOMPARE(c.first_boundary, 7u);
        QCOMPARE(c.data + c.length, buf.data() + B); // filled to the last byte
    }
    void padsWithZeros() {
        std::vector<std::uint8_t> buf(B, 0xEE);
        BlockBuilder b;
        b.reset(buf.data(), B, stamp(1));
        std::uint8_t* p = b.begin_chunk(1, 0);
        std::memset(p, 'x', 3);
        b.end_chunk(3);
        b.finish(0, 0);
        for (std::size_t i = 64 + 24 + 3; i < B; ++i)
            QCOMPARE(buf[i], std::uint8_t{0});
        auto r = parse_block(buf.data(), B);
        QVERIFY(r.ok());
        QCOMPARE(r->header.payload_len, 32u); // 24 + 3, aligned to 8
    }
    // A chunk whose payload's CRC its producer gave makes the same block, byte for byte, as
    // one the builder reads whole: with the chunk alone, or followed by another.
    void payloadCrcGivenMakesTheSameBlock() {
        std::mt19937 g(5);
        for (std::size_t len : {std::size_t{1}, std::size_t{1000}, B - 64 - 24 - 300}) {
            std::vector<std::uint8_t> payload(len);
            for (auto& c : payload)
                c = static_cast<std::uint8_t>(g());
            for (bool second : {false, true}) {
                std::vector<std::uint8_t> a(B, 0xEE), b(B, 0x11);
                BlockBuilder ba, bb;
                ba.reset(a.data(), B, stamp(9));
                bb.reset(b.data(), B, stamp(9));
                std::memcpy(ba.begin_chunk(4, 77, chunk_flags::kStreamBegin, 0), payload.data(),
                            len);
                ba.end_chunk(len);
                std::memcpy(bb.begin_chunk(4, 77, chunk_flags::kStreamBegin, 0), payload.data(),
                            len);
                bb.end_chunk_with_crc(len, codec::crc32c(payload.data(), len));
                if (second && ba.free_for_chunk() > 10) {
                    std::memset(ba.begin_chunk(5, 0), 'z', 10);
                    ba.end_chunk(10);
                    std::memset(bb.begin_chunk(5, 0), 'z', 10);
                    bb.end_chunk(10);
                }
                ba.finish(3, 4);
                bb.finish(3, 4);
                QVERIFY(a == b);
                QVERIFY(parse_block(b.data(), B).ok());
            }
        }
    }
    void everyFlippedBitIsCorrupt() {
        auto buf = sample_block();
        BlockReader reader;
        for (std::size_t i = 0; i < buf.size(); ++i) {
            const auto bit = static_cast<std::uint8_t>(1u << (i % 8));
            buf[i] ^= bit;
            const Status s = reader.parse(buf.data(), buf.size());
            buf[i] ^= bit;
            if (s.ok() || s.error().kind != ErrorKind::Corrupt)
                QFAIL(qPrintable(QString("flip at byte %1 not detected as corrupt").arg(i)));
        }
        QVERIFY(reader.parse(buf.data(), buf.size()).ok());
    }
    void crcErrorNamesTheBlock() {
        auto buf = sample_block();
        buf[1000] ^= 4;
        auto r = parse_block(buf.data(), buf.size());
        QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        QVERIFY2(QString::fromStdString(r.error().message)
                     .startsWith("block 77 (tape file 4, block 9): CRC32C mismatch (stored 0x"),
                 r.error().message.c_str());
    }
    void tornBlockIsCorrupt() {
        auto buf = sample_block();
        auto r = parse_block(buf.data(), B - 1024);
        QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        QCOMPARE(QString::fromStdString(r.error().message),
                 QStringLiteral("block 77 (tape file 4, block 9): length 64512 read, header says "
                                "65536 (torn or truncated block)"));
        std::vector<std::uint8_t> zeros(B, 0);
        QCOMPARE(QString::fromStdString(parse_block(zeros.data(), B).error().message),
                 QStringLiteral("not a Tapeloom data block (no MXB1 magic)"));
    }
    void patchesPositionForRewrite() {
        auto buf = sample_block();
        QVERIFY(patch_block_position(buf.data(), buf.size(), 3, 1, 0).ok());
        auto r = parse_block(buf.data(), buf.size());
        QVERIFY(r.ok());
        QCOMPARE(r->header.volume_seq, 3u);
        QCOMPARE(r->header.tape_file, 1u);
        QCOMPARE(r->header.block_in_file, 0u);
        QCOMPARE(r->header.session_block_seq, std::uint64_t{77}); // same seq: readers dedupe
        buf[500] ^= 1;
        QCOMPARE(patch_block_position(buf.data(), buf.size(), 3, 1, 0).error().kind,
                 ErrorKind::Corrupt); // never re-sign a damaged block
    }
    void blockSizeRules() {
        QVERIFY(valid_block_size(64 * 1024));
        QVERIFY(valid_block_size(256 * 1024));
        QVERIFY(valid_block_size(4 * 1024 * 1024));
        QVERIFY(!valid_block_size(32 * 1024));
        QVERIFY(!valid_block_size(8 * 1024 * 1024));
        QVERIFY(!valid_block_size(64 * 1024 + 1));
        QCOMPARE(QString::fromStdString(check_block_size(1000).error().message),
                 QStringLiteral("block size 1000 is invalid; use a multiple of 1 KiB from 64 KiB "
                                "to 4 MiB"));
    }
    void bigBlocksRoundTrip() {
        std::vector<std::uint8_t> buf(4 * 1024 * 1024);
        BlockBuilder b;
        b.reset(buf.data(), buf.size(), stamp(5));
        std::mt19937 g(5);
        std::uint64_t off = 0;
        while (b.free_for_chunk() > 0) {
            const std::size_t n = std::min<std::size_t>(b.free_for_chunk(), 1 + g() % 100000);
            std::uint8_t* p = b.begin_chunk(1 + g() % 4, off);
            std::memset(p, static_cast<int>(n & 0xFF), n);
            b.end_chunk(n);
            off += n;
        }
        b.finish(1, 1);
        BlockReader r;
        QVERIFY(r.parse(buf.data(), buf.size()).ok());
        std::uint64_t total = 0;
        for (const auto& c : r.chunks()) {
            QCOMPARE(c.data[c.length - 1], std::uint8_t(c.length & 0xFF));
            total += c.length;
        }
        QCOMPARE(total, off);
        QCOMPARE(r.chunks().size(), std::size_t{b.chunk_count()});
    }
};

QTEST_APPLESS_MAIN(TestFormatBlock)
#include "test_format_block.moc"
