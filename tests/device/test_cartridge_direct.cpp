// Virtual cartridges without the page cache (issue 40): on a disk filesystem a cartridge's
// blocks go to and from the disk with O_DIRECT, so none of the data file's pages stay in the
// page cache, into space preallocated ahead of the appends and given back at close; on tmpfs
// the cartridge falls back to buffered I/O and says so in the log; blocks whose sizes or
// offsets are not aligned (a 65 KiB block size, blocks of any size) still round-trip, also
// across truncation and reopening.
#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <optional>
#include <vector>

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/io_buffer.h"
#include "common/log.h"
#include "device/cartridge.h"
#include "device/mapped_file.h"
#include "device/virtual_tape_drive.h"
#include "drive_conformance.h"
#include "memory_dir.h"

using namespace tl;
using namespace tl::device;

namespace {

bool on_tmpfs(const QString& dir) {
    struct statfs fs {};
    return ::statfs(QFile::encodeName(dir).constData(), &fs) == 0 &&
           static_cast<unsigned long>(fs.f_type) == TMPFS_MAGIC;
}

// Pages of `path` in the page cache (mincore over a mapping of the whole file).
std::size_t resident_pages(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) qFatal("cannot open %s", path.c_str());
    struct stat st {};
    ::fstat(fd, &st);
    const auto size = static_cast<std::size_t>(st.st_size);
    void* map = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);
    if (map == MAP_FAILED) qFatal("cannot map %s", path.c_str());
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> in_core((size + page - 1) / page);
    if (::mincore(map, size, in_core.data()) != 0) qFatal("mincore failed");
    ::munmap(map, size);
    std::size_t n = 0;
    for (unsigned char c : in_core)
        n += c & 1;
    return n;
}

struct FileSize {
    std::uint64_t size = 0;      // bytes of data
    std::uint64_t allocated = 0; // bytes of disk the file holds
};
FileSize file_size(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) qFatal("cannot stat %s", path.c_str());
    return {static_cast<std::uint64_t>(st.st_size), static_cast<std::uint64_t>(st.st_blocks) * 512};
}

IoBytes block(std::size_t size, unsigned seed) {
    const auto p = conformance::pattern(size, seed);
    IoBytes b(size);
    std::memcpy(b.data(), p.data(), size);
    return b;
}

CartridgeMeta meta(const std::string& barcode, std::uint64_t capacity = 1ull << 30) {
    CartridgeMeta m;
    m.barcode = barcode;
    m.capacity = capacity;
    return m;
}

// The blocks a tape session writes: the 64 KiB label, a filemark, then `count` blocks of
// `size` (seeds 1..count), the first written from an aligned buffer, the rest alternately from
// an unaligned one (the bounce-buffer path).
void write_session(Cartridge& c, std::size_t size, int count) {
    TL_VERIFY_OK(c.append_block(block(65536, 0).data(), 65536));
    TL_VERIFY_OK(c.append_filemark());
    for (int i = 1; i <= count; ++i) {
        const auto b = block(size, static_cast<unsigned>(i));
        if (i % 2 == 0) {
            IoBytes shifted(size + 8);
            std::memcpy(shifted.data() + 8, b.data(), size);
            TL_VERIFY_OK(c.append_block(shifted.data() + 8, size));
        } else {
            TL_VERIFY_OK(c.append_block(b.data(), size));
        }
    }
    TL_VERIFY_OK(c.append_filemark());
}

// Every block reads back as written, into an aligned and into an unaligned buffer.
void check_objects(Cartridge& c, const std::vector<IoBytes>& want) {
    QCOMPARE(c.objects(), std::uint64_t{want.size()});
    IoBytes buf((4u << 20) + 8);
    for (std::size_t i = 0; i < want.size(); ++i) {
        if (c.record(i).type == kRecFilemark) {
            QVERIFY(want[i].empty());
            continue;
        }
        QCOMPARE(std::size_t{c.record(i).length}, want[i].size());
        for (std::size_t shift : {std::size_t{0}, std::size_t{8}}) {
            std::memset(buf.data(), 0xee, want[i].size() + shift);
            TL_VERIFY_OK(c.read_payload(i, buf.data() + shift));
            QVERIFY2(std::memcmp(buf.data() + shift, want[i].data(), want[i].size()) == 0,
                     qPrintable(QString("object %1, buffer shifted by %2").arg(i).arg(shift)));
        }
    }
}

