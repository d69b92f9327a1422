#include <QtTest>

#include <limits>

#include "agent/base_wire.h"
#include "agent/buffer_wire.h"
#include "agent/wire_codec.h"

using namespace tl::agent;

// The binary parts of the agent link, protocol 2 (docs/agent.md "Wire protocol"): every field
// of every catalog record of a stream buffer's head and of every entry of a diff/incr's base
// view comes back as it went (long names, names that are no UTF-8, hashes, extreme numbers,
// records in the same and in other directories), and what is cut off or damaged is refused
// with an error naming the record or entry and the field.
class TestAgentWire : public QObject {
    Q_OBJECT

    static tl::job::FileRecord record(std::string dir, std::string name, int seed) {
        tl::job::FileRecord r;
        r.dir = std::move(dir);
        r.name = std::move(name);
        r.kind = seed % 6;
        r.mode = 0100644u + static_cast<std::uint32_t>(seed);
        r.uid = 1000u + static_cast<std::uint32_t>(seed);
        r.gid = 2000u + static_cast<std::uint32_t>(seed);
        r.size = 4096ull * static_cast<std::uint64_t>(seed) + 7;
        r.mtime_ns = 1'700'000'000'123'456'789ll + seed;
        r.ctime_ns = 1'700'000'001'000'000'000ll - seed;
        r.inode = 123456789ull + static_cast<std::uint64_t>(seed);
        r.has_hash = seed % 2 == 0;
        if (r.has_hash)
            for (std::size_t i = 0; i < r.hash.size(); ++i)
                r.hash[i] = static_cast<std::uint8_t>(seed * 31 + static_cast<int>(i) * 7);
        r.offset = 1000ull * static_cast<std::uint64_t>(seed);
        r.flags = static_cast<std::uint32_t>(seed % 4);
        return r;
    }

    // A buffer whose records cover every field's edge.
    static tl::job::StreamBuffer sample_buffer() {
        tl::job::StreamBuffer b(16);
        b.offset = (1ull << 40) + 17;
        b.last = true;
        b.boundaries = {b.offset, b.offset + 1, b.offset + 70000, b.offset + 5'000'000};
        b.completed.push_back(record("", "", 0)); // the tree's root
        b.completed.push_back(record("", "top.txt", 1));
        b.completed.push_back(record("a/b", "same-dir-1", 2));
        b.completed.push_back(record("a/b", "same-dir-2", 3));
        b.completed.push_back(record("a/b", std::string(255, 'n'), 4)); // a name's longest
        b.completed.push_back(record(std::string(3000, 'd'), "deep", 5));
        b.completed.push_back(record("latin1", std::string("caf\xe9\xff\xfe.txt"), 6));
        b.completed.push_back(record("nul", std::string("a\0b", 3), 7));
        auto extreme = record("x", "extreme", 8);
        extreme.kind = -3;
        extreme.mode = extreme.uid = extreme.gid = extreme.flags =
            std::numeric_limits<std::uint32_t>::max();
        extreme.size = extreme.inode = extreme.offset = std::numeric_limits<std::uint64_t>::max();
        extreme.mtime_ns = std::numeric_limits<std::int64_t>::min();
        extreme.ctime_ns = -1;
        b.completed.push_back(extreme);
        b.completed.push_back(record("a/b", "back-in-a-b", 9)); // the same dir, not the previous
        return b;
    }

    // The encoded head without its length prefix (checked here).
    static std::vector<std::uint8_t> head_of(const tl::job::StreamBuffer& b, std::uint64_t raw) {
        auto out = encode_buffer_head(b, raw);
        [&] { QVERIFY(out.size() >= 4); }();
        const std::size_t n = (std::size_t{out[0]} << 24) | (std::size_t{out[1]} << 16) |
                              (std::size_t{out[2]} << 8) | out[3];
        [&] { QCOMPARE(n, out.size() - 4); }();
        return {out.begin() + 4, out.end()};
    }

    static void same_record(const tl::job::FileRecord& a, const tl::job::FileRecord& b) {
        QCOMPARE(a.dir, b.dir);
        QCOMPARE(a.name, b.name);
        QCOMPARE(a.kind, b.kind);
        QCOMPARE(a.mode, b.mode);
        QCOMPARE(a.uid, b.uid);
        QCOMPARE(a.gid, b.gid);
        QCOMPARE(a.size, b.size);
        QCOMPARE(a.mtime_ns, b.mtime_ns);
        QCOMPARE(a.ctime_ns, b.ctime_ns);
        QCOMPARE(a.inode, b.inode);
        QCOMPARE(a.has_hash, b.has_hash);
        if (a.has_hash) QVERIFY(a.hash == b.hash);
        QCOMPARE(a.offset, b.offset);
        QCOMPARE(a.flags, b.flags);
    }

