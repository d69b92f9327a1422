// WriteBehind: a large restored file's data is sent on to the disk and its pages leave the page
// cache as it is written, the bytes on disk unchanged (holes included), dirty data bounded.
#include <QtTest>

#include <random>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "job/write_behind.h"

using tl::job::WriteBehind;

namespace {

// Pages of `fd`'s first `size` bytes in the page cache.
std::size_t resident_pages(int fd, std::size_t size) {
    void* map = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) return SIZE_MAX;
    const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> in((size + page - 1) / page);
    std::size_t n = SIZE_MAX;
    if (::mincore(map, size, in.data()) == 0) {
        n = 0;
        for (auto b : in)
            n += b & 1;
    }
    ::munmap(map, size);
    return n;
}

} // namespace

class TestWriteBehind final : public QObject {
    Q_OBJECT
private slots:
    // 64 MiB in pieces of 1 MiB less a few bytes, with a hole in the middle: the file reads back
    // as written, and at most the last two windows stay cached.
    void largeFileLeavesThePageCacheAndKeepsItsBytes() {
        // In the build tree (a disk): /tmp may be a tmpfs, which has no writeback to drive.
        QTemporaryDir dir(QDir::currentPath() + "/write-behind-XXXXXX");
        QVERIFY(dir.isValid());
        struct statfs fs {};
        QCOMPARE(::statfs(dir.path().toLocal8Bit().constData(), &fs), 0);
        if (fs.f_type == 0x01021994) QSKIP("the build tree is on a tmpfs: no writeback there");
        const std::string path = dir.filePath("big").toStdString();
        const int fd = ::open(path.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0600);
        QVERIFY(fd >= 0);
        const std::size_t total = 64u << 20, piece = (1u << 20) - 13;
        const std::uint64_t hole_from = 20u << 20, hole_to = 23u << 20;
        std::vector<unsigned char> want(total, 0);
        std::mt19937 g(3);
        for (std::size_t i = 0; i < total; ++i)
            if (i < hole_from || i >= hole_to) want[i] = static_cast<unsigned char>(g());
        WriteBehind behind;
        // Each piece less the hole: up to two writes, as a sparse restore makes them.
        auto put = [&](std::uint64_t from, std::uint64_t to) {
            if (to <= from) return true;
            const auto n = static_cast<std::size_t>(to - from);
            return ::pwrite(fd, want.data() + from, n, static_cast<off_t>(from)) ==
                       static_cast<ssize_t>(n) &&
                   behind.wrote(fd, from, n).empty();
        };
        for (std::uint64_t at = 0; at < total; at += piece) {
            const std::uint64_t end = std::min<std::uint64_t>(at + piece, total);
            QVERIFY(put(at, std::min(end, hole_from)));
            QVERIFY(put(std::max(at, hole_to), end));
        }
        behind.finish(fd);
        QVERIFY(behind.windows_dropped() >= 5);
        const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
        const std::size_t cached = resident_pages(fd, total);
        QVERIFY2(cached * page <= 2 * WriteBehind::kWindow + (4u << 20),
                 qPrintable(QStringLiteral("%1 MiB of 64 still cached").arg(cached * page >> 20)));
        std::vector<unsigned char> got(total);
        QCOMPARE(::pread(fd, got.data(), total, 0), static_cast<ssize_t>(total));
        QVERIFY(got == want);
        ::close(fd);
    }
    // A file below one window is left alone.
    void smallWritesDoNothing() {
        WriteBehind behind;
        QCOMPARE(QString::fromStdString(behind.wrote(-1, 0, 4096)), QString());
        behind.finish(-1); // starts writeback of nothing that matters; no crash on a bad fd
        QCOMPARE(behind.windows_dropped(), std::uint64_t{0});
    }
};

QTEST_APPLESS_MAIN(TestWriteBehind)
#include "test_write_behind.moc"
