#pragma once
// The st conformance checks shared by every TapeDrive backend (tape-notes §5b): each takes a
// drive opened read-write at BOT on a blank (scratch) cartridge. Used by test_virtual_drive and,
// with TAPELOOM_TEST_TAPE=/dev/nstN, by test_st_drive.
#include <QTest>

#include <cstring>
#include <vector>

#include "common/io_buffer.h"
#include "device/tape_drive.h"

namespace conformance {

using tl::ErrorKind;
using tl::device::TapeDrive;

inline std::vector<unsigned char> pattern(std::size_t n, unsigned seed) {
    std::vector<unsigned char> v(n);
    for (std::size_t i = 0; i < n; ++i)
        v[i] = static_cast<unsigned char>((i * 31 + seed * 7) & 0xff);
    return v;
}

#define TL_VERIFY_OK(expr)                                                                         \
    do {                                                                                           \
        auto r_ = (expr);                                                                          \
        QVERIFY2(r_.ok(), r_.ok() ? "" : r_.error().message.c_str());                              \
    } while (0)

// Write/read round trip at several block sizes, with a filemark between files.
inline void round_trip(TapeDrive& d) {
    const std::vector<std::size_t> sizes = {1, 512, 64512, 256 * 1024, 1024 * 1024};
    for (unsigned i = 0; i < sizes.size(); ++i)
        TL_VERIFY_OK(d.write_block(pattern(sizes[i], i).data(), sizes[i]));
    TL_VERIFY_OK(d.write_filemarks(1));
    TL_VERIFY_OK(d.write_block(pattern(4096, 99).data(), 4096));
    TL_VERIFY_OK(d.write_filemarks(1));
    TL_VERIFY_OK(d.rewind());
    std::vector<unsigned char> buf(2u << 20);
    for (unsigned i = 0; i < sizes.size(); ++i) {
        auto n = d.read_block(buf.data(), buf.size());
        QVERIFY(n.ok());
        QCOMPARE(n.value(), sizes[i]);
        QVERIFY(std::memcmp(buf.data(), pattern(sizes[i], i).data(), sizes[i]) == 0);
    }
    auto fm = d.read_block(buf.data(), buf.size());
    QVERIFY(fm.ok());
    QCOMPARE(fm.value(), std::size_t{0}); // the filemark
    auto st = d.status();
    QVERIFY(st.ok());
    QVERIFY(st->eof);
    QCOMPARE(st->file_number, 1L);
    QCOMPARE(st->block_number, 0L);
    auto n = d.read_block(buf.data(), buf.size());
    QVERIFY(n.ok());
    QCOMPARE(n.value(), std::size_t{4096});
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{0}); // filemark
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(),
             std::size_t{0}); // EOD after a filemark: 0 once
    auto eod = d.read_block(buf.data(), buf.size());
    QVERIFY(!eod.ok());
    QCOMPARE(eod.error().kind, ErrorKind::NotFound);
    QVERIFY(eod.error().message.find("end of data") != std::string::npos);
}

// Three files of 3 blocks; spacing over filemarks and records in both directions.
inline void spacing(TapeDrive& d) {
    for (unsigned f = 0; f < 3; ++f) {
        for (unsigned b = 0; b < 3; ++b)
            TL_VERIFY_OK(d.write_block(pattern(1000 + b, f * 10 + b).data(), 1000 + b));
        TL_VERIFY_OK(d.write_filemarks(1));
    }
    std::vector<unsigned char> buf(1u << 20);
    TL_VERIFY_OK(d.rewind());
    TL_VERIFY_OK(d.space_filemarks(2)); // start of file 2
    QCOMPARE(d.tell().value(), std::uint64_t{8});
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{1000});
    QCOMPARE(buf[0], pattern(1000, 20)[0]);
    TL_VERIFY_OK(d.space_filemarks(-1)); // before the filemark ending file 1
    QCOMPARE(d.tell().value(), std::uint64_t{7});
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{0});
    TL_VERIFY_OK(d.space_records(2));
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{1002});
    TL_VERIFY_OK(d.space_records(-3));
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{1000});
    auto stop = d.space_records(5); // runs into the filemark after 2 records
    QVERIFY(!stop.ok());
    QCOMPARE(stop.error().kind, ErrorKind::NotFound);
    QVERIFY(stop.error().message.find("filemark") != std::string::npos);
    QCOMPARE(d.tell().value(), std::uint64_t{12}); // after the filemark
    auto back = d.space_records(-2);               // BSR stops before the filemark
    QVERIFY(!back.ok());
    QCOMPARE(d.tell().value(), std::uint64_t{11});
    auto far = d.space_filemarks(5);
    QVERIFY(!far.ok());
    QVERIFY(far.error().message.find("end of data") != std::string::npos);
    TL_VERIFY_OK(d.rewind());
    auto bot = d.space_filemarks(-1);
    QVERIFY(!bot.ok());
    QCOMPARE(bot.error().kind, ErrorKind::NotFound);
    TL_VERIFY_OK(d.goto_eod());
    QCOMPARE(d.tell().value(), std::uint64_t{12});
    QVERIFY(d.status()->eod);
    auto eod = d.read_block(buf.data(), buf.size());
    QVERIFY(!eod.ok());
    QVERIFY(eod.error().message.find("end of data") != std::string::npos);
}