    static std::string refusal(const std::vector<std::uint8_t>& head) {
        auto r = decode_buffer_head(head.data(), head.size());
        if (r) return "";
        [&] { QCOMPARE(r.error().kind, tl::ErrorKind::Corrupt); }();
        return r.error().message;
    }

private Q_SLOTS:
    void everyFieldComesBackAsItWent() {
        const auto b = sample_buffer();
        const auto head = head_of(b, 987654321);
        auto r = decode_buffer_head(head.data(), head.size());
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QCOMPARE(r->offset, b.offset);
        QCOMPARE(r->raw_bytes, std::uint64_t{987654321});
        QCOMPARE(r->last, true);
        QVERIFY(r->boundaries == b.boundaries);
        QCOMPARE(r->completed.size(), b.completed.size());
        for (std::size_t i = 0; i < b.completed.size(); ++i)
            same_record(r->completed[i], b.completed[i]);
    }

    void anEmptyBufferAndUnorderedBoundariesComeBack() {
        tl::job::StreamBuffer b(16);
        b.offset = 5;
        b.boundaries = {3, 1ull << 63, 0}; // no agent sends these; the coding keeps them anyway
        auto head = head_of(b, 0);
        auto r = decode_buffer_head(head.data(), head.size());
        QVERIFY(r);
        QVERIFY(r->boundaries == b.boundaries);
        QVERIFY(r->completed.empty());
        QCOMPARE(r->last, false);
    }

    void smallFilesRecordsAreCompact() {
        // About 200,000 small files in 2,000 directories: what each record costs on the link.
        tl::job::StreamBuffer b(16);
        for (int i = 0; i < 60; ++i) {
            auto r = record("d01/dir0123", "f0" + std::to_string(123400 + i) + ".dat", 2 * i);
            r.kind = 1;
            b.completed.push_back(r);
        }
        const auto head = head_of(b, 0);
        QVERIFY2(head.size() < 60 * 72, std::to_string(head.size()).c_str());
    }

    void everyCutOfTheHeadIsRefused() {
        const auto head = head_of(sample_buffer(), 1);
        for (std::size_t n = 0; n < head.size(); ++n) {
            const std::vector<std::uint8_t> cut(head.begin(), head.begin() + n);
            const auto why = refusal(cut);
            QVERIFY2(why.find("the agent sent a damaged stream buffer") != std::string::npos,
                     (std::to_string(n) + ": " + why).c_str());
        }
    }

    void damagedHeadsAreRefusedNamingWhatIsWrong() {
        tl::job::StreamBuffer b(16);
        b.completed.push_back(record("d", "one", 1));
        b.completed.push_back(record("d", "two", 3));
        const auto head = head_of(b, 0);
        // offset 0, raw 0, last 0, 0 boundaries, 2 records: the first record's bits at byte 5.
        QCOMPARE(head[4], std::uint8_t{2});

        auto bits = head;
        bits[5] = 0x80;
        QVERIFY(refusal(bits).find("record 1 of 2: unknown bits 128") != std::string::npos);

        auto first_same_dir = head;
        first_same_dir[5] = 2;
        QVERIFY(refusal(first_same_dir)
                    .find("record 1 of 2: the same directory as a record "
                          "before the first") != std::string::npos);

        auto trailing = head;
        trailing.push_back(0);
        QVERIFY(refusal(trailing).find("1 byte(s) after the last record") != std::string::npos);

        auto last = head;
        last[2] = 2;
        QVERIFY(refusal(last).find("'last' flag is 2") != std::string::npos);

        auto many = head;
        many[4] = 0x7f; // 127 records in a few bytes
        QVERIFY(refusal(many).find("more records than bytes") != std::string::npos);

        // The second record's name claims more bytes than there are.
        auto name = head;
        const std::size_t at = name.size() - 4; // "two": its length byte, then 3 bytes
        QCOMPARE(name[at], std::uint8_t{3});
        name[at] = 100;
        const auto why = refusal(name);
        QVERIFY2(why.find("record 2 of 2: field 'name'") != std::string::npos, why.c_str());
        QVERIFY2(why.find("longer than what is left") != std::string::npos, why.c_str());
    }

