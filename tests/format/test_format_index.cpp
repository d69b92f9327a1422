// Control records: index segment, session trailer, EOV marker round trips; the control-stream
// parser reassembling records split across chunks; bad input.
#include <QtTest>

#include <random>
#include <vector>

#include "format/index.h"

using namespace tl;
using namespace tl::format;

namespace {
IndexSegment segment() {
    IndexSegment s;
    s.session_uuid = Uuid::random();
    s.segment_seq = 3;
    for (std::uint64_t i = 0; i < 50; ++i)
        s.objects.push_back({i, 1 + static_cast<std::uint32_t>(i % 3), i * 1000, i * 7,
                             codec::hash128(&i, sizeof i), 0, "dir/file-" + std::to_string(i)});
    s.extents = {{1, 0, 1 << 20, 0, 1, 1, 4}, {2, 500, 900, 1, 3, 0, 0}};
    return s;
}
SessionTrailer trailer() {
    SessionTrailer t;
    t.session_uuid = Uuid::random();
    t.job_id = 17;
    t.end_time = 1760003600;
    t.status = SessionStatus::WithErrors;
    t.volume_seq = 1;
    t.objects = 12345;
    t.data_bytes = 1ULL << 40;
    t.streams = {{1, 100, 5000, 9000, codec::hash128("a", 1)}, {2, 1, 10, 10, {}}};
    t.index_segments = {{0, 1, 900, 0}, {1, 2, 5, 123456}};
    t.has_prev_trailer = true;
    t.prev_session_uuid = Uuid::random();
    t.prev_trailer = {0, 4, 0, 77};
    t.prev_trailer_position = 987654;
    return t;
}
EovMarker eov() {
    EovMarker e;
    e.session_uuid = Uuid::random();
    e.volume_seq = 0;
    e.last_block_seq = 1000000;
    e.resume = {{1, 1ULL << 35}, {2, 3}};
    e.index_segments = {{0, 1, 10, 0}};
    return e;
}
} // namespace

class TestFormatIndex final : public QObject {
    Q_OBJECT
private slots:
    void roundTrips() {
        std::vector<std::uint8_t> a, b, c;
        const IndexSegment s = segment();
        encode_index_segment(s, a);
        QVERIFY(decode_index_segment(a.data(), a.size()).value() == s);
        const SessionTrailer t = trailer();
        encode_session_trailer(t, b);
        QVERIFY(decode_session_trailer(b.data(), b.size()).value() == t);
        const EovMarker e = eov();
        encode_eov_marker(e, c);
        QVERIFY(decode_eov_marker(c.data(), c.size()).value() == e);
        QCOMPARE(control_kind(a.data(), a.size()), ControlKind::IndexSegment);
        QCOMPARE(control_kind(b.data(), b.size()), ControlKind::SessionTrailer);
        QCOMPARE(control_kind(c.data(), c.size()), ControlKind::Eov);
    }
    void truncationAndBadFieldsRejected() {
        std::vector<std::uint8_t> b;
        encode_session_trailer(trailer(), b);
        for (std::size_t cut = 0; cut < b.size(); ++cut)
            QCOMPARE(decode_session_trailer(b.data(), cut).error().kind, ErrorKind::Corrupt);
        auto bad = b;
        bad[12 + 16 + 8 + 8] = 9; // status
        QCOMPARE(
            QString::fromStdString(decode_session_trailer(bad.data(), bad.size()).error().message),
            QStringLiteral("session trailer: unknown status 9"));
        std::vector<std::uint8_t> s;
        IndexSegment seg;
        seg.extents = {{1, 10, 5, 0, 1, 0, 0}};
        encode_index_segment(seg, s);
        QCOMPARE(QString::fromStdString(decode_index_segment(s.data(), s.size()).error().message),
                 QStringLiteral("index segment 0: extent 0 ends before it begins"));
        QCOMPARE(QString::fromStdString(decode_eov_marker(s.data(), s.size()).error().message),
                 QStringLiteral("end-of-volume marker: missing magic 'TLEV'"));
    }
    void controlStreamReassembly() {
        std::vector<std::uint8_t> stream;
        const IndexSegment s = segment();
        const SessionTrailer t = trailer();
        const EovMarker e = eov();
        encode_index_segment(s, stream);
        const std::size_t second = stream.size();
        encode_eov_marker(e, stream);
        encode_session_trailer(t, stream);
        std::mt19937 g(2);
        for (int round = 0; round < 50; ++round) {
            ControlStreamParser p;
            std::vector<ControlRecord> recs;
            std::size_t pos = 0;
            while (pos < stream.size()) {
                const std::size_t n = std::min<std::size_t>(stream.size() - pos, 1 + g() % 300);
                QVERIFY(p.feed(pos, stream.data() + pos, n).ok());
                if (round % 2) QVERIFY(p.feed(pos, stream.data() + pos, n).ok()); // duplicate
                for (auto& r : p.take())
                    recs.push_back(std::move(r));
                pos += n;
            }
            QVERIFY(p.between_records());
            QCOMPARE(recs.size(), std::size_t{3});
            QCOMPARE(recs[1].offset, std::uint64_t{second});
            QCOMPARE(recs[0].kind, ControlKind::IndexSegment);
            QVERIFY(decode_index_segment(recs[0].bytes.data(), recs[0].bytes.size()).value() == s);
            QVERIFY(decode_eov_marker(recs[1].bytes.data(), recs[1].bytes.size()).value() == e);
            QVERIFY(decode_session_trailer(recs[2].bytes.data(), recs[2].bytes.size()).value() ==
                    t);
        }
        ControlStreamParser mid; // starting at the second record
        mid.resync_at(second);
        QVERIFY(mid.feed(0, stream.data(), stream.size()).ok());
        QCOMPARE(mid.take().size(), std::size_t{2});
        ControlStreamParser gap;
        QCOMPARE(QString::fromStdString(gap.feed(10, stream.data() + 10, 5).error().message),
                 QStringLiteral("control stream: gap at offset 0 (data resumes at 10)"));
    }
};

QTEST_APPLESS_MAIN(TestFormatIndex)
#include "test_format_index.moc"
