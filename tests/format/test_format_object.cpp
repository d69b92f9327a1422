// Object header/trailer records and data frames: round trips, truncation, bad fields.
#include <QtTest>

#include <vector>

#include "format/bytes.h"
#include "format/object.h"

using namespace tl;
using namespace tl::format;

namespace {
ObjectHeader sample() {
    ObjectHeader h;
    h.kind = ObjectKind::RegularFile;
    h.flags = object_flags::kSparse;
    h.object_id = 42;
    h.path = "docs/Résumé 日本.txt";
    h.mode = 0100644;
    h.uid = 1000;
    h.gid = 100;
    h.user = "alice";
    h.group = "users";
    h.atime_ns = 1760000000123456789LL;
    h.mtime_ns = -5; // before 1970 is legal
    h.ctime_ns = 1;
    h.size = 1 << 20;
    h.dev = 0x803;
    h.rdev = 0;
    h.inode = 123456789;
    h.nlink = 2;
    h.xattrs = {{"user.comment", std::string("a\0b", 3)}, {"security.selinux", "x"}};
    h.acl_access = "user::rw-\ngroup::r--\nother::r--\n";
    h.sparse_map = {{0, 4096}, {65536, 8192}};
    h.properties = {{"sqlite.page_size", "4096"}};
    return h;
}
} // namespace

class TestFormatObject final : public QObject {
    Q_OBJECT
private slots:
    void headerRoundTrip() {
        std::vector<std::uint8_t> buf{1, 2, 3}; // appends after existing bytes
        encode_object_header(sample(), buf);
        auto back = decode_object_header(buf.data() + 3, buf.size() - 3);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QVERIFY(back.value() == sample());
        ObjectHeader pipe;
        pipe.kind = ObjectKind::Pipe;
        pipe.path = "pg_dump.sql";
        buf.clear();
        encode_object_header(pipe, buf);
        QCOMPARE(decode_object_header(buf.data(), buf.size()).value().size, kUnknownSize);
    }
    void trailerRoundTrip() {
        ObjectTrailer t{123, codec::hash128("x", 1), trailer_status::kChangedDuringRead};
        std::vector<std::uint8_t> buf;
        encode_object_trailer(t, buf);
        QCOMPARE(buf.size(), kObjectTrailerSize);
        QVERIFY(decode_object_trailer(buf.data(), buf.size()).value() == t);
    }
    void truncatedHeaderRejected() {
        std::vector<std::uint8_t> buf;
        encode_object_header(sample(), buf);
        for (std::size_t cut = 0; cut < buf.size(); ++cut) {
            auto r = decode_object_header(buf.data(), cut);
            QVERIFY(!r.ok());
            QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        }
        // A string length that runs past the record is caught, not trusted.
        auto bad = buf;
        store_u32(bad.data() + 12 + 8 + 8 + 16 + 24 + 32, 0x7FFFFFFF); // path length
        auto r = decode_object_header(bad.data(), bad.size());
        QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        QVERIFY(QString::fromStdString(r.error().message).startsWith("object header: truncated"));
    }
    void wrongMagicRejected() {
        std::vector<std::uint8_t> buf;
        encode_object_trailer({}, buf);
        auto r = decode_object_header(buf.data(), buf.size());
        QCOMPARE(QString::fromStdString(r.error().message),
                 QStringLiteral("object header: missing magic 'TLOB'"));
    }
    void frames() {
        codec::Compressor z({codec::Codec::Zstd, 0});
        std::vector<std::uint8_t> text(10000, 'a'), out, scratch;
        QVERIFY(append_frame(z, text.data(), text.size(), out, scratch).ok());
        auto f = load_frame_header(out.data());
        QVERIFY(f.ok());
        QCOMPARE(f->codec, codec::Codec::Zstd);
        QCOMPARE(f->raw_len, 10000u);
        QCOMPARE(out.size(), kFrameHeaderSize + f->stored_len);

        std::vector<std::uint8_t> bad(9, 0);
        store_frame_header(bad.data(), {10, 10, codec::Codec::Lz4}); // not smaller: invalid
        QCOMPARE(QString::fromStdString(load_frame_header(bad.data()).error().message),
                 QStringLiteral("data frame (raw 10, stored 10, codec 1): stored length "
                                "inconsistent with codec"));
        store_frame_header(bad.data(), {kMaxFrameSize + 1, kMaxFrameSize + 1, codec::Codec::None});
        QCOMPARE(load_frame_header(bad.data()).error().kind, ErrorKind::Corrupt);
        bad[8] = 7;
        QVERIFY(QString::fromStdString(load_frame_header(bad.data()).error().message)
                    .endsWith("unknown codec"));
    }
};

QTEST_APPLESS_MAIN(TestFormatObject)
#include "test_format_object.moc"