    void overlongNumbersAreRefused() {
        std::vector<std::uint8_t> eleven(11, 0xff);
        eleven.push_back(0);
        const auto why = refusal(eleven);
        QVERIFY2(why.find("field 'offset' at byte") != std::string::npos, why.c_str());
        QVERIFY2(why.find("more than 64 bits") != std::string::npos, why.c_str());

        std::vector<std::uint8_t> wide;
        WireWriter w(wide);
        w.varint(1ull << 32);
        std::uint32_t v = 0;
        WireReader in(wide.data(), wide.size());
        QVERIFY(!in.u32(v, "mode"));
        QVERIFY(in.what().find("field 'mode' at byte 0 of 5: more than 32 bits") !=
                std::string::npos);
    }

    static tl::job::BaseView sample_view() {
        tl::job::BaseView view;
        for (int i = 0; i < 20; ++i) {
            const auto r = record("d", "", i);
            tl::job::PriorEntry e;
            e.kind = r.kind;
            e.mode = r.mode;
            e.uid = r.uid;
            e.gid = r.gid;
            e.size = r.size;
            e.mtime_ns = r.mtime_ns;
            e.ctime_ns = r.ctime_ns;
            e.inode = r.inode;
            e.has_hash = r.has_hash;
            e.hash = r.hash;
            e.flags = r.flags;
            std::string path = "d/f" + std::to_string(i);
            if (i == 3) path = std::string("caf\xe9/\xff\xfe");
            if (i == 4) path = std::string(4000, 'p');
            if (i == 5) {
                e.kind = -7;
                e.mode = e.uid = e.gid = e.flags = std::numeric_limits<std::uint32_t>::max();
                e.size = e.inode = std::numeric_limits<std::uint64_t>::max();
                e.mtime_ns = std::numeric_limits<std::int64_t>::min();
                e.ctime_ns = std::numeric_limits<std::int64_t>::max();
            }
            view.add(path, e);
        }
        return view;
    }

    void aBaseViewComesBackAsItWentInFramesOfAtMostPerFrame() {
        const auto view = sample_view();
        const auto frames = base_frames(view, 6);
        QCOMPARE(frames.size(), std::size_t{4}); // 6 + 6 + 6 + 2
        tl::job::BaseView back;
        for (const auto& f : frames)
            QVERIFY(add_base_frame(f.data(), f.size(), back));
        QCOMPARE(back.size(), view.size());
        for (const auto& [path, e] : view.entries()) {
            const auto it = back.entries().find(path);
            QVERIFY(it != back.entries().end());
            const auto& b = it->second;
            QCOMPARE(b.kind, e.kind);
            QCOMPARE(b.mode, e.mode);
            QCOMPARE(b.uid, e.uid);
            QCOMPARE(b.gid, e.gid);
            QCOMPARE(b.size, e.size);
            QCOMPARE(b.mtime_ns, e.mtime_ns);
            QCOMPARE(b.ctime_ns, e.ctime_ns);
            QCOMPARE(b.inode, e.inode);
            QCOMPARE(b.has_hash, e.has_hash);
            if (e.has_hash) QVERIFY(b.hash == e.hash);
            QCOMPARE(b.flags, e.flags);
        }
        const auto empty = base_frames(tl::job::BaseView{});
        QCOMPARE(empty.size(), std::size_t{1}); // an empty view is one frame of no entries
        tl::job::BaseView none;
        QVERIFY(add_base_frame(empty[0].data(), empty[0].size(), none));
        QCOMPARE(none.size(), std::size_t{0});
    }

    void aDamagedBaseFrameIsRefused() {
        const auto frame = base_frames(sample_view(), 100).at(0);
        for (std::size_t n = 0; n < frame.size(); n += 7) {
            tl::job::BaseView view;
            auto st = add_base_frame(frame.data(), n, view);
            QVERIFY(!st);
            QCOMPARE(st.error().kind, tl::ErrorKind::Corrupt);
            QVERIFY(st.error().message.find("the service sent a damaged base frame") !=
                    std::string::npos);
        }
        auto bits = frame;
        bits[1] = 0x40; // the first entry's bits
        tl::job::BaseView view;
        auto st = add_base_frame(bits.data(), bits.size(), view);
        QVERIFY(!st);
        QVERIFY2(st.error().message.find("entry 1 of 20: unknown bits 64") != std::string::npos,
                 st.error().message.c_str());
        auto trailing = frame;
        trailing.push_back(1);
        st = add_base_frame(trailing.data(), trailing.size(), view);
        QVERIFY(!st);
        QVERIFY(st.error().message.find("1 byte(s) after the last entry") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestAgentWire)
#include "test_agent_wire.moc"