std::vector<IoBytes> session_objects(std::size_t size, int count) {
    std::vector<IoBytes> v;
    v.push_back(block(65536, 0));
    v.emplace_back();
    for (int i = 1; i <= count; ++i)
        v.push_back(block(size, static_cast<unsigned>(i)));
    v.emplace_back();
    return v;
}

// A virtual drive on folder `media` whose cartridge is always `barcode`.
VirtualDriveConfig drive_config(const char* name, const QString& media, std::uint64_t capacity,
                                const std::string& barcode) {
    VirtualDriveConfig cfg;
    cfg.name = name;
    cfg.media_dir = media.toStdString();
    cfg.capacity = capacity;
    cfg.resolve = [barcode] { return barcode; };
    return cfg;
}

} // namespace

// Opens cartridge `barcode` in folder `dir` into std::optional<Cartridge> `var`.
#define OPEN_CARTRIDGE(var, dir, ...)                                                              \
    std::optional<Cartridge> var;                                                                  \
    {                                                                                              \
        auto opened_ = Cartridge::open(dir, meta(__VA_ARGS__));                                    \
        QVERIFY2(opened_.ok(), opened_.ok() ? "" : opened_.error().message.c_str());               \
        var.emplace(std::move(opened_.value()));                                                   \
    }

class TestCartridgeDirect : public QObject {
    Q_OBJECT

private slots:
    void blocks_bypass_the_page_cache() {
        QTemporaryDir dir("/var/tmp/tapeloom-direct-XXXXXX");
        QVERIFY(dir.isValid());
        if (on_tmpfs(dir.path())) QSKIP("/var/tmp is tmpfs on this machine: no disk to test on");
        const std::string cdir = dir.path().toStdString() + "/DIR001L9";
        const std::string data = cdir + "/data";
        OPEN_CARTRIDGE(c, cdir, "DIR001L9");
        QVERIFY(c->direct_io());
        write_session(*c, 256 * 1024, 24);
        TL_VERIFY_OK(c->sync());
        const auto want = session_objects(256 * 1024, 24);
        const std::uint64_t bytes = 65536 + 24ull * 256 * 1024;
        QCOMPARE(c->data_bytes(), bytes);
        QCOMPARE(resident_pages(data), std::size_t{0});
        // Space is preallocated ahead, the size stays that of the data.
        QCOMPARE(file_size(data).size, bytes);
        QVERIFY(file_size(data).allocated >= kPreallocStep);
        check_objects(*c, want);
        QCOMPARE(resident_pages(data), std::size_t{0}); // reads bypass the cache too

        c.reset(); // close: the space after the data is given back
        QVERIFY2(file_size(data).allocated < bytes + (1u << 20),
                 qPrintable(QString::number(file_size(data).allocated)));
        OPEN_CARTRIDGE(again, cdir, "DIR001L9");
        QCOMPARE(again->damage_note(), std::string());
        QCOMPARE(again->data_bytes(), bytes);
        check_objects(*again, want);
        QCOMPARE(resident_pages(data), std::size_t{0});
    }

    // Blocks read forward come from windows read ahead; reading backwards, and reading a block
    // that was overwritten since it was read, give the bytes on the cartridge now.
    void reads_ahead_and_never_serves_stale_bytes() {
        QTemporaryDir dir("/var/tmp/tapeloom-direct-XXXXXX");
        QVERIFY(dir.isValid());
        if (on_tmpfs(dir.path())) QSKIP("/var/tmp is tmpfs on this machine: no disk to test on");
        const std::string cdir = dir.path().toStdString() + "/RDA001L9";
        OPEN_CARTRIDGE(c, cdir, "RDA001L9");
        const std::size_t size = 256 * 1024;
        const int count = 100; // 25 MiB: more than two windows
        write_session(*c, size, count);
        auto want = session_objects(size, count);
        check_objects(*c, want); // forward
        IoBytes buf(size);
        for (std::uint64_t i = want.size() - 2; i >= 2; --i) { // backward
            TL_VERIFY_OK(c->read_payload(i, buf.data()));
            QVERIFY2(std::memcmp(buf.data(), want[i].data(), size) == 0,
                     qPrintable(QString("object %1 read backwards").arg(i)));
        }
        // Block 50 (object 51) was read ahead; overwrite from there, then read it again.
        TL_VERIFY_OK(c->read_payload(40, buf.data()));
        TL_VERIFY_OK(c->truncate(51));
        const auto fresh = block(size, 777);
        TL_VERIFY_OK(c->append_block(fresh.data(), size));
        TL_VERIFY_OK(c->append_filemark());
        TL_VERIFY_OK(c->read_payload(51, buf.data()));
        QVERIFY(std::memcmp(buf.data(), fresh.data(), size) == 0);
        want.resize(51);
        want.push_back(block(size, 777));
        want.emplace_back();
        check_objects(*c, want);
    }

