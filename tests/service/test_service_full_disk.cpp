#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// A backup through the service on a data directory whose filesystem fills up (issue 42
// item 5): the job fails and its client gets the failure (exit 1, a failed job, docs/cli.md)
// instead of waiting forever for a queue entry whose end the full catalog could not record;
// the service goes on, and once there is room again it runs the next backup.
class TestServiceFullDisk : public QObject {
    Q_OBJECT

    // A small tmpfs mounted on a directory for the test's life.
    struct SmallFilesystem {
        QString path;
        bool mounted = false;
        static int run(const QStringList& args) {
            QProcess p;
            p.start(args.first(), args.mid(1));
            if (!p.waitForFinished(30000)) return -1;
            return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        }
        bool mount(const QString& size) {
            QDir().mkpath(path);
            mounted = run({"mount", "-t", "tmpfs", "-o", "size=" + size + ",mode=0700", "tmpfs",
                           path}) == 0;
            return mounted;
        }
        bool grow(const QString& size) {
            return run({"mount", "-o", "remount,size=" + size, path}) == 0;
        }
        ~SmallFilesystem() {
            if (mounted && run({"umount", path}) != 0) run({"umount", "-l", path});
        }
    };

    static bool start(const QString& home) {
        auto r = run_cli(with_home(home, {"service", "start"}));
        if (r.exit_code != 0) qWarning() << r.err;
        return r.exit_code == 0;
    }

private Q_SLOTS:
    void aBackupOnAFullDataDirectoryReturnsItsFailure() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        // More than the data directory can take: its cartridges are files in it.
        for (int i = 0; i < 8; ++i)
            QVERIFY(tltest::write_file(src + QString("/f%1.bin").arg(i),
                                       tltest::random_bytes(2 << 20, 40 + i)));
        SmallFilesystem fs{home};
        if (!fs.mount("6M")) QSKIP("mounting a tmpfs is not permitted here");
        QVERIFY(start(home));
        tltest::ServiceGuard guard{home};

        // Bounded: today's client never returned.
        auto full = run_cli(with_home(home, {"backup", "--source", src, "--drives", "1"}), 120000);
        QVERIFY2(full.exit_code != -1, "the client did not return from a backup on a full disk");
        QCOMPARE(full.exit_code, 1); // failed (docs/cli.md)
        QVERIFY2(full.err.contains("backup failed"), full.err.constData());
        QVERIFY2(full.err.contains("No space left on device"), full.err.constData());

        // The service still answers, and once there is room it writes its queue again and runs
        // the next backup.
        QVERIFY(fs.grow("64M"));
        const QString small = d.path() + "/small";
        QVERIFY(tltest::write_file(small + "/a.bin", tltest::random_bytes(10000, 3)));
        auto next = run_cli(with_home(home, {"backup", "--source", small, "--drives", "1"}));
        QVERIFY2(next.exit_code == 0, next.err.constData());
        auto queue = run_cli(with_home(home, {"queue", "list", "--json"}));
        QCOMPARE(queue.exit_code, 0);
        QVERIFY2(!queue.text().contains("running"), queue.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestServiceFullDisk)
#include "test_service_full_disk.moc"
