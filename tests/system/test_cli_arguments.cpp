#include <QtTest>

#include "catalog/db.h"
#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::CliResult;

// What a new administrator typed (issue 18) through the real tapeloom-cli: bad arguments are
// refused with the documented exit codes before anything is written, an error is said once on
// the terminal (the log file keeps its line), `restore --path` takes the path as it was backed
// up, an empty restore target is refused, a foreign catalog file is left exactly as it was.
class TestCliArguments : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString home_, src_;

    CliResult cli(QStringList args) const {
        args.prepend(home_);
        args.prepend("--home");
        return tltest::run_cli(args);
    }
    static QByteArray read(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    // Every regular file under `root`, by path relative to it.
    static QMap<QString, QByteArray> files_under(const QString& root) {
        QMap<QString, QByteArray> out;
        QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString p = it.next();
            out.insert(p.mid(root.size() + 1), read(p));
        }
        return out;
    }

private Q_SLOTS:
    // One backup (job 1) of a small tree the tests restore from.
    void initTestCase() {
        QVERIFY(dir_.isValid());
        home_ = dir_.path() + "/home";
        src_ = dir_.path() + "/src";
        QVERIFY(tltest::write_file(src_ + "/docs/report.txt", "quarterly figures\n"));
        QVERIFY(tltest::write_file(src_ + "/docs/notes.md", "notes\n"));
        QVERIFY(tltest::write_file(src_ + "/data/table.csv", tltest::random_bytes(40000, 3)));
        QVERIFY(tltest::write_file(src_ + "/top.txt", "top\n"));
        auto b = cli({"backup", "--source", src_, "--json"});
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QCOMPARE(b.json().object().value("job_id").toInt(), 1);
    }

    // Item 3: --path as files ls and the restore's target show it (absolute, starting with the
    // source) selects the same files as the path relative to the source.
    void restorePathTakesTheOriginalAbsolutePath() {
        const QString abs = src_ + "/docs/report.txt";
        for (const QString& path : {abs, QStringLiteral("docs/report.txt")}) {
            const QString to = dir_.path() + "/path-" + QString::number(qHash(path));
            auto r = cli({"restore", "--job", "1", "--to", to, "--path", path, "--json"});
            QVERIFY2(r.exit_code == 0, r.err.constData());
            const auto got = files_under(to);
            QCOMPARE(got.keys(), QStringList{(to + abs).mid(to.size() + 1)});
            QCOMPARE(got.first(), read(abs));
        }
        // A directory and a glob, written absolute.
        const QString to = dir_.path() + "/path-dir";
        auto r = cli({"restore", "--job", "1", "--to", to, "--path", src_ + "/docs/", "--path",
                      src_ + "/data/*.csv", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(files_under(to).size(), 3);
        QCOMPARE(read(to + src_ + "/data/table.csv"), read(src_ + "/data/table.csv"));
        // files ls takes the directory the same two ways.
        for (const QString& d : {src_ + "/docs", QStringLiteral("docs")}) {
            auto ls = cli({"files", "ls", "--job", "1", d, "--json"});
            QVERIFY2(ls.exit_code == 0, ls.err.constData());
            QCOMPARE(ls.json().array().size(), 2);
        }
        // --path is the restore's: files ls and find refuse it instead of listing the top.
        for (const QStringList& args :
             {QStringList{"files", "ls", "--job", "1", "--path", "docs"},
              QStringList{"files", "find", "report", "--job", "1", "--path", "docs"}}) {
            auto refused = cli(args);
            QCOMPARE(refused.exit_code, 2);
            QVERIFY2(refused.err.contains("has no option --path"), refused.err.constData());
        }
        auto none = cli({"files", "ls", "docs"});
        QCOMPARE(none.exit_code, 2);
        QVERIFY2(none.err.contains("choose a backup: --job ID"), none.err.constData());
    }

    // files find (issue 19): the entries whose name matches, by path, from the same search as
    // the console's; a glob is case-sensitive, a part of a name is not (ASCII).
    void filesFindMatchesNames() {
        const auto paths = [&](const QString& pattern) {
            auto r = cli({"files", "find", pattern, "--job", "1", "--json"});
            QStringList out;
            if (r.exit_code != 0) return QStringList{"exit " + QString::number(r.exit_code)};
            for (const auto& e : r.json().array())
                out << e.toObject().value("path").toString();
            return out;
        };
        QCOMPARE(paths("*.txt"),
                 QStringList({"top.txt", "docs/report.txt"})); // directory, then name
        QCOMPARE(paths("*.TXT"), QStringList());
        QCOMPARE(paths("REPORT"), QStringList({"docs/report.txt"}));
        QCOMPARE(paths("t?p.*"), QStringList({"top.txt"}));
        QCOMPARE(cli({"files", "find", "--job", "1"}).exit_code, 2); // no PATTERN
    }

    // Item 4: the terminal gets the error once; the log file has it.
    void errorIsPrintedOnce() {
        for (const QStringList& args :
             {QStringList{"jobs", "show", "4242"}, QStringList{"verify", "--job", "4242"}}) {
            auto r = cli(args);
            QCOMPARE(r.exit_code, 3);
            QCOMPARE(r.err.count("4242"), 1);
            QVERIFY(r.err.startsWith("tapeloom-cli: error: "));
        }
        QVERIFY(read(home_ + "/logs/tapeloom.log").contains("4242"));
    }

    // Item 24: no in-place restore by accident.
    void emptyRestoreTargetIsRefused() {
        const QString victim = src_ + "/top.txt";
        QVERIFY(QFile::remove(victim));
        for (const QStringList& to : {QStringList{"--to", ""}, QStringList{}}) {
            auto r = cli(QStringList{"restore", "--job", "1"} + to);
            QCOMPARE(r.exit_code, 2);
            QVERIFY(r.err.contains("--to /"));
            QVERIFY(!QFile::exists(victim)); // nothing was restored in place
        }
        // In place on purpose: the missing file comes back, the others are left alone.
        auto r = cli({"restore", "--job", "1", "--to", "/", "--path", "top.txt"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(read(victim), QByteArray("top\n"));
    }

    // Issue 42 item 10: an empty --home (a script's empty variable) is refused, not the
    // default data directory; an empty $TAPELOOM_HOME counts as unset (docs/cli.md).
    void emptyHomeIsRefused() {
        QTemporaryDir d;
        const QString envHome = d.path() + "/env-home", xdg = d.path() + "/xdg";
        const auto run = [&](const QStringList& args, const QString& tapeloomHome) {
            QProcess p;
            QProcessEnvironment env = tltest::cli_environment(envHome);
            env.insert("TAPELOOM_HOME", tapeloomHome);
            env.insert("XDG_DATA_HOME", xdg);
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(TAPELOOM_CLI), args);
            p.waitForFinished(60000);
            return std::make_pair(p.exitCode(), QString::fromUtf8(p.readAllStandardError()));
        };
        for (const QStringList& args :
             {QStringList{"--home", "", "status"}, QStringList{"--home=", "status"},
              QStringList{"status", "--home", ""}}) {
            const auto [code, err] = run(args, envHome);
            QVERIFY2(code == 2, qPrintable(args.join(' ') + ": " + err));
            QVERIFY2(err.contains("--home is empty"), qPrintable(err));
            QVERIFY(!QFile::exists(envHome)); // no data directory was made or used
        }
        const auto [code, err] = run({"status"}, QString());
        QVERIFY2(code == 0, qPrintable(err));
        QVERIFY(QFileInfo::exists(xdg + "/tapeloom/logs")); // the empty variable counts as unset
    }

    // Item 25: refused with exit 2 before anything happens; missing things exit 3.
    void badArgumentsAreRefused() {
        const QString to = dir_.path() + "/never";
        const QString huge = QStringLiteral("99999999999999999999"); // beyond 64 bits
        const QList<QPair<QStringList, int>> cases = {
            {{"volume", "label", "--barcode", "TLO024L9", "--pool", "Default", "--block-size", "3"},
             2},
            {{"volume", "label", "--barcode", "", "--pool", "Default"}, 2},
            {{"backup", "--source", src_, "--drives", "0"}, 2},
            {{"backup", "--source", src_, "--checkpoint", "0"}, 2},
            {{"restore", "--job", "1", "--to", to, "--drives", "0"}, 2},
            {{"restore", "--job", "1", "--to", to, "--drives", "-3"}, 2},
            {{"jobs", "list", "--status", "bogus"}, 2},
            {{"jobs", "show", huge}, 2},
            {{"restore", "--job", huge, "--to", to}, 2},
            {{"verify", "--job", huge}, 2},
            {{"clone", "--job", huge, "--pool", "Scratch"}, 2},
            {{"files", "ls", "--job", "1", "/no/such/dir"}, 3},
            {{"files", "ls", "--job", "1", "docs/report.txt"}, 3}, // a file is no directory
            {{"scan", "NOSUCH"}, 6},
        };
        for (const auto& [args, code] : cases) {
            auto r = cli(args);
            QVERIFY2(r.exit_code == code,
                     qPrintable(args.join(' ') + " exited " + QString::number(r.exit_code) + ": " +
                                QString::fromUtf8(r.err)));
        }
        QVERIFY(!QFile::exists(to));
        // Nothing was labeled, no job was added.
        auto vols = cli({"volume", "list", "--json"});
        for (const auto& v : vols.json().array())
            QVERIFY(v.toObject().value("barcode").toString() != "TLO024L9" ||
                    v.toObject().value("state").toString() == "blank");
        QCOMPARE(cli({"jobs", "list", "--json"}).json().array().size(),
                 cli({"jobs", "list", "--status", "completed", "--json"}).json().array().size());
    }

    void missingDeviceNodeIsNotFound() {
        if (QFile::exists("/dev/nst9")) QSKIP("this machine has a /dev/nst9");
        auto r = cli({"drive", "add", "--st", "/dev/nst9"});
        QCOMPARE(r.exit_code, 3);
        QVERIFY(r.err.contains("/dev/nst9"));
        auto list = cli({"drive", "status", "--json"});
        QVERIFY(!list.out.contains("nst9")); // not configured
    }

    // Item 26: a foreign SQLite file is refused without a byte of it changing (no WAL switch).
    void foreignCatalogIsNeverWritten() {
        TLTEST_SQLITE_ONLY("a foreign catalog.db file (test_catalog_pg has a foreign database)");
        QTemporaryDir d;
        const QString path = d.path() + "/catalog.db";
        {
            auto db = tl::catalog::Db::open(path.toStdString());
            QVERIFY(db.ok());
            QVERIFY(db->exec("PRAGMA journal_mode=DELETE; CREATE TABLE songs(title TEXT); "
                             "INSERT INTO songs VALUES('tape loop')")
                        .ok());
        }
        const QByteArray before = read(path);
        QVERIFY(!before.isEmpty());
        auto r = tltest::run_cli({"--home", d.path(), "status"});
        QCOMPARE(r.exit_code, 9);
        QVERIFY(r.err.contains("not a Tapeloom catalog"));
        QCOMPARE(read(path), before);
        QVERIFY(!QFile::exists(path + "-wal"));
    }

    // Item 8: the documented --null exists and the docs no longer say otherwise.
    void benchNullIsAvailable() {
        auto help = tltest::run_cli({"bench", "backup", "--help"});
        QVERIFY(help.out.contains("--null"));
        for (const char* doc : {"/docs/benchmarks.md", "/docs/cli.md"}) {
            const QString text =
                QString::fromUtf8(read(QStringLiteral(TAPELOOM_SOURCE_DIR) + doc)).simplified();
            QVERIFY(!text.isEmpty());
            QVERIFY2(!text.contains(QRegularExpression("--null`[^.]*not available")), doc);
        }
        QTemporaryDir scratch;
        auto r = tltest::run_cli({"bench", "backup", "--null", "--size", "4M", "--files", "2",
                                  "--drives", "1", "--sessions-per-drive", "2", "--scratch",
                                  scratch.path(), "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
    }
};

TLTEST_CATALOG_MAIN(TestCliArguments)
#include "test_cli_arguments.moc"
