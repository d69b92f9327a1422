#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::CliResult;

// A job written to a second library, and clones into a new pool, through the real tapeloom-cli
// (issue 18, items 1 and 2): restore, verify, scan and clone find the library that holds the
// job's volumes without --library; a clone into a new auto-labeling pool labels a blank
// cartridge as a backup would, and a pool that does not auto-label is refused by the same rule.
class TestSecondLibrary : public QObject {
    Q_OBJECT

    static CliResult cli(const QString& home, QStringList args) {
        args.prepend(home);
        args.prepend("--home");
        return tltest::run_cli(args);
    }
    static QByteArray read(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static bool makeSource(const QString& src) {
        bool ok = true;
        ok &= tltest::write_file(src + "/a/one.bin", tltest::random_bytes(300000, 1));
        ok &= tltest::write_file(src + "/a/two.txt", "two\n");
        ok &= tltest::write_file(src + "/three.bin", tltest::random_bytes(70000, 3));
        return ok;
    }
    // Every regular file of `src` restored byte for byte under `to` (TARGET/original/path).
    static void compareFiles(const QString& src, const QString& to) {
        QDirIterator it(src, QDir::Files, QDirIterator::Subdirectories);
        int n = 0;
        while (it.hasNext()) {
            const QString p = it.next();
            QVERIFY2(read(to + p) == read(p), qPrintable("differs or missing: " + p));
            ++n;
        }
        QCOMPARE(n, 3);
    }
    static QStringList strings(const QJsonValue& v) {
        QStringList out;
        for (const auto& x : v.toArray())
            out << x.toString();
        return out;
    }

private Q_SLOTS:
    void jobOnTheSecondLibraryIsRestoredVerifiedScannedAndCloned() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(makeSource(src));
        QCOMPARE(cli(home, {"library", "add", "--virtual", "--name", "big", "--drives", "2",
                            "--slots", "6", "--mail", "1", "--capacity", "64M", "--prefix", "BIG"})
                     .exit_code,
                 0);
        auto b = cli(home, {"backup", "--library", "big", "--source", src, "--json"});
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QStringList vols = strings(b.json().object().value("volumes"));
        QVERIFY(!vols.isEmpty());
        QVERIFY(vols.first().startsWith("BIG"));

        const QString to = d.path() + "/restored";
        auto r = cli(home, {"restore", "--job", "1", "--to", to});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        compareFiles(src, to);
        auto plan = cli(home, {"restore", "--job", "1", "--to", to, "--dry-run", "--json"});
        QCOMPARE(plan.exit_code, 0);

        auto v = cli(home, {"verify", "--job", "1", "--json"});
        QVERIFY2(v.exit_code == 0, v.err.constData());
        QVERIFY(v.json().object().value("files_ok").toInt() >= 3);

        auto s = cli(home, {"scan", vols.first()});
        QVERIFY2(s.exit_code == 0, s.err.constData());

        QCOMPARE(cli(home, {"pool", "add", "Vault", "--purpose", "clone"}).exit_code, 0);
        auto c = cli(home, {"clone", "--job", "1", "--pool", "Vault", "--json"});
        QVERIFY2(c.exit_code == 0, c.err.constData());
        for (const auto& w : strings(c.json().object().value("volumes_written")))
            QVERIFY(w.startsWith("BIG"));

        // --library still chooses by hand: the default library holds none of them. Each refusal
        // says where they are and which --library reads them; verify and clone record no job and
        // move or write nothing (such a clone labeled and mounted a target before it failed).
        auto wrong = cli(home, {"restore", "--job", "1", "--to", to, "--library", "vlib0"});
        QCOMPARE(wrong.exit_code, 6);
        QVERIFY2(QString::fromUtf8(wrong.err).contains(vols.first() + " (in library big)"),
                 wrong.err.constData());
        QVERIFY2(wrong.err.contains("--library big"), wrong.err.constData());
        QCOMPARE(cli(home, {"pool", "add", "Vault2", "--purpose", "clone"}).exit_code, 0);
        auto state = [&] {
            return cli(home, {"jobs", "list", "--json"}).out +
                   cli(home, {"volume", "list", "--json"}).out;
        };
        const QByteArray before = state();
        for (const QStringList& args :
             {QStringList{"verify", "--job", "1", "--library", "vlib0"},
              QStringList{"clone", "--job", "1", "--pool", "Vault2", "--library", "vlib0"}}) {
            auto refused = cli(home, args);
            QCOMPARE(refused.exit_code, 6);
            QVERIFY2(QString::fromUtf8(refused.err).contains(vols.first() + " (in library big)"),
                     refused.err.constData());
            QVERIFY2(refused.err.contains("--library big"), refused.err.constData());
        }
        QCOMPARE(state(), before);

        // One barcode is one cartridge: the default library takes none that "big" holds.
        auto dup = cli(home, {"library", "insert", "--mail", "1", "--barcode", vols.first(),
                              "--library", "vlib0"});
        QVERIFY(dup.exit_code != 0);
        QVERIFY2(
            QString::fromUtf8(dup.err).contains("cartridge " + vols.first() + " is in library big"),
            dup.err.constData());
        QCOMPARE(state(), before);
        auto empty =
            cli(home, {"library", "remove-cartridge", "--mail", "1", "--library", "vlib0"});
        QVERIFY(empty.exit_code != 0);
        QVERIFY2(QString::fromUtf8(empty.err).contains("mail slot 1 (--slot"),
                 empty.err.constData());
    }

    void cloneLabelsABlankCartridgeOfAnAutoLabelingPool() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(makeSource(src));
        auto b = cli(home, {"backup", "--source", src, "--json"});
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const QStringList originals = strings(b.json().object().value("volumes"));

        // Not auto-labeling: refused before anything is written, by the backup's rule.
        QCOMPARE(cli(home, {"pool", "add", "Manual", "--auto-label", "no"}).exit_code, 0);
        auto no = cli(home, {"clone", "--job", "1", "--pool", "Manual"});
        QCOMPARE(no.exit_code, 5);
        QVERIFY(no.err.contains("Manual"));

        QCOMPARE(cli(home, {"pool", "add", "Offsite", "--auto-label", "yes"}).exit_code, 0);
        auto c = cli(home, {"clone", "--job", "1", "--pool", "Offsite", "--json"});
        QVERIFY2(c.exit_code == 0, c.err.constData());
        const QStringList copies = strings(c.json().object().value("volumes_written"));
        QVERIFY(!copies.isEmpty());
        for (const auto& v : copies)
            QVERIFY(!originals.contains(v));
        const auto listed = cli(home, {"volume", "list", "--pool", "Offsite", "--json"});
        QCOMPARE(listed.json().array().size(), copies.size());

        // The copy restores the same bytes once the original is out of use.
        for (const auto& v : originals)
            QCOMPARE(cli(home, {"volume", "mark", v, "error", "--reason", "test"}).exit_code, 0);
        const QString to = d.path() + "/from-copy";
        auto r = cli(home, {"restore", "--job", "1", "--to", to});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        compareFiles(src, to);
    }
};

TLTEST_CATALOG_MAIN(TestSecondLibrary)
#include "test_second_library.moc"
