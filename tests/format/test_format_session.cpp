// Session header: record round trip, header block framing, continuation fields, bad input.
#include <QtTest>

#include <vector>

#include "format/block.h"
#include "format/session_header.h"

using namespace tl;
using namespace tl::format;

namespace {
SessionHeader sample() {
    SessionHeader h;
    h.kind = HeaderKind::Continuation;
    h.session_uuid = Uuid::random();
    h.job_id = 1234567890123ULL;
    h.start_time = 1760000000;
    h.host = "host-ü";
    h.block_size = 256 * 1024;
    h.codec = codec::Codec::Zstd;
    h.volume_seq = 2;
    h.checkpoint = 5;
    h.prev_volume_uuid = Uuid::random();
    h.prev_volume_barcode = "000041L8";
    h.next_block_seq = 99999;
    h.streams = {{1, SourceKind::Dir, "/home", codec::Codec::Zstd, kUnknownSize},
                 {2, SourceKind::BlockDevice, "/dev/sdb", codec::Codec::None, 1ULL << 40},
                 {3, SourceKind::Sqlite, "sqlite:/var/db/app.db", codec::Codec::Lz4, 4096},
                 {4, SourceKind::Pipe, "pg_dump prod", codec::Codec::Gzip, kUnknownSize}};
    h.resume = {{1, 1ULL << 33}, {2, 77}, {4, 0}};
    return h;
}
} // namespace

class TestFormatSession final : public QObject {
    Q_OBJECT
private slots:
    void recordRoundTrip() {
        const SessionHeader h = sample();
        const auto rec = serialize_session_header(h);
        auto back = deserialize_session_header(rec.data(), rec.size());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QVERIFY(back.value() == h);
    }
    void blockRoundTrip() {
        const SessionHeader h = sample();
        std::vector<std::uint8_t> block(128 * 1024);
        QVERIFY(encode_session_header_block(h, {h.session_uuid, 5000, 2, 0}, 7, block.data(),
                                            block.size())
                    .ok());
        auto pb = parse_block(block.data(), block.size());
        QVERIFY(pb.ok());
        QVERIFY(pb->header.flags & block_flags::kHeader);
        QCOMPARE(pb->header.tape_file, 7u);
        QCOMPARE(pb->header.block_in_file, 0u);
        QCOMPARE(pb->header.session_block_seq, std::uint64_t{5000});
        auto back = decode_session_header_block(block.data(), block.size());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QVERIFY(back.value() == h);
    }
    void dataBlockIsNotAHeader() {
        const SessionHeader h = sample();
        std::vector<std::uint8_t> block(64 * 1024);
        BlockBuilder b;
        b.reset(block.data(), block.size(), {h.session_uuid, 3, 0, block_flags::kData});
        b.finish(1, 1);
        auto r = decode_session_header_block(block.data(), block.size());
        QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        QCOMPARE(QString::fromStdString(r.error().message),
                 QStringLiteral("block 3 is not a session header block"));
    }
    void tooManyStreamsDoNotFit() {
        SessionHeader h = sample();
        h.streams.assign(3000, {1, SourceKind::File, std::string(40, 'x'), codec::Codec::None, 0});
        std::vector<std::uint8_t> block(64 * 1024);
        auto s = encode_session_header_block(h, {h.session_uuid, 0, 0, 0}, 1, block.data(),
                                             block.size());
        QCOMPARE(s.error().kind, ErrorKind::InvalidArgument);
        QVERIFY(QString::fromStdString(s.error().message).contains("does not fit a 65536-byte"));
    }
    void truncatedAndBadRecordsRejected() {
        const auto rec = serialize_session_header(sample());
        for (std::size_t cut = 0; cut < rec.size(); ++cut) {
            auto r = deserialize_session_header(rec.data(), cut);
            QVERIFY(!r.ok());
            QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        }
        auto bad = rec;
        bad[12] = 9; // header kind
        QCOMPARE(deserialize_session_header(bad.data(), bad.size()).error().kind,
                 ErrorKind::Corrupt);
        bad = rec;
        bad[4] = 2; // record version 2
        QCOMPARE(QString::fromStdString(
                     deserialize_session_header(bad.data(), bad.size()).error().message),
                 QStringLiteral("session header has version 2; this build reads version 1"));
    }
};

QTEST_APPLESS_MAIN(TestFormatSession)
#include "test_format_session.moc"
