#include <QtTest>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::run_cli;

// Restores through the real tapeloom-cli as an administrator relies on them after a crash and
// for single files: a restore killed with SIGKILL leaves no wrong file under a final name and
// the next one completes the tree (issue 17); --sync is reported; the parents of one restored
// file keep their backed-up metadata; either name of a hard link restores alone; temporary
// files of the killed restore go (issue 18 items 7, 27, 28).
class TestRestoreDurability : public QObject {
    Q_OBJECT

    static QStringList h(const QString& home, QStringList args) {
        return tltest::with_home(home, std::move(args));
    }
    static bool same_tree(const QString& a, const QString& b, QString* why) {
        QProcess diff;
        diff.start("diff", {"-r", "--no-dereference", a, b});
        diff.waitForFinished(120000);
        *why = QString::fromUtf8(diff.readAllStandardOutput() + diff.readAllStandardError());
        return diff.exitStatus() == QProcess::NormalExit && diff.exitCode() == 0;
    }
    static QByteArray read(const QString& p) {
        QFile f(p);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static struct stat lst(const QString& p) {
        struct stat st {};
        ::lstat(QFile::encodeName(p).constData(), &st);
        return st;
    }
    static bool any_file(const QString& dir) {
        return QDirIterator(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories)
            .hasNext();
    }
    // Many small files and a few large ones: a restore long enough to be killed inside.
    static bool make_many_files(const QString& root) {
        bool ok = true;
        for (int i = 0; i < 3000; ++i)
            ok &= tltest::write_file(root + QStringLiteral("/d%1/f%2").arg(i % 40).arg(i),
                                     tltest::random_bytes(512 + i % 3000, static_cast<quint32>(i)));
        for (int i = 0; i < 4; ++i)
            ok &=
                tltest::write_file(root + QStringLiteral("/big/b%1.bin").arg(i),
                                   tltest::random_bytes(6 << 20, 1000u + static_cast<quint32>(i)));
        return ok;
    }

private Q_SLOTS:
    void killedRestoreLeavesNoWrongFileAndOverwriteCompletes() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(make_many_files(src));
        QCOMPARE(run_cli(h(home, {"backup", "--source", src})).exit_code, 0);
        QProcess p;
        p.setProcessEnvironment(tltest::cli_environment(home));
        p.setProgram(QStringLiteral(TAPELOOM_CLI));
        p.setArguments(h(home, {"restore", "--job", "1", "--to", to, "--sync", "end"}));
        p.start();
        QVERIFY(p.waitForStarted());
        // Killed as soon as the first files are written (in the directories the restore keeps
        // out of sight until it ends), however loaded the machine is.
        QTRY_VERIFY_WITH_TIMEOUT(any_file(to) || p.state() == QProcess::NotRunning, 60000);
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished());
        // Whatever is under a final name is the file that was backed up, byte for byte.
        QDirIterator it(to + src, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        int checked = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            if (it.fileName().startsWith(".tapeloom-restore-")) continue;
            const QString rel = path.mid((to + src).size());
            QVERIFY2(read(path) == read(src + rel), qPrintable(rel));
            ++checked;
        }
        qInfo("%d file(s) under their final names after the kill", checked);
        auto again = run_cli(
            h(home, {"restore", "--job", "1", "--to", to, "--existing", "overwrite", "--json"}));
        QVERIFY2(again.exit_code == 0, again.out.constData());
        QString why;
        QVERIFY2(same_tree(src, to + src, &why), qPrintable(why)); // no temporary file either
        QVERIFY2(tltest::restore_temporaries(to).isEmpty(),
                 qPrintable(tltest::restore_temporaries(to).join(", ")));
    }

    void syncModeIsReported() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        QCOMPARE(run_cli(h(home, {"backup", "--source", src})).exit_code, 0);
        int n = 0;
        for (const QString mode : {"end", "file", "none"}) {
            const QString to = d.path() + "/r" + QString::number(++n);
            auto r =
                run_cli(h(home, {"restore", "--job", "1", "--to", to, "--sync", mode, "--json"}));
            QVERIFY2(r.exit_code == 0, r.out.constData());
            QCOMPARE(r.json().object().value("sync").toString(), mode);
            QString why;
            QVERIFY2(same_tree(src, to + src, &why), qPrintable(why));
            // The stored report says it too.
            const auto id = QString::number(r.json().object().value("job_id").toInteger());
            auto show = run_cli(h(home, {"jobs", "show", id}));
            QVERIFY2(show.text().contains("sync to disk   : " + mode), show.out.constData());
        }
        auto dflt = run_cli(h(home, {"restore", "--job", "1", "--to", d.path() + "/r0", "--json"}));
        QCOMPARE(dflt.json().object().value("sync").toString(), QStringLiteral("end"));
        auto bad = run_cli(
            h(home, {"restore", "--job", "1", "--to", d.path() + "/rx", "--sync", "sometimes"}));
        QCOMPARE(bad.exit_code, 2);
        QVERIFY(bad.err.contains("--sync 'sometimes'"));
    }

    // Issue 18 item 7: restoring one file makes its parents with the backed-up folders' modes
    // and times, not 0700.
    void parentsOfOneFileKeepTheirMetadata() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::write_file(src + "/shared/team/notes.txt", "notes\n"));
        QVERIFY(tltest::write_file(src + "/other.txt", "other\n"));
        ::chmod(QFile::encodeName(src + "/shared/team").constData(), 0750);
        ::chmod(QFile::encodeName(src + "/shared").constData(), 0755);
        const timespec old[2] = {{1'600'000'000, 0}, {1'600'000'000, 0}};
        ::utimensat(AT_FDCWD, QFile::encodeName(src + "/shared/team").constData(), old, 0);
        QCOMPARE(run_cli(h(home, {"backup", "--source", src})).exit_code, 0);
        auto r = run_cli(
            h(home, {"restore", "--job", "1", "--to", to, "--path", "shared/team/notes.txt"}));
        QVERIFY2(r.exit_code == 0, r.out.constData());
        QCOMPARE(read(to + src + "/shared/team/notes.txt"), QByteArray("notes\n"));
        for (const char* dir : {"", "/shared", "/shared/team"}) {
            const auto a = lst(src + dir), b = lst(to + src + dir);
            QCOMPARE(b.st_mode, a.st_mode);
            QCOMPARE(b.st_mtim.tv_sec, a.st_mtim.tv_sec);
        }
        // Above the backed-up tree: 0755 under the umask.
        const mode_t mask = ::umask(022);
        ::umask(mask);
        const QString first = to + "/" + src.section('/', 1, 1);
        QCOMPARE(lst(first).st_mode & 07777, 0755u & ~mask);
    }

    // Issue 18 item 27: either name of a hard link restores alone, with the data.
    void eitherNameOfAHardLinkRestoresAlone() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        QVERIFY(::link(QFile::encodeName(src + "/hard1").constData(),
                       QFile::encodeName(src + "/small/hard3").constData()) == 0);
        QCOMPARE(run_cli(h(home, {"backup", "--source", src})).exit_code, 0);
        int n = 0;
        for (const QStringList& names :
             {QStringList{"hard1"}, QStringList{"hard2"}, QStringList{"hard2", "small/hard3"}}) {
            const QString to = d.path() + "/r" + QString::number(++n);
            QStringList args = {"restore", "--job", "1", "--to", to, "--json"};
            for (const auto& name : names)
                args << "--path" << name;
            auto r = run_cli(h(home, args));
            QVERIFY2(r.exit_code == 0, r.out.constData());
            QCOMPARE(r.json().object().value("failed").toInt(), 0);
            for (const auto& name : names)
                QCOMPARE(read(to + src + "/" + name), QByteArray("linked twice\n"));
            if (names.size() == 2) // still one file with two names
                QCOMPARE(lst(to + src + "/" + names[0]).st_ino,
                         lst(to + src + "/" + names[1]).st_ino);
            QVERIFY(tltest::restore_temporaries(to).isEmpty());
        }
    }
};

TLTEST_CATALOG_MAIN(TestRestoreDurability)
#include "test_restore_durability.moc"
