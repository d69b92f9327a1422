#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <memory>

#include "fixture_tree.h"
#include "format/object.h"
#include "job/restore_writer.h"
#include "job/staged_dirs.h"
#include "job/write_pool.h"
#include "restore_feed.h"
#include "stream_builder.h"

using namespace tl;

// The directories a restore makes stay out of sight until the restore ends (StagedDirs): the
// files inside are created under their final names, and nobody sees the tree before every file
// in it is complete. Writers of one job share them; a directory that appeared meanwhile is
// merged into, nothing of either side lost; what a killed restore staged goes with the next.
class TestStagedDirs : public QObject {
    Q_OBJECT

    using Objects = std::vector<std::pair<format::ObjectHeader, std::string>>;

    static format::ObjectHeader file(const std::string& path, std::size_t size) {
        return tltest::regular_file(path, size, 0640, 1'700'000'000'123'456'789);
    }
    static format::ObjectHeader dir(const std::string& path) {
        format::ObjectHeader h;
        h.kind = format::ObjectKind::Directory;
        h.path = path;
        h.mode = S_IFDIR | 0750;
        h.mtime_ns = 1'600'000'000'000'000'000;
        return h;
    }
    // A writer of a job sharing `staged`, its save set fed whole; not finished.
    static std::unique_ptr<job::RestoreWriter> write(const QString& target, const Objects& objs,
                                                     const std::shared_ptr<job::StagedDirs>& staged,
                                                     job::WritePool* pool = nullptr) {
        job::RestoreWriterOptions o;
        o.staged = staged;
        o.pool = pool;
        std::vector<std::uint64_t> offs;
        const auto s = tltest::build_stream(objs, &offs);
        return tltest::feed_writer(target, o, s, offs);
    }
    static QByteArray read(const QString& p) {
        QFile x(p);
        return x.open(QIODevice::ReadOnly) ? x.readAll() : QByteArray();
    }
    static QStringList entries(const QString& dir) {
        return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden |
                                   QDir::System);
    }

