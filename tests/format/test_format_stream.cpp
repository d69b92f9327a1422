// StreamParser: the same events whatever the split of the input (every split point of a small
// stream, random splits of a big one, byte by byte), sparse mapping, hash checks, duplicates,
// gaps, resynchronization from a block's first_boundary, and an end-to-end pass via blocks.
#include <QtTest>

#include "format/block.h"
#include "format/block_builder.h"
#include "stream_fixture.h"

using namespace fixture;

namespace {

// A small stream exercising every structure: compressed and raw frames, an empty file, a
// directory, a sparse file, and a pipe of unknown size.
Written small_stream() {
    Written w;
    codec::Compressor z({codec::Codec::Zstd, 1});
    codec::Compressor none({codec::Codec::None, 0});
    ObjectHeader f;
    f.path = "a.txt";
    f.size = 300;
    add_object(w, f, pattern(300, 1, true), z, 128); // 128+128+44: compressed frames
    ObjectHeader d;
    d.kind = ObjectKind::Directory;
    d.path = "dir";
    add_object(w, d, {}, none, 64);
    ObjectHeader e;
    e.path = "dir/empty";
    e.size = 0;
    add_object(w, e, {}, none, 64);
    ObjectHeader s;
    s.path = "dir/sparse";
    s.flags = object_flags::kSparse;
    s.size = 10000;
    s.sparse_map = {{100, 30}, {5000, 20}};
    add_object(w, s, pattern(50, 2, false), none, 16); // frames cross extent boundaries
    ObjectHeader p;
    p.kind = ObjectKind::Pipe;
    p.path = "cmd.out";
    add_object(w, p, pattern(70, 3, false), z, 70); // incompressible: stored raw
    return w;
}

RecordingSink parse_whole(const Written& w, StreamParser::Options opt = {}) {
    RecordingSink sink;
    StreamParser parser(sink, 1, opt);
    const Status s = parser.feed(0, w.stream.data(), w.stream.size());
    if (!s.ok()) qFatal("%s", s.error().message.c_str());
    if (!parser.finish().ok()) qFatal("stream did not end cleanly");
    return sink;
}

} // namespace

