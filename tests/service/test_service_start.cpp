#include <QtTest>

#include <memory>
#include <tuple>
#include <vector>

#include <sys/stat.h>

#include "cli_runner.h"
#include "client/service_client.h"
#include "raw_http.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// Issue 42: how a data directory and its service come up, through the real tapeloom-cli and
// its detached service. A new data directory is its owner's only.
class TestServiceStart : public QObject {
    Q_OBJECT

    // The permission bits of `path`, -1 when it is missing.
    static int mode_of(const QString& path) {
        struct stat st {};
        if (lstat(path.toLocal8Bit().constData(), &st) != 0) return -1;
        return static_cast<int>(st.st_mode & 07777);
    }
    // Whether every file the data directory has of the private ones has the mode it must.
    static void expect_private(const QString& home) {
        QCOMPARE(mode_of(home), 0700);
        QCOMPARE(mode_of(home + "/logs"), 0700);
        for (const char* name : {"/catalog.db", "/catalog.db-wal", "/catalog.db-shm"}) {
            const int mode = mode_of(home + name);
            QVERIFY2(mode == -1 || mode == 0600,
                     qPrintable(QString(name) + " has mode " + QString::number(mode, 8)));
        }
        QDir logs(home + "/logs");
        const QStringList files = logs.entryList(QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString& f : files)
            QVERIFY2(mode_of(logs.filePath(f)) == 0600,
                     qPrintable(f + " has mode " + QString::number(mode_of(logs.filePath(f)), 8)));
    }

private Q_SLOTS:
    // Item 9: a fresh --home (made by a command in its own process, or by the service it
    // starts) is 0700 with its logs; the catalog and the log files are 0600.
    void aFreshDataDirectoryIsPrivate() {
        QTemporaryDir dir;
        const QString own = dir.path() + "/own/home";
        auto r = run_cli(with_home(own, {"pool", "add", "Vault"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        expect_private(own);
        QCOMPARE(mode_of(dir.path() + "/own"), 0755 & ~umask_now()); // parents as mkdir -p

        const QString served = dir.path() + "/served";
        tltest::ServiceGuard guard{served};
        r = run_cli(with_home(served, {"service", "start"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = run_cli(with_home(served, {"pool", "add", "Vault"}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        expect_private(served);
        QVERIFY(QFile::exists(served + "/logs/service.log"));
    }

    // Item 11: a second service on a TLS address in use does not share it (SO_REUSEPORT split
    // the remote requests between two data directories): it exits 4 naming the address.
    void aSecondServiceOnAPortInUseIsRefused() {
        QTemporaryDir d;
        QProcess openssl;
        openssl.start("openssl", {"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                                  d.path() + "/key.pem", "-out", d.path() + "/cert.pem", "-days",
                                  "1", "-subj", "/CN=127.0.0.1"});
        QVERIFY(openssl.waitForFinished(60000) && openssl.exitCode() == 0);
        const int port = tltest::free_local_port();
        QVERIFY(port > 0);
        const QString listen = QString("127.0.0.1:%1").arg(port);
        const QStringList tls = {"service",    "start",
                                 "--listen",   listen,
                                 "--tls-cert", d.path() + "/cert.pem",
                                 "--tls-key",  d.path() + "/key.pem"};
        const QString first = d.path() + "/first", second = d.path() + "/second";
        tltest::ServiceGuard g1{first}, g2{second};
        auto r = run_cli(with_home(first, tls));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        r = run_cli(with_home(second, tls));
        QVERIFY2(r.exit_code == 4, qPrintable(QString::number(r.exit_code) + ": " + r.err));
        QVERIFY2(r.err.contains(listen.toUtf8()), r.err.constData());
        QVERIFY(!tl::client::ServiceClient(second.toStdString()).service().ok());
    }

    // Item 12: five commands started together on a data directory without a service: one
    // starts it, the others connect to it; every one ends well.
    void commandsStartedTogetherShareOneService() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        tltest::ServiceGuard guard{home};
        QProcessEnvironment env = tltest::cli_environment(home);
        env.insert("TAPELOOM_AUTOSTART", "1");
        const QList<QStringList> commands = {{"status"},
                                             {"pool", "add", "Vault"},
                                             {"jobs", "list"},
                                             {"volume", "list"},
                                             {"pool", "add", "Offsite"}};
        std::vector<std::unique_ptr<QProcess>> running;
        for (const auto& args : commands) {
            running.push_back(std::make_unique<QProcess>());
            running.back()->setProcessEnvironment(env);
            running.back()->start(TAPELOOM_CLI, with_home(home, args));
        }
        for (std::size_t i = 0; i < running.size(); ++i) {
            auto& p = *running[i];
            QVERIFY(p.waitForFinished(120000));
            QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                     qPrintable(commands[static_cast<qsizetype>(i)].join(' ') + ": " +
                                p.readAllStandardError()));
        }
        const QString pools = run_cli(with_home(home, {"pool", "list"})).text();
        QVERIFY(pools.contains("Vault") && pools.contains("Offsite"));
    }

    // Item 13: a service that cannot start says why, and the command that started it exits
    // with the service's code: 9 for a damaged catalog, 2 for a data directory others may
    // write in.
    void aServiceThatCannotStartSaysWhy() {
        QTemporaryDir d;
        const QString corrupt = d.path() + "/corrupt", open = d.path() + "/open";
        QVERIFY(QDir().mkpath(corrupt));
        QVERIFY(::chmod(corrupt.toLocal8Bit().constData(), 0700) == 0);
        QFile db(corrupt + "/catalog.db");
        QVERIFY(db.open(QIODevice::WriteOnly));
        db.write(QByteArray(8192, '\x5a'));
        db.close();
        QVERIFY(QDir().mkpath(open));
        QVERIFY(::chmod(open.toLocal8Bit().constData(), 0777) == 0);
        tltest::ServiceGuard g1{corrupt}, g2{open};
        const QList<std::tuple<QString, int, QString>> cases = {
            {corrupt, 9, "catalog"}, {open, 2, "writable by group or others"}};
        for (const auto& [home, code, why] : cases) {
            QProcessEnvironment env = tltest::cli_environment(home);
            env.insert("TAPELOOM_AUTOSTART", "1");
            QProcess p;
            p.setProcessEnvironment(env);
            p.start(TAPELOOM_CLI, with_home(home, {"pool", "list"}));
            QVERIFY(p.waitForFinished(120000));
            const QString err = QString::fromUtf8(p.readAllStandardError());
            QVERIFY2(p.exitCode() == code, qPrintable(QString::number(p.exitCode()) + ": " + err));
            QVERIFY2(err.contains(why), qPrintable(err));
            QVERIFY2(err.contains("did not start"), qPrintable(err));
        }
    }

private:
    static int umask_now() {
        const mode_t m = ::umask(0);
        ::umask(m);
        return static_cast<int>(m);
    }
};

QTEST_GUILESS_MAIN(TestServiceStart)
#include "test_service_start.moc"