    void tmpfs_falls_back_and_says_so() {
        QTemporaryDir dir("/dev/shm/tapeloom-direct-XXXXXX");
        if (!dir.isValid() || !on_tmpfs(dir.path())) QSKIP("no tmpfs at /dev/shm on this machine");
        const auto ring = log::ring();
        const auto seq = ring->last_seq();
        const std::string cdir = dir.path().toStdString() + "/SHM001L9";
        OPEN_CARTRIDGE(c, cdir, "SHM001L9");
        QVERIFY(!c->direct_io());
        bool said = false;
        for (const auto& e : ring->since(seq))
            said = said || (e.module == "device" && e.text.find("SHM001L9") != std::string::npos &&
                            e.text.find("page cache") != std::string::npos);
        QVERIFY2(said, "no log line says the cartridge's data goes through the page cache");
        write_session(*c, 256 * 1024, 6);
        TL_VERIFY_OK(c->sync());
        check_objects(*c, session_objects(256 * 1024, 6));
    }

    // A drive on a cartridge in tmpfs reads from memory: its blocks are viewed where they are,
    // across the windows the view maps (MappedFile::kWindow), equal to the bytes written; a
    // block a fault corrupts comes as a copy; a write from the middle (a truncation) is seen.
    // On a disk filesystem, or with a modelled tape speed, the drive says it does not.
    void tmpfs_blocks_are_viewed_in_place() {
        if (const auto why = tltest::memory_dir_missing(160 << 20); !why.isEmpty())
            QSKIP(qPrintable(why));
        QTemporaryDir dir("/dev/shm/tapeloom-direct-XXXXXX");
        QVERIFY(dir.isValid());
        ManualClock clock;
        const auto cfg =
            drive_config("memory-drive0", dir.path() + "/media", 256ull << 20, "MEM001L9");
        QVERIFY(QDir().mkpath(QString::fromStdString(cfg.media_dir)));
        VirtualTapeDrive d(cfg, clock);
        QVERIFY(d.reads_from_memory());
        const std::size_t size = 256 * 1024 + 1024; // windows end inside blocks
        const unsigned count = 2 * MappedFile::kWindow / size + 3;
        TL_VERIFY_OK(d.open(false));
        for (unsigned i = 1; i <= count; ++i)
            TL_VERIFY_OK(d.write_block(block(size, i).data(), size));
        TL_VERIFY_OK(d.close());
        TL_VERIFY_OK(d.open(true));
        TL_VERIFY_OK(d.rewind());
        DriveFaults corrupt;
        corrupt.corrupt_at = 5;
        d.set_faults(corrupt);
        IoBytes buf(4u << 20);
        for (unsigned i = 1; i <= count; ++i) {
            const std::uint8_t* view = nullptr;
            auto n = d.read_block_view(buf.data(), buf.size(), view);
            TL_VERIFY_OK(n);
            QCOMPARE(n.value(), size);
            const auto want = block(size, i);
            if (i == 6) { // object 5: the corrupted copy in the buffer
                QVERIFY(view == nullptr);
                QVERIFY(std::memcmp(buf.data(), want.data(), size) != 0);
                continue;
            }
            QVERIFY2(view != nullptr, qPrintable(QString("block %1 not viewed").arg(i)));
            QVERIFY2(std::memcmp(view, want.data(), size) == 0,
                     qPrintable(QString("block %1").arg(i)));
        }
        d.set_faults({});
        // Written again from block 3 on: the view shows the new bytes, not the old mapping's.
        TL_VERIFY_OK(d.close());
        TL_VERIFY_OK(d.open(false));
        TL_VERIFY_OK(d.seek(2));
        TL_VERIFY_OK(d.write_block(block(size, 1000).data(), size));
        TL_VERIFY_OK(d.seek(2));
        const std::uint8_t* view = nullptr;
        TL_VERIFY_OK(d.read_block_view(buf.data(), buf.size(), view));
        QVERIFY(view != nullptr);
        QVERIFY(std::memcmp(view, block(size, 1000).data(), size) == 0);
        TL_VERIFY_OK(d.close());

        VirtualDriveConfig timed = cfg;
        timed.streaming = StreamingConfig{};
        QVERIFY(!VirtualTapeDrive(timed, clock).reads_from_memory());
        QTemporaryDir disk("/var/tmp/tapeloom-direct-XXXXXX");
        QVERIFY(disk.isValid());
        VirtualDriveConfig on_disk = cfg;
        on_disk.media_dir = disk.path().toStdString();
        QVERIFY(!VirtualTapeDrive(on_disk, clock).reads_from_memory());
    }

