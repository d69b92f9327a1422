#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "memory_dir.h"

using tltest::run_cli;

// Restores through the real tapeloom-cli: byte-identical with metadata, selective by glob and
// directory, across spanned volumes, partial around a damaged block, and refused cleanly when
// a volume is outside the library.
class TestRestore : public QObject {
    Q_OBJECT

    static QStringList h(const QString& home, QStringList args) {
        return tltest::with_home(home, std::move(args));
    }
    static bool same_tree(const QString& a, const QString& b, QString* why) {
        return tltest::same_tree(a, b, why);
    }
    static QByteArray raw_link(const QString& p) {
        char buf[4096];
        const auto n = ::readlink(QFile::encodeName(p).constData(), buf, sizeof buf);
        return n < 0 ? QByteArray() : QByteArray(buf, static_cast<int>(n));
    }
    static struct stat lst(const QString& p) {
        struct stat st {};
        ::lstat(QFile::encodeName(p).constData(), &st);
        return st;
    }

    // Rows "disk" and "memory": on disk, blocks are read ahead on a thread of their own; on
    // tmpfs each block is parsed on the reading thread, in place in the cartridge's memory
    // (job/block_handover.h).
    static void on_disk_and_in_memory() {
        QTest::addColumn<QString>("base");
        QTest::newRow("disk") << QString();
        QTest::newRow("memory") << QStringLiteral("/dev/shm/tapeloom-restore-XXXXXX");
    }
    static QTemporaryDir temporary_dir(const QString& base) {
        return base.isEmpty() ? QTemporaryDir() : QTemporaryDir(base);
    }
    // Why the row cannot run: the "memory" row where tmpfs has less than `room` bytes free.
    static QString row_cannot_run(const QString& base, qint64 room) {
        return base.isEmpty() ? QString() : tltest::memory_dir_missing(room);
    }

private Q_SLOTS:
    void fullRestoreIsIdenticalWithMetadata_data() { on_disk_and_in_memory(); }
    void fullRestoreIsIdenticalWithMetadata() {
        QFETCH(QString, base);
        if (const auto why = row_cannot_run(base, 256 << 20); !why.isEmpty())
            QSKIP(qPrintable(why));
        QTemporaryDir d = temporary_dir(base);
        QVERIFY(d.isValid());
        const QString home = d.path() + "/home", src = d.path() + "/src",
                      to = d.path() + "/restored";
        QVERIFY(tltest::make_fixture_tree(src));
        ::chmod(QFile::encodeName(src + "/hard1").constData(), 0640);
        auto lib = run_cli(
            h(home, {"library", "add", "--virtual", "--name", "small", "--drives", "2", "--slots",
                     "10", "--mail", "1", "--capacity", "8M", "--prefix", "SML"}));
        QCOMPARE(lib.exit_code, 0);
        auto b = run_cli(h(home, {"backup", "--library", "small", "--drives", "2",
                                  "--sessions-per-drive", "4", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QVERIFY(b.json().object().value("volumes").toArray().size() >=
                2); // the save set spans volumes

        auto plan = run_cli(h(home, {"restore", "--job", "1", "--library", "small", "--to", to,
                                     "--dry-run", "--json"}));
        QCOMPARE(plan.exit_code, 0);
        QVERIFY(plan.json().object().value("volumes").toArray().size() >= 2);
        QVERIFY(plan.json().object().value("bytes_to_read").toDouble() > 0);
        QVERIFY(!QFile::exists(to)); // a dry run writes nothing

        auto r =
            run_cli(h(home, {"restore", "--job", "1", "--library", "small", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        const QString out = to + src; // restores go to TARGET/original/path
        QString why;
        QVERIFY2(same_tree(src, out, &why), qPrintable(why));
        // Metadata: modes, times, links, sparse holes.
        for (const char* p :
             {"/hard1", "/big.bin", "/ünïcødé/日本語.txt", "/small/d3", "/emptydir"}) {
            const auto a = lst(src + QString::fromUtf8(p)), o = lst(out + QString::fromUtf8(p));
            QCOMPARE(o.st_mode, a.st_mode);
            QCOMPARE(o.st_mtim.tv_sec, a.st_mtim.tv_sec);
            QCOMPARE(o.st_mtim.tv_nsec, a.st_mtim.tv_nsec);
        }
        QCOMPARE(lst(out + "/hard1").st_ino, lst(out + "/hard2").st_ino);
        char want[64] = {}, got[64] = {};
        const auto wn = ::getxattr(QFile::encodeName(src + "/hard1").constData(),
                                   "user.tapeloom.test", want, sizeof want);
        const auto gn = ::getxattr(QFile::encodeName(out + "/hard1").constData(),
                                   "user.tapeloom.test", got, sizeof got);
        QCOMPARE(gn, wn); // xattrs come back (or neither side has them)
        QCOMPARE(QByteArray(got, static_cast<int>(std::max<ssize_t>(gn, 0))),
                 QByteArray(want, static_cast<int>(std::max<ssize_t>(wn, 0))));
        QCOMPARE(raw_link(out + "/link"),
                 raw_link(src + "/link")); // the link text itself, not resolved
        QVERIFY(QFileInfo(out + "/dangling").isSymLink());
        const auto sp = lst(out + "/sparse.img");
        QCOMPARE(sp.st_size, static_cast<off_t>(8 << 20));
        QVERIFY(sp.st_blocks * 512 < sp.st_size / 2); // holes stayed holes

        // Again into the same place: existing files are skipped (default) and reported.
        auto again =
            run_cli(h(home, {"restore", "--job", "1", "--library", "small", "--to", to, "--json"}));
        QCOMPARE(again.exit_code, 8);
        QVERIFY(again.json().object().value("skipped").toInt() > 0);
        QCOMPARE(again.json().object().value("failed").toInt(), 0);
    }

    // Four sources multiplexed on one drive (block-shaped buffers that become blocks whole,
    // beside buffers copied into blocks shared with other streams, job/drive_worker.h): every
    // byte restored equals the byte backed up, and a file written to while it is read is
    // still reported as changed.
    void multiplexedStreamsRestoreExactlyAndAChangingFileIsReported() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src",
                      moving = d.path() + "/moving", to = d.path() + "/restored";
        QVERIFY(tltest::write_file(src + "/a/odd.bin", tltest::random_bytes((3 << 20) + 12345, 1)));
        QVERIFY(tltest::write_file(src + "/b/odd.bin", tltest::random_bytes((5 << 20) + 777, 2)));
        QVERIFY(tltest::write_file(src + "/b/tiny", "x"));
        QVERIFY(tltest::make_fixture_tree(src + "/c", (1 << 20) + 1));
        const QString grow = moving + "/growing.bin";
        QVERIFY(tltest::write_file(grow, tltest::random_bytes(4 << 20, 3)));
        // Appends 64 KiB at a time for as long as the backup runs (from 4 MiB back to 4 MiB at
        // 12 MiB): the file's size never stays the same while it is read.
        std::atomic<bool> stop{false};
        std::thread writer([&] {
            const QByteArray chunk = tltest::random_bytes(64 * 1024, 4);
            const int fd = ::open(QFile::encodeName(grow).constData(), O_WRONLY | O_APPEND);
            while (fd >= 0 && !stop) {
                if (::write(fd, chunk.constData(), static_cast<size_t>(chunk.size())) < 0) break;
                struct stat st {};
                if (::fstat(fd, &st) == 0 && st.st_size >= (12 << 20)) ::ftruncate(fd, 4 << 20);
            }
            if (fd >= 0) ::close(fd);
        });
        auto lib = run_cli(
            h(home, {"library", "add", "--virtual", "--name", "one", "--drives", "1", "--slots",
                     "4", "--mail", "1", "--capacity", "1G", "--prefix", "MUX"}));
        QCOMPARE(lib.exit_code, 0);
        auto b =
            run_cli(h(home, {"backup", "--library", "one", "--drives", "1", "--sessions-per-drive",
                             "4", "--source", src + "/a", "--source", src + "/b", "--source",
                             src + "/c", "--source", moving, "--json"}));
        stop = true;
        writer.join();
        QVERIFY2(b.exit_code == 8, b.out.constData()); // finished with a warning
        bool reported = false;
        for (const auto& w : b.json().object().value("warnings").toArray())
            reported |= w.toString().contains("file changed while it was read: " + grow);
        QVERIFY2(reported, b.out.constData());

        auto r =
            run_cli(h(home, {"restore", "--job", "1", "--library", "one", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QString why;
        for (const char* s : {"/a", "/b", "/c"})
            QVERIFY2(same_tree(src + s, to + src + s, &why), qPrintable(why));
        // The changed file restores as it was read: its hash checked like every other.
        QVERIFY(QFileInfo(to + grow).size() >= (4 << 20));
    }

    // Issue 42 item 8: modification times before 1970 with a fraction and after 2262 (past
    // int64 nanoseconds) come back exactly, on files, a directory and a symlink.
    void timesOutsideTheNanosecondRangeRestoreExactly() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        const std::vector<std::pair<QString, timespec>> times = {
            {"/minus-one-and-a-half", {-2, 500'000'000}}, // -1.5 s
            {"/in-1920", {-1'577'923'201, 250'000'000}},  // 1920, with a fraction
            {"/in-2300", {10'413'792'000, 123'456'789}},  // past 2262
            {"/dir", {10'413'792'001, 1}},                // a directory past 2262
            {"/link", {-2, 999'999'999}},                 // a symlink before 1970
        };
        QVERIFY(QDir().mkpath(src + "/dir"));
        for (const auto& [name, t] : times) {
            const QByteArray p = QFile::encodeName(src + name);
            if (name == "/link")
                QVERIFY(::symlink("in-2300", p.constData()) == 0);
            else if (name != "/dir")
                QVERIFY(tltest::write_file(src + name, name.toUtf8()));
            const timespec ts[2] = {t, t};
            QVERIFY(::utimensat(AT_FDCWD, p.constData(), ts, AT_SYMLINK_NOFOLLOW) == 0);
            const auto held = lst(src + name).st_mtim;
            if (held.tv_sec != t.tv_sec || held.tv_nsec != t.tv_nsec)
                QSKIP("the test directory's filesystem does not hold these times");
        }
        auto b = run_cli(h(home, {"backup", "--drives", "1", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out + r.err);
        for (const auto& [name, t] : times) {
            const auto got = lst(to + src + name).st_mtim;
            QVERIFY2(got.tv_sec == t.tv_sec && got.tv_nsec == t.tv_nsec,
                     qPrintable(QStringLiteral("%1: %2.%3 s restored, %4.%5 s backed up")
                                    .arg(name)
                                    .arg(got.tv_sec)
                                    .arg(got.tv_nsec)
                                    .arg(t.tv_sec)
                                    .arg(t.tv_nsec)));
        }
    }

    void selectiveByGlobAndDirectory() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        QCOMPARE(run_cli(h(home, {"backup", "--source", src})).exit_code, 0);
        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to, "--path", "small/d1/*",
                                  "--path", "ünïcødé", "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QVERIFY(QFile::exists(to + src + "/small/d1/f1.txt"));
        QVERIFY(QFile::exists(to + src + "/ünïcødé/日本語.txt"));
        QVERIFY(!QFile::exists(to + src + "/small/d2/f2.txt"));
        QVERIFY(!QFile::exists(to + src + "/big.bin"));
        QString why;
        QVERIFY2(same_tree(src + "/small/d1", to + src + "/small/d1", &why), qPrintable(why));
        // Point in time by source.
        auto ls = run_cli(h(home, {"files", "ls", "--source", src, "--json"}));
        QCOMPARE(ls.exit_code, 0);
        QVERIFY(ls.json().array().size() >= 8);
        auto nothing =
            run_cli(h(home, {"restore", "--source", src, "--at", "2001-01-01", "--to", to}));
        QCOMPARE(nothing.exit_code, 3);
    }

    // Names that are not UTF-8 (a Latin-1 file name, a directory with a stray 0xFF): `files ls`
    // and `files find` with --json give them as {"hex": ...} of their bytes (JSON strings hold
    // UTF-8 only), the text lists print the bytes, and the restore gives them back exactly.
    void namesThatAreNotUtf8AreListedAsHex() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(QDir().mkpath(src));
        const std::string root = QFile::encodeName(src).toStdString();
        const std::string copy = QFile::encodeName(to + src).toStdString();
        struct RawNames { // QTemporaryDir cannot remove them
            std::vector<std::string> files, dirs;
            ~RawNames() {
                for (const auto& f : files)
                    ::unlink(f.c_str());
                for (const auto& dir : dirs)
                    ::rmdir(dir.c_str());
            }
        } raw;
        for (const auto& r : {root, copy}) {
            raw.files.push_back(r + "/caf\xe9.txt");
            raw.files.push_back(r + "/d\xff/inner.txt");
            raw.dirs.push_back(r + "/d\xff");
        }
        QCOMPARE(::mkdir((root + "/d\xff").c_str(), 0755), 0);
        for (const std::string name : {"/caf\xe9.txt", "/d\xff/inner.txt"}) {
            const int fd = ::open((root + name).c_str(), O_CREAT | O_WRONLY, 0644);
            QVERIFY(fd >= 0);
            QCOMPARE(::write(fd, name.data(), name.size()), static_cast<ssize_t>(name.size()));
            ::close(fd);
        }
        QCOMPARE(run_cli(h(home, {"backup", "--source", src})).exit_code, 0);
        auto ls = run_cli(h(home, {"files", "ls", "--job", "1", src, "--json"}));
        QVERIFY2(ls.exit_code == 0, ls.err.constData());
        QStringList hex;
        for (const auto& e : ls.json().array())
            hex << e.toObject().value("name").toObject().value("hex").toString();
        QVERIFY2(hex.contains("636166e92e747874"), ls.out.constData()); // caf\xe9.txt
        QVERIFY2(hex.contains("64ff"), ls.out.constData());             // d\xff
        auto text = run_cli(h(home, {"files", "ls", "--job", "1", src}));
        QVERIFY2(text.exit_code == 0, text.err.constData());
        QVERIFY(text.out.contains("caf\xe9.txt"));
        auto found = run_cli(h(home, {"files", "find", "inner*", "--job", "1", "--json"}));
        QVERIFY2(found.exit_code == 0, found.err.constData());
        QCOMPARE(found.json().array().size(), 1);
        QCOMPARE(found.json().array().at(0).toObject().value("path").toObject().value("hex"),
                 QJsonValue("64ff2f696e6e65722e747874")); // d\xff/inner.txt
        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString why;
        QVERIFY2(same_tree(src, to + src, &why), qPrintable(why));
    }

    // Issue 17: the backup's read-ahead runs on across directory ends, holding each
    // directory of the files it has not stored yet open after the walk left it, and stores what
    // it holds where it cannot hold more (a directory deeper than it keeps open). Many small
    // directories, a deep chain and hard links between directories must still come back whole.
    void manyDirectoriesAndDeepNestingRestoreIdentically() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        auto put = [](const QString& path, const QByteArray& bytes) {
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };
        for (int i = 0; i < 150; ++i) {
            const QString dir = src + QString("/wide/d%1").arg(i, 3, 10, QChar('0'));
            QVERIFY(QDir().mkpath(dir));
            for (int f = 0; f < 3; ++f)
                QVERIFY(put(dir + QString("/f%1").arg(f),
                            QByteArray::number(i * 7 + f).repeated(100 + i * 3 + f)));
        }
        QString deep = src + "/deep";
        for (int level = 0; level < 80; ++level) {
            deep += "/l";
            QVERIFY(QDir().mkpath(deep));
            QVERIFY(put(deep + "/f", QByteArray::number(level).repeated(50 + level)));
        }
        QVERIFY(::link(QFile::encodeName(src + "/wide/d000/f0").constData(),
                       QFile::encodeName(src + "/wide/d149/link").constData()) == 0);
        QVERIFY(::link(QFile::encodeName(deep + "/f").constData(),
                       QFile::encodeName(src + "/wide/d001/deeplink").constData()) == 0);
        auto b = run_cli(h(home, {"backup", "--source", src, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QVERIFY(b.json().object().value("warnings").toArray().isEmpty());
        QCOMPARE(b.json().object().value("files").toInt(), 1 + 1 + 150 + 450 + 1 + 80 + 80 + 2);
        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QString why;
        QVERIFY2(same_tree(src, to + src, &why), qPrintable(why));
        QCOMPARE(lst(to + src + "/wide/d149/link").st_ino, lst(to + src + "/wide/d000/f0").st_ino);
        QCOMPARE(lst(to + src + "/wide/d001/deeplink").st_ino, lst(to + deep + "/f").st_ino);
    }

    void damagedBlockRestoresEverythingElse_data() { on_disk_and_in_memory(); }
    void damagedBlockRestoresEverythingElse() {
        QFETCH(QString, base);
        if (const auto why = row_cannot_run(base, 128 << 20); !why.isEmpty())
            QSKIP(qPrintable(why));
        QTemporaryDir d = temporary_dir(base);
        QVERIFY(d.isValid());
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::make_fixture_tree(src, 3 << 20));
        auto b = run_cli(h(home, {"backup", "--drives", "1", "--source", src + "/big.bin",
                                  "--source", src + "/small", "--json"}));
        QCOMPARE(b.exit_code, 0);
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        QFile data(home + "/libraries/vlib0/media/" + vol + "/data");
        QVERIFY(data.open(QIODevice::ReadWrite));
        QVERIFY(data.seek(64 * 1024 + data.size() / 3));
        QVERIFY(data.write(QByteArray(64, '\x5a')) == 64);
        data.close();
        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to, "--json"}));
        QCOMPARE(r.exit_code, 7);
        const auto o = r.json().object();
        QCOMPARE(o.value("status").toString(), QStringLiteral("partial"));
        QVERIFY(o.value("failed").toInt() >= 1);
        QVERIFY(o.value("restored").toInt() > 100);
        QVERIFY(o.value("bad_blocks").toArray().size() >= 1);
        bool named = false;
        for (const auto& p : o.value("problems").toArray())
            named |= p.toObject().value("status").toString() == "failed" &&
                     !p.toObject().value("path").toString().isEmpty();
        QVERIFY(named);
        // What restored is intact: every small file that exists equals its source.
        int same = 0;
        for (int i = 0; i < 200; ++i) {
            const QString rel = QStringLiteral("/small/d%1/f%2.txt").arg(i % 10).arg(i);
            QFile a(src + rel), c(to + src + rel);
            if (!c.open(QIODevice::ReadOnly)) continue;
            QVERIFY(a.open(QIODevice::ReadOnly));
            QCOMPARE(c.readAll(), a.readAll());
            ++same;
        }
        QVERIFY(same > 100);
    }

    void catalogRebuiltFromMediaRestoresIdentically() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::make_fixture_tree(src));
        const QStringList small = {"library",  "add",        "--virtual", "--name",   "small",
                                   "--drives", "2",          "--slots",   "10",       "--mail",
                                   "1",        "--capacity", "8M",        "--prefix", "SML"};
        QCOMPARE(run_cli(h(home, small)).exit_code, 0);
        auto b = run_cli(h(home, {"backup", "--library", "small", "--drives", "2", "--source",
                                  src + "/big.bin", "--source", src + "/small", "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QVERIFY(b.json().object().value("volumes").toArray().size() >= 3);
        const int files = b.json().object().value("files").toInt();
        const auto started = b.json().object().value("started").toInteger();
        const auto ended = b.json().object().value("ended").toInteger();
        // Lose the catalog; the cartridges remain.
        QVERIFY(tltest::lose_catalog(home));
        QCOMPARE(run_cli(h(home, small)).exit_code, 0); // the library's state on disk is adopted
        auto s = run_cli(h(home, {"scan", "--all", "--library", "small", "--json"}));
        QVERIFY2(s.exit_code == 0, s.out.constData());
        QCOMPARE(s.json().object().value("files_added").toInt(), files);
        QCOMPARE(s.json().object().value("sessions_added").toInt(), 2);
        // The rebuilt job ran when the backup did, as its sessions' headers and trailers say (it
        // showed as running since, its end never set).
        const auto rebuilt = run_cli(h(home, {"jobs", "list", "--json"})).json().array();
        QCOMPARE(rebuilt.size(), 1);
        QCOMPARE(rebuilt[0].toObject().value("started").toInteger(), started);
        QVERIFY(rebuilt[0].toObject().value("ended").toInteger() >= started);
        QVERIFY(rebuilt[0].toObject().value("ended").toInteger() <= ended);
        auto r =
            run_cli(h(home, {"restore", "--job", "1", "--library", "small", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QString why;
        QVERIFY2(same_tree(src + "/small", to + src + "/small", &why), qPrintable(why));
        QVERIFY2(same_tree(src + "/big.bin", to + src + "/big.bin", &why), qPrintable(why));
        // A second scan adds nothing: the sessions are known now.
        auto again = run_cli(h(home, {"scan", "--all", "--library", "small", "--json"}));
        QCOMPARE(again.json().object().value("sessions_added").toInt(), 0);
        QCOMPARE(again.json().object().value("sessions_known").toInt(), 2);
    }

    void rawCommandAndLiveSqliteSources() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", to = d.path() + "/r";
        // An image file (raw source), a command's output, and a SQLite database being written.
        const QString img = d.path() + "/disk.img";
        QVERIFY(tltest::write_file(img, tltest::random_bytes(3 << 20, 5)));
        const QString db = d.path() + "/app.db";
        QProcess sqlite;
        sqlite.start(
            "sqlite3",
            {db, "PRAGMA journal_mode=WAL; CREATE TABLE t(x); WITH RECURSIVE c(i) AS (SELECT 1 "
                 "UNION ALL SELECT i+1 FROM c WHERE i<20000) INSERT INTO t SELECT randomblob(64) "
                 "FROM c;"});
        QVERIFY(sqlite.waitForFinished(30000));
        QCOMPARE(sqlite.exitCode(), 0);
        auto b = run_cli(
            h(home, {"backup", "--drives", "2", "--source", "raw:" + img, "--source",
                     "cmd:printf 'dump line %s\\n' 1 2 3", "--source", "sqlite:" + db, "--json"}));
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QCOMPARE(b.json().object().value("files").toInt(), 3);
        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QString why;
        QVERIFY2(same_tree(img, to + img, &why), qPrintable(why));      // the image byte for byte
        const auto cmdDirs = QDir(to).entryList({"cmd-*"}, QDir::Dirs); // cmd-<save set id>
        QCOMPARE(cmdDirs.size(), 1);
        QFile dump(to + "/" + cmdDirs.first() + "/stdout");
        QVERIFY2(dump.open(QIODevice::ReadOnly), qPrintable(dump.fileName()));
        QCOMPARE(dump.readAll(), QByteArray("dump line 1\ndump line 2\ndump line 3\n"));
        // The SQLite copy is a consistent database with every row.
        QProcess check;
        check.start("sqlite3", {to + db, "PRAGMA integrity_check; SELECT count(*) FROM t;"});
        QVERIFY(check.waitForFinished(30000));
        QCOMPARE(QString::fromUtf8(check.readAllStandardOutput()).trimmed(),
                 QStringLiteral("ok\n20000"));
        // A failing command is reported: the job ends partial, the save set failed.
        auto bad = run_cli(h(home, {"backup", "--source", "cmd:echo partial; exit 3", "--json"}));
        QCOMPARE(bad.exit_code, 7);
        QVERIFY(bad.json()
                    .object()
                    .value("sessions")
                    .toArray()
                    .first()
                    .toObject()
                    .value("error")
                    .toString()
                    .contains("status 3"));
    }

    void compressedBackupsRestoreIdentically() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        QByteArray text;
        for (int i = 0; i < 20000; ++i)
            text +=
                "2026-11-30 tape drive vlib0-drive1 wrote block " + QByteArray::number(i) + "\n";
        QVERIFY(tltest::write_file(src + "/logs/app.log", text));
        int job = 0;
        for (const char* codec : {"lz4", "zstd:3", "gzip:1"}) {
            ++job;
            auto b =
                run_cli(h(home, {"backup", "--source", src, "--compression", codec, "--json"}));
            QVERIFY2(b.exit_code == 0, b.err.constData());
            QVERIFY2(b.json().object().value("compression_ratio").toDouble() > 1.2,
                     codec); // the log compresses
            // The report names the compression asked for with its ratio.
            QCOMPARE(b.json().object().value("codec").toString(), QString::fromLatin1(codec));
            const QString to = d.path() + "/r-" + QString::number(job);
            const QString id = QString::number(b.json().object().value("job_id").toInt());
            auto r = run_cli(h(home, {"restore", "--job", id, "--to", to, "--json"}));
            QVERIFY2(r.exit_code == 0, r.out.constData());
            QString why;
            QVERIFY2(same_tree(src, to + src, &why), qPrintable(why));
        }
    }

    void volumeOutsideTheLibraryIsNamed() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        auto b = run_cli(h(home, {"backup", "--drives", "1", "--source", src, "--json"}));
        QCOMPARE(b.exit_code, 0);
        const QString vol = b.json().object().value("volumes").toArray().first().toString();
        // Find the cartridge's slot, export it to the mail slot and take it out.
        auto inv = run_cli(h(home, {"library", "inventory", "--json"}));
        int slot = -1, drive = -1;
        const auto invo = inv.json().object();
        for (const auto& s : invo.value("slots").toArray())
            if (s.toObject().value("barcode").toString() == vol)
                slot = s.toObject().value("slot").toInt();
        for (const auto& s : invo.value("drives").toArray())
            if (s.toObject().value("barcode").toString() == vol)
                drive = s.toObject().value("drive").toInt();
        if (drive >= 0) {
            QCOMPARE(run_cli(h(home, {"library", "unload", "--drive", QString::number(drive)}))
                         .exit_code,
                     0);
            inv = run_cli(h(home, {"library", "inventory", "--json"}));
            for (const auto& s : inv.json().object().value("slots").toArray())
                if (s.toObject().value("barcode").toString() == vol)
                    slot = s.toObject().value("slot").toInt();
        }
        QVERIFY2(slot > 0, inv.out.constData());
        QCOMPARE(
            run_cli(h(home, {"library", "export", "--slot", QString::number(slot), "--mail", "1"}))
                .exit_code,
            0);
        QCOMPARE(run_cli(h(home, {"library", "remove-cartridge", "--mail", "1"})).exit_code, 0);
        auto r = run_cli(h(home, {"restore", "--job", "1", "--to", d.path() + "/r"}));
        QCOMPARE(r.exit_code, 6);
        QVERIFY(QString::fromUtf8(r.err).contains(vol));
        QVERIFY(!QFile::exists(d.path() + "/r"));
    }
};

TLTEST_CATALOG_MAIN(TestRestore)
#include "test_restore.moc"
