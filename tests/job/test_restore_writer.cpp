#include <QtTest>

#include <fcntl.h>

#include <acl/libacl.h>
#include <csignal>
#include <memory>
#include <sys/acl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fixture_tree.h"
#include "format/object.h"
#include "format/stream_parser.h"
#include "job/direct_file_data.h"
#include "job/restore_writer.h"
#include "job/safe_path.h"
#include "job/write_pool.h"
#include "job/writeback.h"
#include "restore_feed.h"
#include "stream_builder.h"

using namespace tl;

// Whatever names a stream carries, a restore writes below its target and nowhere else.
// A new file "f" in a directory on /var/tmp with the direct writer on it (none where the
// filesystem refuses O_DIRECT); both descriptors closed when it goes.
struct DirectTarget {
    QTemporaryDir d{"/var/tmp/tapeloom-restore-XXXXXX"};
    int dir = -1, fd = -1;
    std::unique_ptr<job::DirectFileData> direct;
    DirectTarget() {
        if (!d.isValid()) return;
        dir = ::open(QFile::encodeName(d.path()).constData(), O_RDONLY | O_DIRECTORY);
        if (dir >= 0) fd = ::openat(dir, "f", O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
        if (fd >= 0) direct = job::DirectFileData::open(dir, "f", fd);
    }
    ~DirectTarget() {
        direct.reset();
        if (fd >= 0) ::close(fd);
        if (dir >= 0) ::close(dir);
    }
    bool opened() const { return fd >= 0; }
    QString path() const { return d.path() + "/f"; }
};

// A restore's target and a directory beside it that nothing restored may reach.
struct TargetBesideOutside {
    QTemporaryDir d;
    QString target = d.path() + "/target", outside = d.path() + "/outside";
    bool made() const { return QDir().mkpath(outside); }
};

class TestRestoreWriter : public QObject {
    Q_OBJECT

    // Builds a stream of objects (header, one data frame, trailer) as the backup writes them.
    static std::vector<std::uint8_t>
    stream(const std::vector<std::pair<format::ObjectHeader, std::string>>& objs,
           std::vector<std::uint64_t>& offsets) {
        return tltest::build_stream(objs, &offsets);
    }
    static format::ObjectHeader file(const std::string& path, std::size_t size) {
        return tltest::regular_file(path, size);
    }
    static format::ObjectHeader link(const std::string& path, const std::string& target,
                                     format::ObjectKind k) {
        format::ObjectHeader h;
        h.kind = k;
        h.path = path;
        h.link_target = target;
        h.mode = (k == format::ObjectKind::Symlink ? S_IFLNK : S_IFREG) | 0777;
        return h;
    }
    static int count_entries(const QString& dir) {
        return static_cast<int>(
            QDir(dir)
                .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System)
                .size());
    }

    // The state letter of process `pid` (/proc/PID/stat), 0 when it is gone.
    static char state_of(pid_t pid) {
        QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!f.open(QIODevice::ReadOnly)) return 0;
        const QByteArray st = f.readAll();
        const auto close = st.lastIndexOf(')');
        return close < 0 || close + 2 >= st.size() ? 0 : st[close + 2];
    }

    struct Run {
        std::unique_ptr<job::RestoreWriter> w;
    };
    static std::unique_ptr<job::RestoreWriter>
    restore(const QString& target, const std::vector<std::uint8_t>& s,
            const std::vector<std::uint64_t>& offsets,
            job::ExistingPolicy policy = job::ExistingPolicy::Skip,
            job::WritePool* pool = nullptr) {
        job::RestoreWriterOptions o;
        o.policy = policy;
        o.pool = pool;
        auto w = tltest::feed_writer(target, o, s, offsets);
        if (w) (void)w->finish();
        return w;
    }

    // The stream fed to a writer on `pool` a block's worth (64 KiB) at a time, as a drive
    // reads it; nullptr when the writer does not open or does not finish.
    static std::unique_ptr<job::RestoreWriter>
    restore_by_blocks(const QString& target, const std::vector<std::uint8_t>& s,
                      const std::vector<std::uint64_t>& offs, job::WritePool& pool) {
        job::RestoreWriterOptions o;
        o.pool = &pool;
        auto w = job::RestoreWriter::open(target.toStdString(), o);
        if (!w || !w.value()->begin_saveset("", offs)) return nullptr;
        format::StreamParser parser(*w.value(), 1);
        for (std::size_t at = 0; at < s.size(); at += 64u << 10)
            (void)parser.feed(at, s.data() + at, std::min<std::size_t>(64u << 10, s.size() - at));
        w.value()->end_saveset();
        if (!w.value()->finish()) return nullptr;
        return std::move(w.value());
    }

    static QByteArray read(const QString& p) {
        QFile x(p);
        return x.open(QIODevice::ReadOnly) ? x.readAll() : QByteArray();
    }

