#include <QtTest>

#include "cli_runner.h"

using tltest::run_cli;

// The newcomer path through tapeloom-cli: version, help, status on a fresh data directory,
// clear errors with documented exit codes.
class TestCliBasics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void version() {
        auto r = run_cli({"--version"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.text().startsWith("tapeloom-cli "));
    }
    void helpListsCommandsAndExitCodes() {
        auto r = run_cli({"--help"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.text().contains("status"));
        QVERIFY(r.text().contains("Exit codes"));
    }
    // A group's word (volume, files) names its commands instead of "unknown command".
    void groupsListTheirCommands() {
        struct Case {
            QStringList args;
            int exit_code;
            bool on_stdout;
            QStringList says;
        };
        const QList<Case> cases = {
            {{"volume", "--help"}, 0, true, {"volume label", "volume list"}},
            {{"files"}, 2, false, {"'files' needs one of its commands", "files ls", "files find"}},
            {{"files", "lst"}, 2, false, {"unknown command 'files lst'", "files ls"}},
            {{"bogus"}, 2, false, {"unknown command 'bogus'"}},
        };
        for (const auto& c : cases) {
            auto r = run_cli(c.args);
            QCOMPARE(r.exit_code, c.exit_code);
            const QByteArray& text = c.on_stdout ? r.out : r.err;
            for (const auto& s : c.says)
                QVERIFY2(text.contains(s.toUtf8()), text.constData());
        }
    }
    void statusJsonOnFreshHome() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/x";
        auto r = run_cli({"--home", home, "status", "--json"});
        QCOMPARE(r.exit_code, 0);
        const auto j = r.json().object();
        QCOMPARE(j.value("home").toString(), home);
        QVERIFY(!j.value("version").toString().isEmpty());
        QVERIFY(j.value("schema_version").toInt() >= 1);
        // On PostgreSQL the catalog is in the server, not beside the data directory.
        QCOMPARE(QFile::exists(home + "/catalog.db"), !tltest::catalog_on_postgres());
        QVERIFY(QFile::exists(home + "/logs/tapeloom.log"));
    }
    void unknownCommandIsUsageError() {
        auto r = run_cli({"frobnicate"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY(QString::fromUtf8(r.err).contains("unknown command 'frobnicate'"));
    }
    void unknownOptionNamesIt() {
        QTemporaryDir dir;
        auto r = run_cli({"--home", dir.path(), "status", "--colour"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY(QString::fromUtf8(r.err).contains("--colour"));
    }
    void foreignCatalogRefused() {
        TLTEST_SQLITE_ONLY("a foreign catalog.db file (test_catalog_pg has a foreign database)");
        QTemporaryDir dir;
        QFile f(dir.path() + "/catalog.db");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'z'));
        f.close();
        auto r = run_cli({"--home", dir.path(), "status", "--json"});
        QCOMPARE(r.exit_code, 9);
        QVERIFY(QString::fromUtf8(r.err).contains("catalog.db"));
        QCOMPARE(r.json().object().value("error").toObject().value("kind").toString(),
                 QStringLiteral("corrupt"));
        QCOMPARE(QFileInfo(dir.path() + "/catalog.db").size(), qint64(4096));
    }
    void badLogLevel() {
        auto r = run_cli({"--log-level", "loud", "status"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY(QString::fromUtf8(r.err).contains("loud"));
    }
};

TLTEST_CATALOG_MAIN(TestCliBasics)
#include "test_cli_basics.moc"