// tell()/seek() use logical objects: blocks and filemarks from BOT.
inline void positions(TapeDrive& d) {
    QCOMPARE(d.tell().value(), std::uint64_t{0});
    QVERIFY(d.status()->bot);
    for (unsigned b = 0; b < 5; ++b)
        TL_VERIFY_OK(d.write_block(pattern(2048, b).data(), 2048));
    TL_VERIFY_OK(d.write_filemarks(1));
    TL_VERIFY_OK(d.write_block(pattern(2048, 50).data(), 2048));
    TL_VERIFY_OK(d.write_filemarks(1));
    QCOMPARE(d.tell().value(), std::uint64_t{8});
    TL_VERIFY_OK(d.seek(3));
    QCOMPARE(d.tell().value(), std::uint64_t{3});
    QCOMPARE(d.status()->file_number, -1L); // st: not valid after a seek
    std::vector<unsigned char> buf(1u << 20);
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{2048});
    QCOMPARE(buf[1], pattern(2048, 3)[1]);
    TL_VERIFY_OK(d.seek(6));
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{2048});
    QCOMPARE(buf[1], pattern(2048, 50)[1]);
}

// Writing anywhere but EOD drops everything after it.
inline void truncation(TapeDrive& d) {
    for (unsigned b = 0; b < 6; ++b)
        TL_VERIFY_OK(d.write_block(pattern(4000, b).data(), 4000));
    TL_VERIFY_OK(d.write_filemarks(1));
    TL_VERIFY_OK(d.seek(2));
    TL_VERIFY_OK(d.write_block(pattern(100, 77).data(), 100));
    TL_VERIFY_OK(d.write_filemarks(1));
    TL_VERIFY_OK(d.rewind());
    std::vector<unsigned char> buf(1u << 20);
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{4000});
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{4000});
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{100});
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{0});
    TL_VERIFY_OK(d.goto_eod());
    QCOMPARE(d.tell().value(), std::uint64_t{4});
}

// A buffer smaller than the block: InvalidArgument, and the block is consumed (st ENOMEM).
inline void small_buffer(TapeDrive& d) {
    TL_VERIFY_OK(d.write_block(pattern(8192, 1).data(), 8192));
    TL_VERIFY_OK(d.write_block(pattern(100, 2).data(), 100));
    TL_VERIFY_OK(d.write_filemarks(1));
    TL_VERIFY_OK(d.rewind());
    std::vector<unsigned char> buf(8192);
    auto r = d.read_block(buf.data(), 1024);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ErrorKind::InvalidArgument);
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{100}); // the next one
    TL_VERIFY_OK(d.space_records(-2));
    QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{8192});
}

// Blocks built one after the other in one aligned buffer and written with write_block_swap(),
// as a backup's drive worker writes them: a drive may keep the buffer and give another back,
// so each block is built in whatever buffer the call left; every block reads back as built,
// also after the ring of a drive that writes behind went round several times. A block smaller
// than its buffer is written alike.
inline void swapped_blocks(TapeDrive& d, std::size_t size = 256 * 1024, unsigned count = 100) {
    tl::IoBlock buf = tl::make_io_block(size);
    for (unsigned i = 0; i < count; ++i) {
        const std::size_t n = i == count / 2 ? size / 2 : size;
        std::memcpy(buf.get(), pattern(n, i).data(), n);
        TL_VERIFY_OK(d.write_block_swap(buf, size, n));
        QVERIFY(buf);
    }
    TL_VERIFY_OK(d.write_filemarks(1));
    TL_VERIFY_OK(d.rewind());
    std::vector<unsigned char> in(size);
    for (unsigned i = 0; i < count; ++i) {
        const std::size_t n = i == count / 2 ? size / 2 : size;
        auto r = d.read_block(in.data(), in.size());
        QVERIFY(r.ok());
        QCOMPARE(r.value(), n);
        QVERIFY2(std::memcmp(in.data(), pattern(n, i).data(), n) == 0,
                 qPrintable(QString("block %1").arg(i)));
    }
    QCOMPARE(d.read_block(in.data(), in.size()).value(), std::size_t{0}); // the filemark
}

} // namespace conformance
