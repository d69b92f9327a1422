#include <QtTest>

#include <fcntl.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <memory>

#include "codec/hash.h"
#include "source/dir_fd_pins.h"
#include "source/file_prefetch.h"
#include "source/file_tree_walker.h"

using namespace tl;

namespace {
bool tltest_write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}
} // namespace

// Issue 17: the backup reads small files ahead of the one it stores. What it stores must be
// what each file held, in the order the walk gave them, and a file that went away between the
// walk and its read is reported as such instead of being stored empty.
class TestSourcePrefetch : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void filesComeBackInOrderWithTheirBytes() {
        QTemporaryDir d;
        const int dir = ::open(QFile::encodeName(d.path()).constData(), O_RDONLY | O_DIRECTORY);
        QVERIFY(dir >= 0);
        std::vector<std::string> bodies;
        for (int i = 0; i < 200; ++i) {
            bodies.push_back(std::string(static_cast<std::size_t>(1 + i * 97 % 9000),
                                         static_cast<char>('a' + i % 26)));
            QFile f(d.path() + "/f" + QString::number(i));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bodies.back().data(), static_cast<qint64>(bodies.back().size()));
        }
        QVERIFY(QFile::remove(d.path() + "/f7")); // gone before its read
        source::FilePrefetcher pre(3);
        std::vector<std::uint64_t> tickets;
        for (int i = 0; i < 200; ++i)
            tickets.push_back(pre.submit(dir, "f" + std::to_string(i), bodies[i].size(), true));
        for (int i = 0; i < 200; ++i) {
            auto r = pre.take(tickets[static_cast<std::size_t>(i)]);
            if (i == 7) {
                QCOMPARE(r.open_error, ENOENT);
                continue;
            }
            QCOMPARE(r.open_error, 0);
            QCOMPARE(r.read_error, 0);
            QVERIFY(r.after_ok);
            QCOMPARE(static_cast<std::size_t>(r.after.st_size), bodies[i].size());
            QCOMPARE(std::string(r.data.begin(), r.data.end()), bodies[i]);
            QVERIFY(r.hash == codec::hash128(bodies[i].data(), bodies[i].size()));
            pre.recycle(std::move(r)); // later files are read into the buffers of earlier ones
        }
        ::close(dir);
    }

    // A walk that catches up with the readers asks for files no reader has started, or one a
    // reader is still reading: the taker then reads it itself or waits for it. Each file is
    // taken right after it (or the one after it) was submitted; every result must still be the
    // file's own bytes, in order, whichever thread read it.
    void filesTakenAsSoonAsSubmittedKeepTheirBytes() {
        QTemporaryDir d;
        const int dir = ::open(QFile::encodeName(d.path()).constData(), O_RDONLY | O_DIRECTORY);
        QVERIFY(dir >= 0);
        constexpr int kFiles = 500;
        std::vector<std::string> bodies;
        for (int i = 0; i < kFiles; ++i) {
            bodies.push_back(std::string(static_cast<std::size_t>(1 + i * 131 % 12000),
                                         static_cast<char>('A' + i % 26)));
            QFile f(d.path() + "/g" + QString::number(i));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bodies.back().data(), static_cast<qint64>(bodies.back().size()));
        }
        source::FilePrefetcher pre(2);
        std::vector<std::uint64_t> tickets;
        int taken = 0;
        auto take_next = [&] {
            const auto i = static_cast<std::size_t>(taken++);
            auto r = pre.take(tickets[i]);
            QCOMPARE(r.open_error, 0);
            QCOMPARE(std::string(r.data.begin(), r.data.end()), bodies[i]);
            QVERIFY(r.hash == codec::hash128(bodies[i].data(), bodies[i].size()));
            QVERIFY(r.after_ok);
            pre.recycle(std::move(r));
        };
        for (int i = 0; i < kFiles; ++i) {
            tickets.push_back(
                pre.submit(dir, "g" + std::to_string(i), bodies[i].size(), i % 3 == 0));
            if (i % 2 == 1) { // one submitted ahead now and then, so both paths of take() run
                take_next();
                take_next();
            }
        }
        QCOMPARE(taken, kFiles);
        ::close(dir);
    }

    // An idle reader is woken only once a few files wait: fewer than that, and no more coming,
    // must still be read when their results are asked for.
    void aFewFilesAreReadWithoutMoreComing() {
        QTemporaryDir d;
        const int dir = ::open(QFile::encodeName(d.path()).constData(), O_RDONLY | O_DIRECTORY);
        QVERIFY(dir >= 0);
        for (int i = 0; i < 3; ++i) {
            QFile f(d.path() + "/f" + QString::number(i));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("abc", 3);
        }
        source::FilePrefetcher pre(2);
        QTest::qWait(50); // both readers idle
        for (int round = 0; round < 2; ++round) {
            std::vector<std::uint64_t> tickets;
            for (int i = 0; i < 3; ++i)
                tickets.push_back(pre.submit(dir, "f" + std::to_string(i), 3, false));
            for (auto t : tickets) {
                auto r = pre.take(t);
                QCOMPARE(r.open_error, 0);
                QCOMPARE(std::string(r.data.begin(), r.data.end()), std::string("abc"));
            }
        }
        ::close(dir);
    }

    // A full backup's walk leaves a regular file's stat to the reader that opens it (one path
    // lookup less per file): the walker emits it with only its type known and never marks it a
    // hard link, while directories and symlinks still come with their whole stat.
    void aDeferredWalkLeavesRegularFilesToTheirReader() {
        QTemporaryDir d;
        const QString root = d.path() + "/t";
        QVERIFY(QDir().mkpath(root + "/sub"));
        QVERIFY(tltest_write(root + "/sub/a", "alpha"));
        QVERIFY(::link(QFile::encodeName(root + "/sub/a").constData(),
                       QFile::encodeName(root + "/sub/b").constData()) == 0);
        QVERIFY(::symlink("sub/a", QFile::encodeName(root + "/s").constData()) == 0);
        for (bool defer : {false, true}) {
            source::WalkOptions o;
            o.defer_regular_stat = defer;
            std::map<std::string, source::FsEntry> seen;
            source::FileTreeWalker w(
                o,
                [&](source::FsEntry& e) {
                    seen[e.path] = e;
                    return true;
                },
                [](const std::string& p, const std::string& m) { QFAIL((p + ": " + m).c_str()); });
            QVERIFY(w.walk(QFile::encodeName(root).toStdString()).ok());
            QCOMPARE(seen.size(), std::size_t(5)); // the root, sub, a, b, s
            const auto& a = seen.at("sub/a");
            const auto& b = seen.at("sub/b");
            QVERIFY(S_ISREG(a.st.st_mode) && S_ISREG(b.st.st_mode));
            QCOMPARE(a.stat_pending, defer);
            QCOMPARE(a.st.st_size, defer ? off_t(0) : off_t(5));
            QCOMPARE(b.hardlink, !defer); // found by the walker only when it stat'ed the file
            QVERIFY(!seen.at("sub").stat_pending && S_ISDIR(seen.at("sub").st.st_mode));
            QVERIFY(!seen.at("s").stat_pending && S_ISLNK(seen.at("s").st.st_mode));
            QCOMPARE(seen.at("s").link_target, std::string("sub/a"));
        }
    }

    // Entries a session has not stored yet keep their directory open after the walk left it
    // (issue 17): their files open through the pin once the walker's fd is closed; a directory
    // held by no entry any more is closed; past the limit a pin is refused, and the caller
    // stores what it holds.
    void pinnedDirectoriesOutliveTheWalk() {
        QTemporaryDir d;
        const QString root = d.path() + "/t";
        for (const char* sub : {"a", "b", "c"}) {
            QVERIFY(QDir().mkpath(root + "/" + sub));
            QVERIFY(tltest_write(root + "/" + sub + "/f", QByteArray("in ") + sub));
        }
        source::DirFdPins pins(2);
        struct Held {
            std::shared_ptr<const int> dir;
            std::string name;
            std::string path;
        };
        std::vector<Held> held;
        int refused = 0;
        source::FileTreeWalker w(
            source::WalkOptions{},
            [&](source::FsEntry& e) {
                if (!S_ISREG(e.st.st_mode)) return true;
                auto pin = pins.pin(e.dirfd);
                if (!pin) {
                    ++refused;
                    held.clear(); // stored: the pins go
                    pin = pins.pin(e.dirfd);
                }
                if (!pin) return false;
                held.push_back({pin, e.name, e.path});
                return true;
            },
            [](const std::string& p, const std::string& m) { QFAIL((p + ": " + m).c_str()); });
        w.set_on_leave_dir([&](int fd) {
            pins.left(fd);
            return true;
        });
        QVERIFY(w.walk(QFile::encodeName(root).toStdString()).ok());
        // a's and b's files held two directories open; c's was refused until they were stored.
        QCOMPARE(refused, 1);
        QCOMPARE(held.size(), std::size_t(1));
        QCOMPARE(held[0].path, std::string("c/f"));
        QCOMPARE(pins.open(), std::size_t(1));
        const int fd = ::openat(*held[0].dir, held[0].name.c_str(), O_RDONLY | O_CLOEXEC);
        QVERIFY(fd >= 0);
        char buf[16] = {};
        QCOMPARE(::read(fd, buf, sizeof buf), ssize_t(4));
        ::close(fd);
        QCOMPARE(QByteArray(buf), QByteArray("in c"));
        held.clear();
        QCOMPARE(pins.open(), std::size_t(0));
    }

    // What the readers do not read they still open and stat, so the session learns the file's
    // size and kind from them: a file larger than submitted, a sparse one, one past the byte
    // budget. The budget is given back when a result is taken.
    void largeSparseOrOverBudgetFilesAreOnlyOpened() {
        QTemporaryDir d;
        const std::string base = QFile::encodeName(d.path()).toStdString();
        QVERIFY(tltest_write(d.path() + "/big", QByteArray(4096, 'b')));
        QVERIFY(tltest_write(d.path() + "/small", QByteArray(40, 's')));
        QVERIFY(tltest_write(d.path() + "/other", QByteArray(40, 'o')));
        const int sfd = ::open((base + "/sparse").c_str(), O_CREAT | O_WRONLY, 0644);
        QVERIFY(sfd >= 0);
        QCOMPARE(::ftruncate(sfd, 1 << 20), 0);
        ::close(sfd);
        const int dir = ::open(base.c_str(), O_RDONLY | O_DIRECTORY);
        QVERIFY(dir >= 0);
        source::FilePrefetcher pre(1, 64); // 64 bytes held at most
        auto big = pre.take(pre.submit(dir, "big", 1000, false, source::SizeIs::AtMost));
        QVERIFY(big.unread && big.before_ok && big.data.empty());
        QCOMPARE(big.before.st_size, off_t(4096));
        auto sparse = pre.take(pre.submit(dir, "sparse", 2u << 20, false, source::SizeIs::AtMost));
        QVERIFY(sparse.unread && sparse.before_ok);
        QCOMPARE(sparse.before.st_size, off_t(1 << 20));
        // 40 files of 40 bytes submitted at once (enough to wake the reader): once it has
        // started them all, the first holds 40 of the 64 bytes and the others are left unread
        // (all but the few it claimed with the last ones, read after the first was taken).
        std::vector<std::uint64_t> tickets;
        for (int i = 0; i < 40; ++i)
            tickets.push_back(
                pre.submit(dir, i == 0 ? "small" : "other", 1000, false, source::SizeIs::AtMost));
        QTRY_COMPARE_WITH_TIMEOUT(pre.waiting(), std::uint64_t(0), 30000);
        auto small = pre.take(tickets[0]);
        QVERIFY(!small.unread);
        QCOMPARE(std::string(small.data.begin(), small.data.end()), std::string(40, 's'));
        int unread = 0;
        for (std::size_t i = 1; i < tickets.size(); ++i) {
            auto other = pre.take(tickets[i]);
            QVERIFY(other.before_ok);
            QCOMPARE(other.before.st_size, off_t(40));
            if (other.unread)
                QVERIFY(other.data.empty());
            else
                QCOMPARE(std::string(other.data.begin(), other.data.end()), std::string(40, 'o'));
            unread += other.unread;
        }
        QVERIFY2(unread >= 30, qPrintable(QString::number(unread)));
        // Taken: the budget is free again.
        auto again = pre.take(pre.submit(dir, "other", 1000, false, source::SizeIs::AtMost));
        QVERIFY(!again.unread);
        QCOMPARE(std::string(again.data.begin(), again.data.end()), std::string(40, 'o'));
        ::close(dir);
    }

    // The xattrs are read with a small buffer first: a list of names and a value longer than
    // that buffer must still come back whole, through the prefetcher (regular files, from the
    // open fd) and through the walker's path-based read (directories).
    void longXattrsComeBackWhole() {
        QTemporaryDir d;
        const std::string base = QFile::encodeName(d.path()).toStdString();
        const std::string file = base + "/f";
        const std::string sub = base + "/sub";
        {
            QFile f(QString::fromStdString(file));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("data", 4);
        }
        QVERIFY(QDir().mkdir(QString::fromStdString(sub)));
        std::vector<std::pair<std::string, std::string>> want;
        for (int i = 0; i < 24; ++i) // about 600 bytes of names
            want.emplace_back("user.tapeloom_attribute_" + std::to_string(i), std::to_string(i));
        want.emplace_back("user.long", std::string(1500, 'v')); // all fit one 4 KiB ext4 block
        for (const auto& path : {file, sub})
            for (const auto& [k, v] : want)
                if (::setxattr(path.c_str(), k.c_str(), v.data(), v.size(), 0) != 0)
                    QSKIP("the temporary directory's filesystem takes no user xattrs");
        std::sort(want.begin(), want.end());
        auto sorted = [](std::vector<std::pair<std::string, std::string>> x) {
            std::sort(x.begin(), x.end());
            return x;
        };

        const int dir = ::open(base.c_str(), O_RDONLY | O_DIRECTORY);
        QVERIFY(dir >= 0);
        source::FilePrefetcher pre(1);
        auto r = pre.take(pre.submit(dir, "f", 4, true));
        ::close(dir);
        QCOMPARE(r.open_error, 0);
        QVERIFY(sorted(r.meta.xattrs) == want);

        source::FsEntry e;
        QCOMPARE(::lstat(sub.c_str(), &e.st), 0);
        source::read_metadata(sub, e);
        QVERIFY(sorted(e.xattrs) == want);
    }
};

QTEST_GUILESS_MAIN(TestSourcePrefetch)
#include "test_source_prefetch.moc"