private Q_SLOTS:
    // With writer lanes (files gathered whole, then written), and without (the reading thread
    // writes each file as its data arrives).
    void newDirectoriesAppearWholeWhenTheRestoreEnds_data() {
        QTest::addColumn<bool>("lanes");
        QTest::newRow("lanes") << true;
        QTest::newRow("reading thread") << false;
    }
    void newDirectoriesAppearWholeWhenTheRestoreEnds() {
        QFETCH(bool, lanes);
        QTemporaryDir d;
        const QString t = d.path();
        QVERIFY(QDir().mkpath(t + "/old"));
        auto staged = std::make_shared<job::StagedDirs>();
        job::WritePool lane_pool(2);
        job::WritePool* pool = lanes ? &lane_pool : nullptr;
        // Two writers (two drives) of one job fill the same new directories.
        Objects a, b;
        a.push_back({dir("new"), ""});
        for (int i = 0; i < 50; ++i) {
            const std::string body(100 + i, char('a' + i % 26));
            (i % 2 ? a : b).push_back({file("new/sub/f" + std::to_string(i), body.size()), body});
        }
        b.push_back({file("new/big.bin", 3u << 20), std::string(3u << 20, 'B')});
        a.push_back({file("old/seen.txt", 4), "seen"});
        auto wa = write(t, a, staged, pool);
        auto wb = write(t, b, staged, pool);
        QVERIFY(wa && wb);
        // Before the end: nothing under "new", one directory under a temporary name; a file in
        // a directory that was there is in place (linked once complete).
        QVERIFY(!QFileInfo::exists(t + "/new"));
        QCOMPARE(tltest::restore_temporaries(t).size(), 1);
        QCOMPARE(read(t + "/old/seen.txt"), QByteArray("seen"));
        QVERIFY(staged->publish().empty());
        QVERIFY(wa->finish() && wb->finish());
        QCOMPARE(wa->failures() + wb->failures(), std::uint64_t(0));
        for (int i = 0; i < 50; ++i)
            QCOMPARE(read(t + "/new/sub/f" + QString::number(i)),
                     QByteArray(100 + i, char('a' + i % 26)));
        QCOMPARE(read(t + "/new/big.bin"), QByteArray(3 << 20, 'B'));
        QVERIFY2(tltest::restore_temporaries(t).isEmpty(),
                 qPrintable(tltest::restore_temporaries(t).join(", ")));
        // The directory's own metadata is set after it came into sight.
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(t + "/new").constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0750));
        QCOMPARE(static_cast<long long>(st.st_mtim.tv_sec), 1'600'000'000LL);
        QCOMPARE(::stat(QFile::encodeName(t + "/new/sub/f1").constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
        QCOMPARE(static_cast<long long>(st.st_mtim.tv_nsec), 123'456'789LL);
    }

    void aDirectoryThatAppearedMeanwhileIsMergedInto() {
        QTemporaryDir d;
        const QString t = d.path();
        auto staged = std::make_shared<job::StagedDirs>();
        auto w = write(t,
                       {{file("new/mine.txt", 4), "mine"},
                        {file("new/both.txt", 8), "restored"},
                        {file("new/deep/x.txt", 1), "x"}},
                       staged);
        QVERIFY(w);
        // Another program makes the directory while the restore runs.
        QVERIFY(tltest::write_file(t + "/new/theirs.txt", "theirs"));
        QVERIFY(tltest::write_file(t + "/new/both.txt", "theirs"));
        QVERIFY(tltest::write_file(t + "/new/deep/y.txt", "y"));
        const auto problems = staged->publish();
        QVERIFY(w->finish());
        QCOMPARE(read(t + "/new/mine.txt"), QByteArray("mine"));
        QCOMPARE(read(t + "/new/theirs.txt"), QByteArray("theirs"));
        QCOMPARE(read(t + "/new/deep/x.txt"), QByteArray("x"));
        QCOMPARE(read(t + "/new/deep/y.txt"), QByteArray("y"));
        // Nothing replaced: the name taken keeps their file; the restored one is named.
        QCOMPARE(read(t + "/new/both.txt"), QByteArray("theirs"));
        QCOMPARE(problems.size(), std::size_t(1));
        const QString problem = QString::fromStdString(problems.front());
        QVERIFY2(problem.startsWith("new/both.txt: appeared while the restore ran"),
                 qPrintable(problem));
        const QString kept = problem.section("the restored one is at ", 1);
        QCOMPARE(read(t + "/" + kept), QByteArray("restored"));
    }

    void whatAKilledRestoreStagedGoesWithTheNext() {
        QTemporaryDir d;
        const QString t = d.path() + "/target", outside = d.path() + "/outside";
        QVERIFY(tltest::write_file(outside + "/keep.txt", "keep"));
        const QString left = t + "/a/.tapeloom-restore-4194999-0123456789abcdef";
        QVERIFY(tltest::write_file(left + "/deep/er/half.bin", "half"));
        QVERIFY(tltest::write_file(left + "/done.txt", "done"));
        QVERIFY(QFile::link(outside, left + "/deep/to-outside"));
        QVERIFY(tltest::write_file(t + "/a/.tapeloom-restore-notes/kept.txt", "kept"));
        auto staged = std::make_shared<job::StagedDirs>();
        auto w = write(t, {{file("a/new/f.txt", 3), "new"}}, staged);
        QVERIFY(w);
        QVERIFY(staged->publish().empty());
        QVERIFY(w->finish());
        QCOMPARE(read(t + "/a/new/f.txt"), QByteArray("new"));
        QVERIFY(!QFileInfo::exists(left));
        QCOMPARE(entries(t + "/a"), QStringList({".tapeloom-restore-notes", "new"}));
        QCOMPARE(read(outside + "/keep.txt"), QByteArray("keep")); // the symlink not followed
    }

    // A file whose data does not match its hash gets no name, in a staged directory too (written
    // as its data arrived, it is removed).
    void aFailedFileLeavesNoNameInAStagedDirectory() {
        QTemporaryDir d;
        const QString t = d.path();
        auto staged = std::make_shared<job::StagedDirs>();
        std::vector<std::uint64_t> offs;
        auto s = tltest::build_stream(
            {{file("n/good.txt", 4), "good"}, {file("n/bad.txt", 5), "wrong"}}, &offs);
        // One data byte flipped: the trailer's hash no longer matches.
        for (std::size_t i = 0; i + 5 <= s.size(); ++i)
            if (std::memcmp(s.data() + i, "wrong", 5) == 0) {
                s[i] = 'X';
                break;
            }
        job::RestoreWriterOptions o;
        o.staged = staged;
        auto w = tltest::feed_writer(t, o, s, offs);
        QVERIFY(w);
        QVERIFY(staged->publish().empty());
        QVERIFY(w->finish());
        QCOMPARE(read(t + "/n/good.txt"), QByteArray("good"));
        QCOMPARE(entries(t + "/n"), QStringList({"good.txt"}));
        QCOMPARE(w->failures(), std::uint64_t(1));
    }
};

QTEST_GUILESS_MAIN(TestStagedDirs)
#include "test_staged_dirs.moc"
