#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::run_cli;
using tltest::write_file;

// Backup levels through the real tapeloom-cli: a full, then incrementals and a differential
// over adds, changes (size; same size with a new mtime; same size with the mtime set back),
// deletions and renames; every point in time restores to exactly the tree it backed up.
class TestLevels : public QObject {
    Q_OBJECT

    QTemporaryDir d_;
    QString home_, src_;

    QStringList h(QStringList args) const {
        args.prepend(home_);
        args.prepend("--home");
        return args;
    }

    // The tree as a map: relative path -> content ("<dir>" for directories, "-> target" for
    // symlinks), so two trees compare by paths and bytes.
    static QMap<QString, QByteArray> snapshot(const QString& root) {
        QMap<QString, QByteArray> out;
        QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString p = it.next();
            const QFileInfo fi(p);
            const QString rel = p.mid(root.size() + 1);
            if (fi.isSymLink()) {
                char buf[4096];
                const auto n = ::readlink(QFile::encodeName(p).constData(), buf, sizeof buf);
                out[rel] = "-> " + QByteArray(buf, static_cast<int>(std::max<ssize_t>(n, 0)));
            } else if (fi.isDir())
                out[rel] = "<dir>";
            else {
                QFile f(p);
                out[rel] = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
            }
        }
        return out;
    }

    static QString diff(const QMap<QString, QByteArray>& want,
                        const QMap<QString, QByteArray>& got) {
        QStringList lines;
        for (auto it = want.begin(); it != want.end(); ++it)
            if (!got.contains(it.key()))
                lines << "missing " + it.key();
            else if (got[it.key()] != it.value())
                lines << "differs " + it.key();
        for (auto it = got.begin(); it != got.end(); ++it)
            if (!want.contains(it.key())) lines << "extra " + it.key();
        return lines.join("; ");
    }

    static void set_mtime(const QString& p, qint64 sec) {
        const timespec ts[2] = {{sec, 0}, {sec, 0}};
        ::utimensat(AT_FDCWD, QFile::encodeName(p).constData(), ts, 0);
    }
    static timespec mtime_of(const QString& p) {
        struct stat st {};
        ::stat(QFile::encodeName(p).constData(), &st);
        return st.st_mtim;
    }

    QJsonObject backup(const QString& level, int expect_exit = 0, QStringList extra = {}) {
        QStringList args = {"backup", "--source", src_, "--level", level, "--json"};
        args += extra;
        auto r = run_cli(h(args));
        if (r.exit_code != expect_exit)
            qWarning("backup %s exited %d: %s", qPrintable(level), r.exit_code, r.err.constData());
        return r.exit_code == expect_exit ? r.json().object() : QJsonObject{};
    }

    // Restores into a fresh directory and returns the restored tree.
    QMap<QString, QByteArray> restored(const QStringList& what, const QString& name) {
        const QString to = d_.path() + "/restore-" + name;
        QStringList args = {"restore"};
        args += what;
        args += {"--to", to, "--json"};
        auto r = run_cli(h(args));
        if (r.exit_code != 0)
            qWarning("restore %s exited %d: %s %s", qPrintable(name), r.exit_code,
                     r.out.constData(), r.err.constData());
        return snapshot(to + src_);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(d_.isValid());
        home_ = d_.path() + "/home";
        src_ = d_.path() + "/src";
    }

    void chainRestoresEveryPointInTime() {
        // The full.
        QVERIFY(write_file(src_ + "/keep.txt", "never changes\n"));
        QVERIFY(write_file(src_ + "/grow.txt", "short\n"));
        QVERIFY(write_file(src_ + "/same-size.txt", QByteArray(1000, 'a')));
        QVERIFY(write_file(src_ + "/to-delete.txt", "doomed\n"));
        QVERIFY(write_file(src_ + "/to-rename.txt", "moving\n"));
        QVERIFY(write_file(src_ + "/sub/a.txt", "a\n"));
        QVERIFY(write_file(src_ + "/sub/deep/c.txt", "c\n"));
        QVERIFY(write_file(src_ + "/gone/x.txt", "x\n"));
        QVERIFY(write_file(src_ + "/big.bin", tltest::random_bytes(300 * 1024, 3)));
        QVERIFY(QDir().mkpath(src_ + "/emptydir"));
        QVERIFY(::symlink("keep.txt", QFile::encodeName(src_ + "/link").constData()) == 0);
        set_mtime(src_ + "/same-size.txt", 1'600'000'000);
        const auto full = backup("full");
        QCOMPARE(full.value("level").toString(), QString("full"));
        const int job1 = full.value("job_id").toInt();
        const auto s1 = snapshot(src_);
        const int all_entries = full.value("files").toInt();
        QVERIFY(all_entries >= 14);

        // Adds, changes, a deletion, a rename, a whole directory removed; then an incremental.
        QVERIFY(write_file(src_ + "/new.txt", "brand new\n"));
        QVERIFY(write_file(src_ + "/newdir/n.txt", "n\n"));
        QVERIFY(write_file(src_ + "/grow.txt", "short, and now a good deal longer\n"));
        QVERIFY(write_file(src_ + "/same-size.txt", QByteArray(1000, 'b')));
        set_mtime(src_ + "/same-size.txt", 1'600'000'100); // same size, a new mtime
        QVERIFY(QFile::remove(src_ + "/to-delete.txt"));
        QVERIFY(QFile::rename(src_ + "/to-rename.txt", src_ + "/sub/renamed.txt"));
        QVERIFY(QDir(src_ + "/gone").removeRecursively());
        const auto incr1 = backup("incr");
        QCOMPARE(incr1.value("level").toString(), QString("incr"));
        const int job2 = incr1.value("job_id").toInt();
        const auto s2 = snapshot(src_);
        // Only what changed went to tape: never keep.txt or big.bin.
        QVERIFY(incr1.value("files").toInt() < all_entries);
        QVERIFY(incr1.value("bytes").toInteger() < 300 * 1024);
        const auto src1 = incr1.value("level_sources").toArray().first().toObject();
        QCOMPARE(src1.value("deleted").toInt(), 4); // to-delete, to-rename, gone, gone/x.txt
        QVERIFY(src1.value("unchanged").toInt() > 0);

        // More changes, then a differential (against the full).
        QVERIFY(write_file(src_ + "/new.txt", "brand new, edited\n"));
        QVERIFY(QFile::remove(src_ + "/sub/deep/c.txt"));
        QVERIFY(write_file(src_ + "/to-delete.txt", "back from the dead\n"));
        const auto before = mtime_of(src_ + "/same-size.txt");
        QVERIFY(write_file(src_ + "/same-size.txt", QByteArray(1000, 'c')));
        const timespec keep_times[2] = {before, before}; // same size, mtime set back: ctime tells
        ::utimensat(AT_FDCWD, QFile::encodeName(src_ + "/same-size.txt").constData(), keep_times,
                    0);
        const auto diff1 = backup("diff");
        QCOMPARE(diff1.value("level").toString(), QString("diff"));
        const int job3 = diff1.value("job_id").toInt();
        const auto s3 = snapshot(src_);
        const auto dsrc = diff1.value("level_sources").toArray().first().toObject();
        QCOMPARE(dsrc.value("base_saveset_id").toInt(),
                 full.value("sessions").toArray().first().toObject().value("saveset_id").toInt());

        // An incremental on top of the differential.
        QVERIFY(QFile::remove(src_ + "/newdir/n.txt"));
        QVERIFY(write_file(src_ + "/sub/late.txt", "late\n"));
        const auto incr2 = backup("incr");
        const int job4 = incr2.value("job_id").toInt();
        const auto s4 = snapshot(src_);

        // Nothing changed: an incremental stores nothing.
        const auto incr3 = backup("incr");
        const int job5 = incr3.value("job_id").toInt();
        QCOMPARE(incr3.value("files").toInt(), 0);
        QCOMPARE(incr3.value("bytes").toInteger(), 0);
        auto shown = run_cli(h({"jobs", "show", QString::number(job5), "--json"}));
        QCOMPARE(shown.exit_code, 0);
        QCOMPARE(shown.json().object().value("files").toInt(), 0);
        QCOMPARE(shown.json().object().value("level").toString(), QString("incr"));
        QCOMPARE(shown.json()
                     .object()
                     .value("level_sources")
                     .toArray()
                     .first()
                     .toObject()
                     .value("deleted")
                     .toInt(),
                 0);

        // Every point in time, exactly.
        const QList<std::pair<int, QMap<QString, QByteArray>>> points = {
            {job1, s1}, {job2, s2}, {job3, s3}, {job4, s4}, {job5, s4}};
        for (const auto& [job, want] : points) {
            const auto got = restored({"--job", QString::number(job)}, QString::number(job));
            QVERIFY2(got == want, qPrintable(QString("job %1: %2").arg(job).arg(diff(want, got))));
        }
        // Directories of a chain come back with their metadata, changed or not (applied after
        // every save set wrote into them).
        for (const char* dir : {"", "/sub", "/sub/deep", "/emptydir", "/newdir"}) {
            const auto want = mtime_of(src_ + dir);
            const auto got = mtime_of(d_.path() + "/restore-" + QString::number(job5) + src_ + dir);
            QVERIFY2(got.tv_sec == want.tv_sec && got.tv_nsec == want.tv_nsec, dir);
        }
        QVERIFY(s2.contains("emptydir") && !s2.contains("to-delete.txt") && !s2.contains("gone") &&
                s2.contains("sub/renamed.txt"));
        // The newest by source (the point-in-time path).
        const auto now = restored({"--source", src_}, "now");
        QVERIFY2(now == s4, qPrintable(diff(s4, now)));
        // Only what job 2 stored itself.
        const auto own = restored({"--job", QString::number(job2), "--changes-only"}, "own");
        QVERIFY(own.contains("new.txt") && own.contains("sub/renamed.txt"));
        QVERIFY(!own.contains("keep.txt") && !own.contains("big.bin"));

        // History: the level column, the deletion in a file's versions.
        auto list = run_cli(h({"jobs", "list"}));
        QVERIFY(list.text().contains("LEVEL"));
        QVERIFY(list.text().contains("incr") && list.text().contains("diff"));
        auto versions = run_cli(h({"files", "versions", src_ + "/to-delete.txt", "--json"}));
        QCOMPARE(versions.exit_code, 0);
        const auto vs = versions.json().array();
        QCOMPARE(vs.size(), 3); // stored, deleted, stored again
        QVERIFY(!vs[0].toObject().value("deleted").toBool());
        QVERIFY(vs[1].toObject().value("deleted").toBool());
        QVERIFY(!vs[2].toObject().value("deleted").toBool());
        // files ls of an incremental lists the whole directory as of then.
        auto ls = run_cli(h({"files", "ls", "--job", QString::number(job4), "sub", "--json"}));
        QCOMPARE(ls.exit_code, 0);
        QStringList names;
        for (const auto& e : ls.json().array())
            names << e.toObject().value("name").toString();
        names.sort();
        QCOMPARE(names, QStringList({"a.txt", "deep", "late.txt", "renamed.txt"}));
    }

    // Many small files: an incremental's changed files sit in the same tape chunks as
    // unchanged ones, so a restore of the chain makes several positioned reads inside one
    // chunk. Each file must be written once — no "exists (policy skip)" warnings, exit 0.
    void smallFileChainRestoresCleanly() {
        const QString src = d_.path() + "/small";
        for (int d = 0; d < 6; ++d)
            for (int f = 0; f < 60; ++f)
                QVERIFY(tltest::write_file(
                    src + QString("/d%1/f%2.txt").arg(d).arg(f),
                    tltest::random_bytes(2000 + 97 * f, static_cast<quint32>(d * 100 + f))));
        auto r = run_cli(h({"backup", "--source", src, "--name", "small", "--json"}));
        QCOMPARE(r.exit_code, 0);
        for (const char* p : {"/d1/f5.txt", "/d1/f40.txt", "/d3/f12.txt", "/d5/f59.txt"})
            QVERIFY(tltest::write_file(src + p, "changed " + QByteArray(p)));
        r = run_cli(h({"backup", "--source", src, "--name", "small", "--level", "incr", "--json"}));
        QCOMPARE(r.exit_code, 0);
        const QString to = d_.path() + "/restore-small";
        r = run_cli(h({"restore", "--source", src, "--to", to, "--json"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QCOMPARE(r.json().object().value("skipped").toInt(), 0);
        QCOMPARE(r.json().object().value("restored").toInt(), 6 * 60 + 6 + 1);
        const auto want = snapshot(src);
        const auto got = snapshot(to + src);
        QVERIFY2(got == want, qPrintable(diff(want, got)));
    }

    void incrWithoutFullIsPromoted() {
        // Another job name: its own chain, which has no full yet.
        auto r = run_cli(
            h({"backup", "--source", src_, "--level", "incr", "--name", "weekly", "--json"}));
        QCOMPARE(r.exit_code, 0); // a complete backup: the promotion alone is no failure
        const auto j = r.json().object();
        QCOMPARE(j.value("level").toString(), QString("full"));
        QCOMPARE(j.value("requested_level").toString(), QString("incr"));
        QVERIFY(j.value("warnings").toArray().first().toString().contains("promoted to full"));
        QVERIFY(r.err.contains("promoted to full"));
        QVERIFY(j.value("files").toInt() > 10);
        auto list = run_cli(h({"jobs", "list", "--json"}));
        const auto last = list.json().array().last().toObject();
        QCOMPARE(last.value("level").toString(), QString("full"));
        // The next incremental of that name has its full now.
        QVERIFY(write_file(src_ + "/weekly.txt", "w\n"));
        auto next = run_cli(
            h({"backup", "--source", src_, "--level", "incr", "--name", "weekly", "--json"}));
        QCOMPARE(next.exit_code, 0);
        QCOMPARE(next.json().object().value("level").toString(), QString("incr"));
        QCOMPARE(next.json().object().value("files").toInt(), 2); // the root dir and the file
    }

    void compareHashSkipsRewrittenIdenticalFiles() {
        QVERIFY(write_file(src_ + "/same-again.txt", "identical bytes\n"));
        QCOMPARE(
            run_cli(h({"backup", "--source", src_, "--level", "incr", "--name", "hash"})).exit_code,
            0); // promoted: the full of this name
        QVERIFY(write_file(src_ + "/same-again.txt", "identical bytes\n")); // rewritten
        set_mtime(src_ + "/same-again.txt", 1'700'000'000);
        auto r = run_cli(h({"backup", "--source", src_, "--level", "incr", "--name", "hash",
                            "--compare-hash", "--json"}));
        QCOMPARE(r.exit_code, 0);
        const auto s = r.json().object().value("level_sources").toArray().first().toObject();
        QCOMPARE(s.value("same_content").toInt(), 1);
        QCOMPARE(r.json().object().value("bytes").toInteger(), 0);
        auto bad = run_cli(h({"backup", "--source", src_, "--level", "weekly"}));
        QCOMPARE(bad.exit_code, 2);
    }
};

TLTEST_CATALOG_MAIN(TestLevels)
#include "test_levels.moc"