private Q_SLOTS:
    // Issue 40: on a disk filesystem a large file's data goes to the disk without the page
    // cache (O_DIRECT in aligned runs; the unaligned head and tail through it), byte for byte.
    void largeFilesComeBackWholeOnDisk() {
        QTemporaryDir d("/var/tmp/tapeloom-restore-XXXXXX");
        QVERIFY(d.isValid());
        std::string big((12u << 20) + 123, '\0'), odd((3u << 20) + 4097, '\0');
        std::uint32_t x = 2463534242u;
        for (auto* b : {&big, &odd})
            for (auto& c : *b) {
                x ^= x << 13, x ^= x >> 17, x ^= x << 5;
                c = static_cast<char>(x);
            }
        std::vector<std::uint64_t> offs;
        auto s =
            stream({{file("big.bin", big.size()), big}, {file("odd.bin", odd.size()), odd}}, offs);
        job::WritePool pool(2);
        auto w = restore_by_blocks(d.path(), s, offs, pool);
        QVERIFY(w);
        QVERIFY2(w->failures() == 0,
                 w->outcomes().empty() ? "" : w->outcomes().front().why.c_str());
        QCOMPARE(read(d.path() + "/big.bin"), QByteArray::fromStdString(big));
        QCOMPARE(read(d.path() + "/odd.bin"), QByteArray::fromStdString(odd));
    }

    // The direct writer's runs: pieces of any size and alignment, a hole between them, a head
    // before the first aligned offset and a tail after the last; every byte where it belongs,
    // the hole left zero. The runs before and after the hole span several 4 MiB buffers, so
    // some are still queued behind the caller when finish() is called: it returns only once
    // every byte is in the file (read back before the writer is gone).
    void directWritesKeepEveryByteAroundHoles() {
        DirectTarget t;
        QVERIFY(t.opened());
        if (!t.direct) QSKIP("/var/tmp refuses O_DIRECT on this machine (tmpfs?)");
        auto& direct = t.direct;
        const int fd = t.fd;
        std::string want((21u << 20) + 777, '\0');
        std::uint32_t x = 88172645u;
        auto fill = [&](std::size_t from, std::size_t to) {
            for (std::size_t i = from; i < to; ++i) {
                x ^= x << 13, x ^= x >> 17, x ^= x << 5;
                want[i] = static_cast<char>(x | 1);
            }
        };
        // [0, 13 MiB + 100) in pieces of 262,056 bytes, a hole to 14 MiB + 3, then to the end.
        const std::size_t hole_from = (13u << 20) + 100, hole_to = (14u << 20) + 3;
        fill(0, hole_from);
        fill(hole_to, want.size());
        auto put = [&](std::size_t from, std::size_t to) {
            for (std::size_t at = from; at < to; at += 262056) {
                const std::size_t n = std::min<std::size_t>(262056, to - at);
                const auto why = direct->write(
                    fd, reinterpret_cast<const std::uint8_t*>(want.data()) + at, n, at);
                QVERIFY2(why.empty(), why.c_str());
            }
        };
        put(0, hole_from);
        put(hole_to, want.size());
        QCOMPARE(direct->finish(fd), std::string());
        const QByteArray written = read(t.path());
        direct.reset();
        QCOMPARE(written, QByteArray::fromStdString(want));
    }
    // A write that fails behind the caller (the file may grow no further than 6 MiB here) is
    // not lost: the next write() or finish() returns it, and the file holds no byte after it.
    void directWriteFailingBehindTheCallerIsReturned() {
        DirectTarget t;
        QVERIFY(t.opened());
        if (!t.direct) QSKIP("/var/tmp refuses O_DIRECT on this machine (tmpfs?)");
        auto& direct = t.direct;
        const int fd = t.fd;
        rlimit old{};
        QVERIFY(::getrlimit(RLIMIT_FSIZE, &old) == 0);
        auto* const old_handler = std::signal(SIGXFSZ, SIG_IGN); // EFBIG instead of a signal
        rlimit small = old;
        small.rlim_cur = 6u << 20;
        QVERIFY(::setrlimit(RLIMIT_FSIZE, &small) == 0);
        const std::vector<std::uint8_t> piece(1u << 20, 0x5a);
        std::string why;
        for (std::uint64_t at = 0; at < (32u << 20) && why.empty(); at += piece.size())
            why = direct->write(fd, piece.data(), piece.size(), at);
        if (why.empty()) why = direct->finish(fd);
        direct.reset();
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, old_handler);
        struct stat st {};
        QVERIFY(::fstat(fd, &st) == 0);
        QVERIFY2(why.find("too large") != std::string::npos, why.c_str());
        QVERIFY(st.st_size <= static_cast<off_t>(6u << 20));
    }
    void escapesAreRefused_data() {
        QTest::addColumn<int>("lanes");
        QTest::newRow("on the reader's thread") << 0;
        QTest::newRow("writer threads") << 3;
    }
    void escapesAreRefused() {
        QFETCH(int, lanes);
        std::unique_ptr<job::WritePool> pool;
        if (lanes) pool = std::make_unique<job::WritePool>(static_cast<std::size_t>(lanes));
        const TargetBesideOutside t;
        QVERIFY(t.made());
        const QString &target = t.target, &outside = t.outside;
        std::vector<std::uint64_t> offs;
        const auto s =
            stream({{file("../outside/dotdot", 3), "abc"},
                    {file("/" + (outside + "/absolute").toStdString(), 3), "abc"},
                    {file("a/../../outside/sneaky", 3), "abc"},
                    {link("evil", outside.toStdString(), format::ObjectKind::Symlink), ""},
                    {file("evil/through-symlink", 3), "abc"},
                    {link("hl", "../../outside/x", format::ObjectKind::Hardlink), ""},
                    {file("fine/ok.txt", 2), "ok"}},
                   offs);
        auto w = restore(target, s, offs, job::ExistingPolicy::Skip, pool.get());
        QVERIFY(w);
        QCOMPARE(count_entries(outside), 0); // nothing escaped
        QFile ok(target + "/fine/ok.txt");
        QVERIFY(ok.open(QIODevice::ReadOnly));
        QCOMPARE(ok.readAll(), QByteArray("ok"));
        QFileInfo evil(target + "/evil");
        QVERIFY(evil.isSymLink()); // restored as a link, never followed
        int refused = 0, failed = 0;
        for (const auto& o : w->outcomes()) {
            if (o.status == "refused") ++refused;
            if (o.status == "failed") ++failed;
        }
        QCOMPARE(refused, 4); // .., absolute, a/../.., evil/through-symlink
        QCOMPARE(failed, 1);  // hard link to a path outside
    }

    // Files of one directory come one after the other; a name that only looks like the same
    // directory is checked in full, and each lands where its own path says.
    void filesOfOneDirectoryInARow() {
        const TargetBesideOutside t;
        QVERIFY(t.made());
        const QString &target = t.target, &outside = t.outside;
        std::vector<std::uint64_t> offs;
        const auto s =
            stream({{file("d/one", 1), "1"},
                    {file("d/../escape", 1), "x"},
                    {file("d/./dot", 1), "x"},
                    {file("d//two", 1), "2"},
                    {link("d/sub", outside.toStdString(), format::ObjectKind::Symlink), ""},
                    {file("d/sub/through", 1), "x"},
                    {file("top", 1), "t"},
                    {file("d/three", 1), "3"},
                    {file("e/four", 1), "4"},
                    {file("d/five", 1), "5"}},
                   offs);
        auto w = restore(target, s, offs);
        QVERIFY(w);
        QCOMPARE(count_entries(outside), 0);
        for (const auto& [name, bytes] :
             std::vector<std::pair<QString, QByteArray>>{{"d/one", "1"},
                                                         {"d/two", "2"},
                                                         {"d/three", "3"},
                                                         {"d/five", "5"},
                                                         {"e/four", "4"},
                                                         {"top", "t"}})
            QCOMPARE(read(target + "/" + name), bytes);
        QVERIFY(QFileInfo(target + "/d/sub").isSymLink());
        QVERIFY(!QFileInfo::exists(target + "/escape"));
        QCOMPARE(count_entries(target), 3);        // d, e, top
        QCOMPARE(count_entries(target + "/d"), 5); // one two sub three five
        QStringList refused;
        for (const auto& o : w->outcomes())
            if (o.status == "refused") refused << QString::fromStdString(o.path);
        QCOMPARE(refused.size(), 3); // .., . and through the symlink
        QVERIFY2(refused.join(' ').contains("d/sub/through"), qPrintable(refused.join(' ')));
        QCOMPARE(w->outcomes().size(), std::size_t{3});
    }

    void symlinkAlreadyInTargetIsNotFollowed() {
        const TargetBesideOutside t;
        QVERIFY(t.made());
        const QString &target = t.target, &outside = t.outside;
        QVERIFY(QDir().mkpath(target));
        QVERIFY(::symlink(outside.toUtf8().constData(), (target + "/docs").toUtf8().constData()) ==
                0);
        std::vector<std::uint64_t> offs;
        const auto s = stream({{file("docs/report.txt", 5), "hello"}}, offs);
        auto w = restore(target, s, offs);
        QVERIFY(w);
        QCOMPARE(count_entries(outside), 0);
        QCOMPARE(QString::fromStdString(w->outcomes().front().status), QStringLiteral("refused"));
    }

    void existingFilesFollowThePolicy() {
        QTemporaryDir d;
        const QString target = d.path();
        QFile f(target + "/a.txt");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("old");
        f.close();
        std::vector<std::uint64_t> offs;
        const auto s = stream({{file("a.txt", 3), "new"}}, offs);
        auto read = [&](const QString& p) {
            QFile x(p);
            return x.open(QIODevice::ReadOnly) ? x.readAll() : QByteArray();
        };
        restore(target, s, offs, job::ExistingPolicy::Skip);
        QCOMPARE(read(target + "/a.txt"), QByteArray("old"));
        restore(target, s, offs, job::ExistingPolicy::Rename);
        QCOMPARE(read(target + "/a.txt"), QByteArray("old"));
        QCOMPARE(read(target + "/a.txt.restored"), QByteArray("new"));
        restore(target, s, offs, job::ExistingPolicy::KeepNewer); // existing is newer than 2023
        QCOMPARE(read(target + "/a.txt"), QByteArray("old"));
        restore(target, s, offs, job::ExistingPolicy::Overwrite);
        QCOMPARE(read(target + "/a.txt"), QByteArray("new"));
        // No temporary file is left behind.
        for (const auto& n : QDir(target).entryList(QDir::Files | QDir::Hidden))
            QVERIFY2(!n.startsWith(".tapeloom"), qPrintable(n));
    }

    // Overwriting a name that is a symlink replaces the link itself: the file it points to,
    // outside the target, keeps its bytes.
    void overwriteReplacesASymlinkNotWhatItNames() {
        QTemporaryDir d;
        const QString target = d.path() + "/target", outside = d.path() + "/outside.txt";
        QVERIFY(QDir().mkpath(target));
        QFile o(outside);
        QVERIFY(o.open(QIODevice::WriteOnly));
        o.write("outside");
        o.close();
        QVERIFY(::symlink(outside.toUtf8().constData(), (target + "/a.txt").toUtf8().constData()) ==
                0);
        std::vector<std::uint64_t> offs;
        const auto s = stream({{file("a.txt", 3), "new"}}, offs);
        auto w = restore(target, s, offs, job::ExistingPolicy::Overwrite);
        QVERIFY(w);
        QFileInfo a(target + "/a.txt");
        QVERIFY(!a.isSymLink() && a.isFile());
        QFile x(target + "/a.txt"), y(outside);
        QVERIFY(x.open(QIODevice::ReadOnly) && y.open(QIODevice::ReadOnly));
        QCOMPARE(x.readAll(), QByteArray("new"));
        QCOMPARE(y.readAll(), QByteArray("outside"));
        QCOMPARE(count_entries(target), 1); // no temporary name left
    }

    void corruptContentIsNotRenamedIntoPlace() {
        QTemporaryDir d;
        std::vector<std::uint64_t> offs;
        auto s = stream({{file("data.bin", 4), "abcd"}}, offs);
        // Flip one data byte: the trailer's hash no longer matches.
        for (std::size_t i = 0; i + 4 <= s.size(); ++i)
            if (std::memcmp(s.data() + i, "abcd", 4) == 0) {
                s[i] = 'X';
                break;
            }
        auto w = restore(d.path(), s, offs);
        QVERIFY(w);
        QVERIFY(!QFile::exists(d.path() + "/data.bin"));
        QCOMPARE(QString::fromStdString(w->outcomes().front().status), QStringLiteral("failed"));
        QVERIFY(QString::fromStdString(w->outcomes().front().why).contains("hash"));
        QCOMPARE(count_entries(d.path()), 0);
    }

    // Many files through the writer threads: each comes back whole under its own name, hard
    // links join the file they name, and no temporary file stays.
    void writerThreadsRestoreEveryFile() {
        QTemporaryDir d;
        job::WritePool pool(3, 64 << 10); // a small limit: the reader waits for the lanes
        std::vector<std::pair<format::ObjectHeader, std::string>> objs;
        for (int i = 0; i < 300; ++i) {
            const std::string body(static_cast<std::size_t>(1 + i * 37 % 5000), char('a' + i % 26));
            objs.push_back(
                {file("d" + std::to_string(i % 7) + "/f" + std::to_string(i), body.size()), body});
        }
        objs.front().first.nlink = 2;
        objs.push_back({link("d0/f0-link", "d0/f0", format::ObjectKind::Hardlink), ""});
        std::vector<std::uint64_t> offs;
        const auto s = stream(objs, offs);
        auto w = restore(d.path(), s, offs, job::ExistingPolicy::Skip, &pool);
        QVERIFY(w);
        QCOMPARE(w->failures(), std::uint64_t(0));
        QCOMPARE(w->files_restored(), std::uint64_t(301));
        for (int i = 0; i < 300; ++i) {
            const auto& [h, body] = objs[static_cast<std::size_t>(i)];
            QCOMPARE(read(d.path() + "/" + QString::fromStdString(h.path)),
                     QByteArray::fromStdString(body));
        }
        struct stat a {
        }, b{};
        QCOMPARE(::stat(QFile::encodeName(d.path() + "/d0/f0").constData(), &a), 0);
        QCOMPARE(::stat(QFile::encodeName(d.path() + "/d0/f0-link").constData(), &b), 0);
        QCOMPARE(a.st_ino, b.st_ino);
        QDirIterator it(d.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext())
            QVERIFY2(!it.next().contains(".tapeloom-restore-"), qPrintable(it.filePath()));
    }

    // Issue 40: small files whose data does not fit what is left of a batch's buffer (up to one
    // write chunk each, fed a block at a time) start the next batch and come back byte for
    // byte, each under its own name, with the lanes bounded by the buffers they hold.
    void smallFilesAcrossBatchBuffersComeBackWhole() {
        QTemporaryDir d;
        job::WritePool pool(2, 3u << 20);
        std::vector<std::pair<format::ObjectHeader, std::string>> objs;
        const std::vector<std::size_t> sizes = {1u << 20,   700u << 10, 5,         (1u << 20) - 1,
                                                300u << 10, 999'999,    64u << 10, 1};
        for (std::size_t i = 0; i < 40; ++i) {
            std::string body(sizes[i % sizes.size()], '\0');
            for (std::size_t k = 0; k < body.size(); ++k)
                body[k] = static_cast<char>((k * 131 + i * 17) % 251);
            objs.push_back({file("d/f" + std::to_string(i), body.size()), std::move(body)});
        }
        std::vector<std::uint64_t> offs;
        const auto s = stream(objs, offs);
        auto w = restore_by_blocks(d.path(), s, offs, pool);
        QVERIFY(w);
        QCOMPARE(w->failures(), std::uint64_t(0));
        QCOMPARE(w->files_restored(), std::uint64_t(40));
        for (const auto& [h, body] : objs)
            QVERIFY2(read(d.path() + "/" + QString::fromStdString(h.path)) ==
                         QByteArray::fromStdString(body),
                     h.path.c_str());
        QCOMPARE(QDir(d.path() + "/d").entryList(QDir::Files | QDir::Hidden).size(), 40);
    }

    // Issue 17: small files are created with their mode when the umask keeps it, but every
    // file still gets exactly its backed-up mode under a strict umask, a setuid bit, or a
    // target directory whose default ACL would decide the permissions; files larger than one
    // write chunk between small ones of the same directory come back whole.
    void modesAndMixedSizesUnderAPool() {
        QTemporaryDir d;
        const QString target = d.path() + "/target";
        QVERIFY(QDir().mkpath(target + "/acl"));
        const QByteArray acl_dir = QFile::encodeName(target + "/acl");
        const std::string acl = "u::rwx,g::r-x,o::---,m::rwx,u:0:rwx";
        acl_t a = acl_from_text(acl.c_str());
        QVERIFY(a);
        const bool have_acl = acl_set_file(acl_dir.constData(), ACL_TYPE_DEFAULT, a) == 0;
        acl_free(a);
        std::vector<std::pair<format::ObjectHeader, std::string>> objs;
        const std::vector<std::uint32_t> modes = {0644, 0600, 0755, 0666, 04755, 0640};
        for (std::size_t i = 0; i < 24; ++i) {
            const std::size_t size = i % 5 == 2 ? (3u << 20) + i : 100 + i;
            const std::string body(size, char('a' + i % 26));
            auto h = file((i % 2 ? "acl/f" : "plain/f") + std::to_string(i), size);
            h.mode = S_IFREG | modes[i % modes.size()];
            objs.push_back({h, body});
        }
        std::vector<std::uint64_t> offs;
        const auto s = stream(objs, offs);
        job::WritePool pool(2);
        const mode_t old = ::umask(027);
        auto w = restore(target, s, offs, job::ExistingPolicy::Overwrite, &pool);
        ::umask(old);
        QVERIFY(w);
        QCOMPARE(w->failures(), std::uint64_t(0));
        for (const auto& [h, body] : objs) {
            const QString path = target + "/" + QString::fromStdString(h.path);
            QCOMPARE(read(path), QByteArray::fromStdString(body));
            struct stat st {};
            QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
            QCOMPARE(st.st_mode & 07777, h.mode & 07777);
        }
        if (!have_acl) qInfo("no ACLs on this filesystem: the default ACL case ran without one");
    }

    // Issue 17: run as root, a restore gives every file its backed-up owner and group, also when
    // it skips the fchown of a file whose owner and group it is created with: in a set-group-ID
    // directory a new file takes the directory's group, so root's own file there is changed back.
    void ownersComeBackWithoutNeedlessChown() {
        if (::geteuid() != 0) QSKIP("owners are restored only when running as root");
        QTemporaryDir d;
        const QString target = d.path() + "/target";
        QVERIFY(QDir().mkpath(target + "/sgid"));
        const QByteArray sgid = QFile::encodeName(target + "/sgid");
        QCOMPARE(::chown(sgid.constData(), 0, 4321), 0);
        QCOMPARE(::chmod(sgid.constData(), 02775), 0);
        struct Want {
            std::string path;
            uid_t uid;
            gid_t gid;
        };
        const std::vector<Want> want = {{"plain/root", 0, 0},
                                        {"plain/other", 1234, 5678},
                                        {"plain/group-only", 0, 5678},
                                        {"sgid/root", 0, 0},
                                        {"sgid/dir-group", 0, 4321}};
        std::vector<std::pair<format::ObjectHeader, std::string>> objs;
        for (const auto& w : want) {
            auto h = file(w.path, w.path.size());
            h.uid = w.uid; // no names recorded: the numbers are restored
            h.gid = w.gid;
            objs.push_back({h, w.path});
        }
        std::vector<std::uint64_t> offs;
        const auto s = stream(objs, offs);
        job::WritePool pool(2);
        auto w = restore(target, s, offs, job::ExistingPolicy::Skip, &pool);
        QVERIFY(w);
        QCOMPARE(w->failures(), std::uint64_t(0));
        for (const auto& x : want) {
            const QString path = target + "/" + QString::fromStdString(x.path);
            QCOMPARE(read(path), QByteArray::fromStdString(x.path));
            struct stat st {};
            QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
            QCOMPARE(st.st_uid, x.uid);
            QCOMPARE(st.st_gid, x.gid);
            QCOMPARE(st.st_mode & 07777, 0644u);
        }
    }

    // Issue 17: a file larger than one write chunk is written as its data arrives (from the
    // parser's buffers, in the pieces blocks bring). It still comes back byte for byte; one
    // whose data was damaged never gets its final name and leaves no temporary file; one that
    // shrank while it was backed up comes back at the length recorded, not the size its header
    // announced (its space is reserved without changing its size).
    void largeFilesComeBackWholeOrNotAtAll() {
        QTemporaryDir d;
        auto body = [](std::size_t n, int seed) {
            std::string b(n, '\0');
            std::uint32_t x = 2463534242u + static_cast<std::uint32_t>(seed);
            for (auto& c : b) {
                x ^= x << 13, x ^= x >> 17, x ^= x << 5;
                c = static_cast<char>(x);
            }
            return b;
        };
        const std::string whole = body((5u << 20) + 123, 1), damaged = body(3u << 20, 2),
                          shrunk = body(2u << 20, 3);
        std::vector<std::pair<format::ObjectHeader, std::string>> objs = {
            {file("big/whole.bin", whole.size()), whole},
            {file("big/damaged.bin", damaged.size()), damaged},
            {file("big/shrunk.bin", 4u << 20), shrunk},
            {file("big/small.txt", 5), "small"}};
        std::vector<std::uint64_t> offs;
        auto s = stream(objs, offs);
        const std::size_t flip = static_cast<std::size_t>(offs[1]) + (2u << 20); // damaged's data
        s[flip] = static_cast<std::uint8_t>(s[flip] ^ 0x5a);
        job::WritePool pool(2);
        auto w = restore_by_blocks(d.path(), s, offs, pool);
        QVERIFY(w);
        QCOMPARE(read(d.path() + "/big/whole.bin"), QByteArray::fromStdString(whole));
        QCOMPARE(read(d.path() + "/big/shrunk.bin"), QByteArray::fromStdString(shrunk));
        QCOMPARE(read(d.path() + "/big/small.txt"), QByteArray("small"));
        QVERIFY(!QFile::exists(d.path() + "/big/damaged.bin"));
        QCOMPARE(w->failures(), std::uint64_t(1));
        QCOMPARE(QString::fromStdString(w->outcomes().front().path),
                 QStringLiteral("big/damaged.bin"));
        QCOMPARE(count_entries(d.path() + "/big"), 3);
    }

    // Issue 18 item 28: temporary files of restores that were killed are removed by the next
    // restore into their directory; those of a restore still running are left alone.
    // Issue 17: with --sync end the data starts for the disk while the restore runs: every
    // `every` bytes the writers report, a checkpoint syncs the target's filesystem (on a thread
    // of its own, the writers never wait for it); below that amount, none runs.
    void writebackCheckpointsFollowTheBytesWritten() {
        QTemporaryDir d;
        {
            job::Writeback idle(d.path().toStdString(), 1u << 20);
            idle.wrote(1000);
            QTest::qWait(50);
            QCOMPARE(idle.checkpoints(), std::uint64_t(0));
        }
        job::Writeback wb(d.path().toStdString(), 1u << 20);
        job::WritePool pool(2);
        job::RestoreWriterOptions o;
        o.pool = &pool;
        o.writeback = &wb;
        auto w = job::RestoreWriter::open(d.path().toStdString(), o);
        QVERIFY(w);
        std::vector<std::pair<format::ObjectHeader, std::string>> objs;
        for (int i = 0; i < 40; ++i) {
            const std::string body(100000, char('a' + i % 26));
            objs.push_back({file("w/f" + std::to_string(i), body.size()), body});
        }
        std::vector<std::uint64_t> offs;
        const auto s = stream(objs, offs);
        QVERIFY(w.value()->begin_saveset("", offs));
        format::StreamParser parser(*w.value(), 1);
        QVERIFY(parser.feed(0, s.data(), s.size()));
        w.value()->end_saveset();
        QVERIFY(w.value()->finish());
        QCOMPARE(w.value()->failures(), std::uint64_t(0));
        QTRY_VERIFY(wb.checkpoints() >= 1); // 4 MB written: at least one checkpoint ran
        QCOMPARE(read(d.path() + "/w/f39"), QByteArray(100000, char('a' + 39 % 26)));
    }

    void temporaryFilesOfKilledRestoresAreRemoved() {
        QTemporaryDir d;
        const QString t = d.path();
        QVERIFY(QDir().mkpath(t + "/a"));
        const QString running =
            QStringLiteral(".tapeloom-restore-%1-00000000000000aa").arg(::getppid());
        const QStringList stale = {"/.tapeloom-restore-4194999-0123456789abcdef",
                                   "/a/.tapeloom-restore-4194999-fedcba9876543210",
                                   "/a/.tapeloom-restore-0123456789abcdef"};
        for (const auto& p : stale + QStringList{"/a/" + running, "/a/.tapeloom-restore-notes"})
            QVERIFY(tltest::write_file(t + p, "partial"));
        std::vector<std::uint64_t> offs;
        const auto s = stream({{file("a/new.txt", 3), "new"}}, offs);
        QVERIFY(restore(t, s, offs));
        QCOMPARE(read(t + "/a/new.txt"), QByteArray("new"));
        for (const auto& p : stale)
            QVERIFY2(!QFile::exists(t + p), qPrintable(p));
        QVERIFY(QFile::exists(t + "/a/" + running));              // its process still runs
        QVERIFY(QFile::exists(t + "/a/.tapeloom-restore-notes")); // not a name a restore makes
    }

    // Issue 42 item 6: what restores killed with their service left is removed by the next
    // restore into the target, also in directories it writes nothing into and when the killed
    // process was never reaped (a zombie); names that are not exactly a restore's temporary
    // name, and anything outside the target, stay.
    void leftoversOfKilledRestoresGoEverywhereInTheTarget() {
        QTemporaryDir d;
        const QString t = d.path() + "/target", outside = d.path() + "/outside";
        const pid_t zombie = ::fork(); // ends at once and is reaped only at the end
        if (zombie == 0) ::_exit(0);
        QVERIFY(zombie > 0);
        QTRY_VERIFY(state_of(zombie) == 'Z');
        const QString of_zombie =
            QStringLiteral(".tapeloom-restore-%1-00000000000000ab").arg(zombie);
        const QStringList stale = {"/" + of_zombie, "/untouched/deep/" + of_zombie,
                                   "/untouched/.tapeloom-restore-4194999-fedcba9876543210"};
        const QStringList kept = {"/untouched/.tapeloom-restore-4194999-fedcba987654321g",
                                  "/untouched/.tapeloom-restore-notes",
                                  "/untouched/x.tapeloom-restore-4194999-fedcba9876543210",
                                  "/untouched/.tapeloom-restore--fedcba9876543210"};
        for (const auto& p : stale + kept)
            QVERIFY(tltest::write_file(t + p, "partial"));
        QVERIFY(tltest::write_file(outside + "/.tapeloom-restore-4194999-0123456789abcdef", "x"));
        std::vector<std::uint64_t> offs;
        const auto s = stream({{file("a/new.txt", 3), "new"}}, offs);
        QVERIFY(restore(t, s, offs));
        ::waitpid(zombie, nullptr, 0);
        QCOMPARE(read(t + "/a/new.txt"), QByteArray("new"));
        for (const auto& p : stale)
            QVERIFY2(!QFile::exists(t + p), qPrintable(p));
        for (const auto& p : kept)
            QVERIFY2(QFile::exists(t + p), qPrintable(p));
        QVERIFY(QFile::exists(outside + "/.tapeloom-restore-4194999-0123456789abcdef"));
    }

    // Issue 42 item 8: a time the media keeps exactly (in the header's properties, past what
    // int64 nanoseconds hold) comes back exactly where the target's filesystem holds it, and
    // where it does not, the file is restored and named with a warning (never silently wrong).
    void timesBeyondTheFilesystemAreNamed() {
        QTemporaryDir d;
        const std::vector<std::pair<std::string, timespec>> times = {
            {"in-2500.txt", {16'725'225'600, 5}},  // past ext4's 2446
            {"in-1600.txt", {-11'676'096'000, 7}}, // before 1677 and ext4's 1901
        };
        std::vector<std::pair<format::ObjectHeader, std::string>> objs;
        for (const auto& [name, t] : times) {
            auto h = file(name, 1);
            h.properties.push_back(
                {"mtime",
                 std::to_string(t.tv_sec) + "." +
                     QStringLiteral("%1").arg(t.tv_nsec, 9, 10, QLatin1Char('0')).toStdString()});
            objs.push_back({h, "x"});
        }
        std::vector<std::uint64_t> offs;
        const auto s = stream(objs, offs);
        auto w = restore(d.path(), s, offs);
        QVERIFY(w);
        std::uint64_t warned = 0;
        for (const auto& [name, t] : times) {
            const QString path = d.path() + "/" + QString::fromStdString(name);
            QCOMPARE(read(path), QByteArray("x")); // restored either way
            struct stat st {};
            QVERIFY(::stat(QFile::encodeName(path).constData(), &st) == 0);
            if (st.st_mtim.tv_sec == t.tv_sec && st.st_mtim.tv_nsec == t.tv_nsec) continue;
            ++warned;
            bool named = false;
            for (const auto& o : w->outcomes())
                named |= o.path == name && o.status == "warning" &&
                         o.why.find("modification time " + std::to_string(t.tv_sec)) !=
                             std::string::npos;
            QVERIFY2(named, name.c_str());
        }
        QCOMPARE(w->failures(), warned);
        QCOMPARE(w->files_restored(), std::uint64_t(2));
    }

    // Metadata the target refuses is never dropped silently: an xattr in a namespace no
    // filesystem takes and an ACL this system cannot read leave the file restored, its bytes
    // whole, and named with a warning that says what could not be set; a file whose metadata
    // all went on has no warning.
    void metadataTheTargetRefusesIsNamed() {
        QTemporaryDir d;
        auto refused = file("refused.txt", 2);
        refused.xattrs.push_back({"bogus.namespace", {'v'}});
        refused.acl_access = "not an acl";
        const auto plain = file("plain.txt", 2);
        std::vector<std::uint64_t> offs;
        const auto s = stream({{refused, "ab"}, {plain, "cd"}}, offs);
        auto w = restore(d.path(), s, offs);
        QVERIFY(w);
        QCOMPARE(read(d.path() + "/refused.txt"), QByteArray("ab"));
        QCOMPARE(read(d.path() + "/plain.txt"), QByteArray("cd"));
        QStringList warnings;
        for (const auto& o : w->outcomes())
            if (o.status == "warning") warnings << QString::fromStdString(o.path + ": " + o.why);
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings[0].startsWith("refused.txt: could not set its extended attribute "
                                        "bogus.namespace: "),
                 qPrintable(warnings[0]));
        QVERIFY2(warnings[0].contains("its access ACL 'not an acl': not an ACL on this system"),
                 qPrintable(warnings[0]));
        QCOMPARE(w->files_restored(), std::uint64_t(2));
    }

    // Issue 18 item 7: parents a restore has to make get the backed-up directories' metadata,
    // else 0755 under the umask (never 0700).
    void createdParentsGetBackedUpMetadata() {
        QTemporaryDir d;
        std::vector<std::uint64_t> offs;
        const auto s = stream({{file("a/b/c.txt", 1), "c"}}, offs);
        auto w = job::RestoreWriter::open(d.path().toStdString(), job::ExistingPolicy::Skip);
        QVERIFY(w);
        QVERIFY(w.value()->begin_saveset("", {offs.begin(), offs.end()}));
        w.value()->set_directory_lookup([](const std::string& p) {
            std::optional<format::ObjectHeader> h;
            if (p != "a/b") return h;
            h.emplace();
            h->kind = format::ObjectKind::Directory;
            h->mode = S_IFDIR | 0750;
            h->mtime_ns = h->atime_ns = 1'600'000'000'000'000'000;
            return h;
        });
        format::StreamParser parser(*w.value(), 1);
        QVERIFY(parser.feed(0, s.data(), s.size()));
        w.value()->end_saveset();
        QVERIFY(w.value()->finish());
        const mode_t mask = ::umask(022);
        ::umask(mask);
        struct stat a {
        }, b{};
        QCOMPARE(::stat(QFile::encodeName(d.path() + "/a").constData(), &a), 0);
        QCOMPARE(::stat(QFile::encodeName(d.path() + "/a/b").constData(), &b), 0);
        QCOMPARE(a.st_mode & 07777, 0755u & ~mask);
        QCOMPARE(b.st_mode & 07777, 0750u);
        QCOMPARE(static_cast<long long>(b.st_mtim.tv_sec), 1'600'000'000LL);
        QCOMPARE(read(d.path() + "/a/b/c.txt"), QByteArray("c"));
    }

    void safeComponents() {
        QVERIFY(!job::safe_components("/etc/passwd").ok());
        QVERIFY(!job::safe_components("a/../b").ok());
        QVERIFY(!job::safe_components("./a").ok());
        auto ok = job::safe_components("a//b/c");
        QVERIFY(ok.ok());
        QCOMPARE(ok->size(), std::size_t(3));
    }
};

QTEST_GUILESS_MAIN(TestRestoreWriter)
#include "test_restore_writer.moc"
