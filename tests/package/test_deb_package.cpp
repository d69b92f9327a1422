#include <QtTest>

// The Debian package (README "Install", cmake/Packaging.cmake): cpack builds it from this build
// tree's programs; dpkg-deb shows the programs, man pages, systemd unit, monitoring files and
// the postinst that makes the tapeloom user; lintian finds no error in it; the packed program
// runs.
class TestDebPackage : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString deb_;

    struct Run {
        int code = -1;
        QString out;
    };
    static Run run(const QString& program, const QStringList& args) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(program, args);
        if (!p.waitForFinished(240000)) return {};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAll())};
    }

private Q_SLOTS:
    void initTestCase() {
        if (QStandardPaths::findExecutable("dpkg-deb").isEmpty())
            QSKIP("dpkg-deb is missing: this is no Debian system");
        auto packed =
            run("cpack", {"--config", QStringLiteral(TAPELOOM_BUILD_DIR) + "/CPackConfig.cmake",
                          "-G", "DEB", "-B", dir_.path()});
        QVERIFY2(packed.code == 0, qPrintable(packed.out));
        const auto debs = QDir(dir_.path()).entryList({"tapeloom_*.deb"}, QDir::Files);
        QCOMPARE(debs.size(), 1);
        deb_ = dir_.path() + "/" + debs.front();
    }

    void holdsProgramsManPagesUnitAndMonitoring() {
        auto contents = run("dpkg-deb", {"-c", deb_});
        QCOMPARE(contents.code, 0);
        QStringList expected = {"./usr/bin/tapeloom-cli",
                                "./usr/share/man/man1/tapeloom-cli.1.gz",
                                "./usr/lib/systemd/system/tapeloom.service",
                                "./usr/share/tapeloom/alerts.yml",
                                "./usr/share/tapeloom/grafana-dashboard.json",
                                "./usr/share/doc/tapeloom/copyright",
                                "./usr/share/doc/tapeloom/changelog.gz"};
#ifdef TAPELOOM_PACKAGE_HAS_GUI
        expected << "./usr/bin/tapeloom"
                 << "./usr/share/man/man1/tapeloom.1.gz";
#endif
#ifdef TAPELOOM_PACKAGE_HAS_AGENT
        expected << "./usr/bin/tapeloom-agent"
                 << "./usr/share/man/man1/tapeloom-agent.1.gz";
#endif
        for (const auto& path : expected)
            QVERIFY2(contents.out.contains(" " + path + "\n"), qPrintable(path));
    }

    void controlMakesTheServiceUser() {
        auto info = run("dpkg-deb", {"-I", deb_});
        QCOMPARE(info.code, 0);
        QVERIFY2(info.out.contains("Package: tapeloom\n"), qPrintable(info.out));
        QVERIFY2(info.out.contains(QRegularExpression("Depends: .*adduser")), qPrintable(info.out));
        QVERIFY2(info.out.contains("postinst"), qPrintable(info.out));
        auto postinst = run("dpkg-deb", {"-I", deb_, "postinst"});
        QCOMPARE(postinst.code, 0);
        QVERIFY2(postinst.out.contains("adduser --system --group --home /var/lib/tapeloom"),
                 qPrintable(postinst.out));
        QVERIFY2(postinst.out.contains("chmod 0700 /var/lib/tapeloom"), qPrintable(postinst.out));
    }

    void packedProgramRunsAsTheUnitSays() {
        const QString root = dir_.path() + "/root";
        QCOMPARE(run("dpkg-deb", {"-x", deb_, root}).code, 0);
        auto version = run(root + "/usr/bin/tapeloom-cli", {"--version"});
        QVERIFY2(version.code == 0, qPrintable(version.out));
        QFile unit(root + "/usr/lib/systemd/system/tapeloom.service");
        QVERIFY(unit.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(unit.readAll());
        QVERIFY(text.contains("\nUser=tapeloom\n"));
        QVERIFY(text.contains(
            "\nExecStart=/usr/bin/tapeloom-cli --home /var/lib/tapeloom service start "
            "--foreground\n"));
    }

    void lintianReportsNoError() {
        const QString lintian = QStandardPaths::findExecutable("lintian");
        QVERIFY2(!lintian.isEmpty(), "lintian is missing: scripts/setup.sh installs it");
        auto report = run(lintian, {"--tag-display-limit", "0", deb_});
        const auto errors = report.out.split('\n').filter(QRegularExpression("^E: "));
        QVERIFY2(errors.isEmpty(), qPrintable(report.out));
        QVERIFY2(report.code == 0, qPrintable(report.out));
    }
};

QTEST_GUILESS_MAIN(TestDebPackage)
#include "test_deb_package.moc"