    // 65 KiB blocks, then blocks of any size: offsets leave and regain the alignment, so direct
    // and buffered writes alternate on one file; truncation and reopening keep every byte.
    void unaligned_blocks_round_trip() {
        QTemporaryDir dir("/var/tmp/tapeloom-direct-XXXXXX");
        QVERIFY(dir.isValid());
        const std::string cdir = dir.path().toStdString() + "/UNA001L9";
        OPEN_CARTRIDGE(c, cdir, "UNA001L9", 64ull << 20);
        write_session(*c, 65 * 1024, 9);
        auto want = session_objects(65 * 1024, 9);
        for (std::size_t size : {1000, 3096, 262144, 1, 262144, 4095}) {
            want.push_back(block(size, static_cast<unsigned>(size)));
            TL_VERIFY_OK(c->append_block(want.back().data(), size));
        }
        check_objects(*c, want);
        // Overwrite from the middle of the session, as a write anywhere but EOD does.
        TL_VERIFY_OK(c->truncate(6));
        want.resize(6);
        for (std::size_t size : {262144, 66560, 262144}) {
            want.push_back(block(size, static_cast<unsigned>(size + 7)));
            TL_VERIFY_OK(c->append_block(want.back().data(), size));
        }
        TL_VERIFY_OK(c->append_filemark());
        want.emplace_back();
        TL_VERIFY_OK(c->sync());
        check_objects(*c, want);
        c.reset();
        OPEN_CARTRIDGE(again, cdir, "UNA001L9");
        QCOMPARE(again->damage_note(), std::string());
        check_objects(*again, want);
    }

    // A whole session of 65 KiB blocks through the virtual drive, as a backup writes it.
    void drive_session_with_65k_blocks() {
        QTemporaryDir dir("/var/tmp/tapeloom-direct-XXXXXX");
        QVERIFY(dir.isValid());
        ManualClock clock;
        const auto cfg =
            drive_config("direct-drive0", dir.path() + "/media", 64ull << 20, "DRV001L9");
        VirtualTapeDrive d(cfg, clock);
        TL_VERIFY_OK(d.open(false));
        const auto label = block(65536, 0);
        TL_VERIFY_OK(d.write_block(label.data(), label.size()));
        TL_VERIFY_OK(d.write_filemarks(1));
        for (unsigned i = 1; i <= 40; ++i)
            TL_VERIFY_OK(d.write_block(block(66560, i).data(), 66560));
        TL_VERIFY_OK(d.close());
        TL_VERIFY_OK(d.open(true));
        TL_VERIFY_OK(d.rewind());
        IoBytes buf(4u << 20);
        auto n = d.read_block(buf.data(), buf.size());
        TL_VERIFY_OK(n);
        QCOMPARE(n.value(), std::size_t{65536});
        QVERIFY(std::memcmp(buf.data(), label.data(), 65536) == 0);
        QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{0}); // filemark
        for (unsigned i = 1; i <= 40; ++i) {
            n = d.read_block(buf.data(), buf.size());
            TL_VERIFY_OK(n);
            QCOMPARE(n.value(), std::size_t{66560});
            QVERIFY2(std::memcmp(buf.data(), block(66560, i).data(), 66560) == 0,
                     qPrintable(QString("block %1").arg(i)));
        }
        QCOMPARE(d.read_block(buf.data(), buf.size()).value(), std::size_t{0}); // close's filemark
    }
};

QTEST_GUILESS_MAIN(TestCartridgeDirect)
#include "test_cartridge_direct.moc"