class TestFormatStream final : public QObject {
    Q_OBJECT
private slots:
    void parsesWholeStream() {
        const Written w = small_stream();
        const RecordingSink sink = parse_whole(w);
        const std::vector<std::string> expected = {
            "H 0 a.txt",
            "T a.txt 300 ok",
            "H " + std::to_string(w.header_offsets[1]) + " dir",
            "T dir 0 ok",
            "H " + std::to_string(w.header_offsets[2]) + " dir/empty",
            "T dir/empty 0 ok",
            "H " + std::to_string(w.header_offsets[3]) + " dir/sparse",
            "T dir/sparse 50 ok",
            "H " + std::to_string(w.header_offsets[4]) + " cmd.out",
            "T cmd.out 70 ok"};
        QCOMPARE(sink.events, expected);
        const auto text = pattern(300, 1, true);
        const auto& a = sink.content.at("a.txt");
        QCOMPARE(a.size(), std::size_t{300});
        for (std::size_t i = 0; i < 300; ++i)
            QCOMPARE(a.at(i), text[i]);
        // Sparse: 30 bytes at 100..129, 20 bytes at 5000..5019, nothing in the holes.
        const auto sp = pattern(50, 2, false);
        const auto& m = sink.content.at("dir/sparse");
        QCOMPARE(m.size(), std::size_t{50});
        QCOMPARE(m.begin()->first, std::uint64_t{100});
        QCOMPARE(m.at(129), sp[29]);
        QCOMPARE(m.at(5000), sp[30]);
        QCOMPARE(m.rbegin()->first, std::uint64_t{5019});
    }
    void everySplitPointGivesTheSameEvents() {
        const Written w = small_stream();
        const RecordingSink ref = parse_whole(w);
        const auto& s = w.stream;
        for (std::size_t cut = 0; cut <= s.size(); ++cut) {
            RecordingSink sink;
            StreamParser parser(sink, 1);
            QVERIFY(parser.feed(0, s.data(), cut).ok());
            QVERIFY(parser.feed(cut, s.data() + cut, s.size() - cut).ok());
            QVERIFY(parser.finish().ok());
            if (sink.events != ref.events || sink.content != ref.content)
                QFAIL(qPrintable(QString("split at %1 differs").arg(cut)));
        }
        // Byte by byte: every structure split at every point at once.
        RecordingSink sink;
        StreamParser parser(sink, 1);
        for (std::size_t i = 0; i < s.size(); ++i)
            QVERIFY(parser.feed(i, s.data() + i, 1).ok());
        QCOMPARE(sink.events, ref.events);
        QVERIFY(sink.content == ref.content);
    }
    void randomSplitsOfABigStream() {
        Written w;
        codec::Compressor lz4({codec::Codec::Lz4, 0});
        for (int i = 0; i < 40; ++i) {
            ObjectHeader h;
            h.path = "f" + std::to_string(i);
            h.object_id = static_cast<std::uint64_t>(i);
            add_object(w, h, pattern(static_cast<std::size_t>(i * 3001 % 70000), i, i % 2 == 0),
                       lz4, 1000 + i * 97);
        }
        const RecordingSink ref = parse_whole(w);
        QCOMPARE(ref.events.size(), std::size_t{80});
        QCOMPARE(ref.bad_checks, 0);
        std::mt19937 g(11);
        for (int round = 0; round < 20; ++round) {
            RecordingSink sink;
            StreamParser parser(sink, 1);
            std::size_t pos = 0;
            while (pos < w.stream.size()) {
                const std::size_t n = std::min<std::size_t>(w.stream.size() - pos, g() % 5000);
                QVERIFY(parser.feed(pos, w.stream.data() + pos, n).ok());
                pos += n;
            }
            QVERIFY(parser.finish().ok());
            QCOMPARE(sink.events, ref.events);
        }
    }
    void detectsDamagedData() {
        Written w = small_stream();
        // Flip a byte inside the raw pipe data (last object: its frame is raw).
        w.stream[w.stream.size() - kObjectTrailerSize - 5] ^= 0xFF;
        const RecordingSink sink = parse_whole(w);
        QCOMPARE(sink.events.back(), std::string("T cmd.out 70 BAD"));
        QCOMPARE(sink.bad_checks, 1);
    }
    void corruptStructureIsAnError() {
        Written w = small_stream();
        w.stream[w.header_offsets[1]] = 'X'; // second header's magic
        RecordingSink sink;
        StreamParser parser(sink, 9);
        const Status s = parser.feed(0, w.stream.data(), w.stream.size());
        QCOMPARE(s.error().kind, ErrorKind::Corrupt);
        QCOMPARE(QString::fromStdString(s.error().message),
                 QString("stream 9 at offset %1: expected an object header (TLOB)")
                     .arg(w.header_offsets[1]));
        // Lost until resync_at(): then it continues at the next object.
        QCOMPARE(parser.feed(w.stream.size(), nullptr, 0).error().kind, ErrorKind::Corrupt);
        parser.resync_at(w.header_offsets[2]);
        QVERIFY(parser.feed(0, w.stream.data(), w.stream.size()).ok());
        QCOMPARE(sink.events.back(), std::string("T cmd.out 70 ok"));
        QCOMPARE(sink.events[2], "H " + std::to_string(w.header_offsets[2]) + " dir/empty");
    }
    void duplicatesSkippedGapsReported() {
        const Written w = small_stream();
        const RecordingSink ref = parse_whole(w);
        RecordingSink sink;
        StreamParser parser(sink, 1);
        const auto& s = w.stream;
        QVERIFY(parser.feed(0, s.data(), 200).ok());
        QVERIFY(parser.feed(100, s.data() + 100, 200).ok()); // 100..199 seen already
        QVERIFY(parser.feed(0, s.data(), 50).ok());          // all seen already
        QVERIFY(parser.feed(300, s.data() + 300, s.size() - 300).ok());
        QCOMPARE(sink.events, ref.events);

        RecordingSink gap_sink;
        StreamParser gap(gap_sink, 3);
        QVERIFY(gap.feed(0, s.data(), 100).ok());
        const Status st = gap.feed(150, s.data() + 150, 10);
        QCOMPARE(st.error().kind, ErrorKind::Corrupt);
        QVERIFY2(
            QString::fromStdString(st.error().message).endsWith("gap: data resumes at offset 150"),
            st.error().message.c_str());
    }
    void finishInsideAnObjectIsCorrupt() {
        const Written w = small_stream();
        RecordingSink sink;
        StreamParser parser(sink, 1);
        QVERIFY(parser.feed(0, w.stream.data(), w.header_offsets[1] - 3).ok());
        QCOMPARE(QString::fromStdString(parser.finish().error().message),
                 QString("stream 1 ends at offset %1 inside object 'a.txt'")
                     .arg(w.header_offsets[1] - 3));
    }
    void headersOnlyScan() {
        const Written w = small_stream();
        const RecordingSink sink = parse_whole(w, {.decode_data = false, .verify_hash = true});
        QCOMPARE(sink.events.size(), std::size_t{10});
        QVERIFY(sink.content.at("a.txt").empty());
    }
    void throughBlocksAndResyncFromTheMiddle() {
        // Lay a big stream into 64 KiB blocks with chunks of varying size and first_boundary
        // set, parse the blocks back, then start from a middle block as a restore would.
        Written w;
        codec::Compressor z({codec::Codec::Zstd, 1});
        for (int i = 0; i < 30; ++i) {
            ObjectHeader h;
            h.path = "obj" + std::to_string(i);
            add_object(w, h, pattern(static_cast<std::size_t>(1000 + i * 4099), i, i % 3 == 0), z,
                       8192);
        }
        const std::size_t B = 64 * 1024;
        std::vector<std::vector<std::uint8_t>> blocks;
        std::mt19937 g(4);
        std::size_t pos = 0, next_header = 0;
        while (pos < w.stream.size()) {
            blocks.emplace_back(B);
            BlockBuilder b;
            b.reset(blocks.back().data(), B, {Uuid{}, blocks.size() - 1, 0, block_flags::kData});
            while (pos < w.stream.size() && b.free_for_chunk() > 0) {
                const std::size_t n = std::min<std::size_t>(
                    {b.free_for_chunk(), w.stream.size() - pos, 1 + g() % 20000});
                while (next_header < w.header_offsets.size() && w.header_offsets[next_header] < pos)
                    ++next_header;
                std::uint32_t boundary = kNoBoundary;
                if (next_header < w.header_offsets.size() &&
                    w.header_offsets[next_header] < pos + n)
                    boundary = static_cast<std::uint32_t>(w.header_offsets[next_header] - pos);
                std::uint8_t* p =
                    b.begin_chunk(1, pos, pos == 0 ? chunk_flags::kStreamBegin : 0, boundary);
                std::memcpy(p, w.stream.data() + pos, n);
                b.end_chunk(n);
                pos += n;
            }
            b.finish(1, static_cast<std::uint32_t>(blocks.size() - 1));
        }
        QVERIFY(blocks.size() > 3);
        const RecordingSink ref = parse_whole(w);

        const auto run_from = [&](std::size_t first_block, RecordingSink& sink) {
            StreamParser parser(sink, 1);
            BlockReader r;
            bool synced = first_block == 0;
            for (std::size_t i = first_block; i < blocks.size(); ++i) {
                QVERIFY(r.parse(blocks[i].data(), B).ok());
                for (const ChunkView& c : r.chunks()) {
                    if (!synced) {
                        if (c.first_boundary == kNoBoundary) continue;
                        parser.resync_at(c.stream_offset + c.first_boundary);
                        synced = true;
                    }
                    QVERIFY(parser.feed(c.stream_offset, c.data, c.length).ok());
                }
            }
            QVERIFY(parser.finish().ok());
        };
        RecordingSink all;
        run_from(0, all);
        QCOMPARE(all.events, ref.events);
        QVERIFY(all.content == ref.content);

        RecordingSink mid;
        run_from(blocks.size() / 2, mid);
        QVERIFY(!mid.events.empty());
        QCOMPARE(mid.bad_checks, 0);
        // The tail of the reference events, starting at the first object the middle saw.
        const auto it = std::find(ref.events.begin(), ref.events.end(), mid.events.front());
        QVERIFY(it != ref.events.end());
        QCOMPARE(std::vector<std::string>(it, ref.events.end()), mid.events);
    }
};

QTEST_APPLESS_MAIN(TestFormatStream)
#include "test_format_stream.moc"
