#include <QtTest>

#include <memory>

// The console's text-only options (issue 18, item 6): `tapeloom --help` and `--version` print
// and exit 0 without any display (no DISPLAY, no WAYLAND_DISPLAY, no QT_QPA_PLATFORM), as on a
// server reached by ssh.
class TestConsoleOptions : public QObject {
    Q_OBJECT

    static QProcess* start(const QStringList& args) {
        auto* p = new QProcess;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* var : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(var);
        p->setProcessEnvironment(env);
        p->start(QStringLiteral(TAPELOOM_GUI), args);
        return p;
    }

private Q_SLOTS:
    void helpAndVersionNeedNoDisplay_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("--help") << QStringList{"--help"} << QStringLiteral("--home");
        QTest::newRow("-h") << QStringList{"-h"} << QStringLiteral("--screenshot");
        QTest::newRow("--version") << QStringList{"--version"} << QStringLiteral("tapeloom");
        QTest::newRow("--help after an option")
            << QStringList{"--home", "/nonexistent", "--help"} << QStringLiteral("--page");
    }
    void helpAndVersionNeedNoDisplay() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        std::unique_ptr<QProcess> p(start(args));
        QVERIFY(p->waitForFinished(60000));
        const QString out = QString::fromUtf8(p->readAllStandardOutput());
        QCOMPARE(p->exitStatus(), QProcess::NormalExit);
        QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
        QVERIFY2(out.contains(expected), qPrintable(out));
    }

    // Issue 42 item 10: --home '' (a script's empty variable) is refused with exit 2 before a
    // window or a data directory, not taken as the default data directory.
    void emptyHomeIsRefused() {
        QTemporaryDir d;
        const QString envHome = d.path() + "/env-home";
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("QT_QPA_PLATFORM", "offscreen");
        env.insert("TAPELOOM_AUTOSTART", "0");
        env.insert("TAPELOOM_HOME", envHome);
        env.insert("XDG_DATA_HOME", d.path() + "/xdg");
        env.insert("XDG_CONFIG_HOME", d.path() + "/config");
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(TAPELOOM_GUI),
                {"--home", "", "--screenshot", d.path() + "/w.png", "--screenshot-delay", "0.1"});
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 2, qPrintable(err));
        QVERIFY2(err.contains("--home is empty"), qPrintable(err));
        QVERIFY(!QFile::exists(envHome));
        QVERIFY(!QFile::exists(d.path() + "/w.png"));
    }
};

QTEST_GUILESS_MAIN(TestConsoleOptions)
#include "test_console_options.moc"
