#include <QtTest>

#include <sys/wait.h>
#include <unistd.h>

#include "common/home.h"

// The data directory admits one engine process at a time; the second one is told who holds it.
class TestHomeLock : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void secondProcessIsRefusedWithHolderPid() {
        QTemporaryDir dir;
        const std::string home = dir.path().toStdString() + "/home";
        auto lock = tl::HomeLock::acquire(home);
        QVERIFY2(lock.ok(), lock.ok() ? "" : lock.error().message.c_str());
        QCOMPARE(tl::HomeLock::holder(home), static_cast<long>(getpid()));

        int pipefd[2];
        QCOMPARE(pipe(pipefd), 0);
        const pid_t child = fork();
        if (child == 0) {
            auto second = tl::HomeLock::acquire(home);
            std::string msg = second.ok() ? std::string("ACQUIRED") : second.error().message;
            const int kind = second.ok() ? -1 : static_cast<int>(second.error().kind);
            msg = std::to_string(kind) + "|" + msg;
            (void)!write(pipefd[1], msg.data(), msg.size());
            _exit(0);
        }
        close(pipefd[1]);
        char buf[512] = {};
        const auto n = read(pipefd[0], buf, sizeof buf - 1);
        close(pipefd[0]);
        waitpid(child, nullptr, 0);
        QVERIFY(n > 0);
        const QString text = QString::fromUtf8(buf);
        QVERIFY2(text.startsWith(QString::number(static_cast<int>(tl::ErrorKind::Busy)) + "|"),
                 qPrintable(text));
        QVERIFY2(text.contains(QString::number(getpid())), qPrintable(text));
        QVERIFY(text.contains(QString::fromStdString(home)));
    }

    void releasedOnDestruction() {
        QTemporaryDir dir;
        const std::string home = dir.path().toStdString();
        {
            auto lock = tl::HomeLock::acquire(home);
            QVERIFY(lock.ok());
        }
        QCOMPARE(tl::HomeLock::holder(home), 0L);
        auto again = tl::HomeLock::acquire(home);
        QVERIFY(again.ok());
    }

    void resolveOrder() {
        QCOMPARE(tl::resolve_home("/explicit"), std::string("/explicit"));
        qputenv("TAPELOOM_HOME", "/from-env");
        QCOMPARE(tl::resolve_home(""), std::string("/from-env"));
        qunsetenv("TAPELOOM_HOME");
        qputenv("XDG_DATA_HOME", "/xdg");
        QCOMPARE(tl::resolve_home(""), std::string("/xdg/tapeloom"));
    }

    void fileInTheWayIsAClearError() {
        QTemporaryDir dir;
        const std::string file = dir.path().toStdString() + "/afile";
        QFile f(QString::fromStdString(file));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        auto st = tl::ensure_directory(file);
        QVERIFY(!st.ok());
        QVERIFY(st.error().message.find("not a directory") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestHomeLock)
#include "test_home_lock.moc"
