#include <QtTest>

#include "cli_runner.h"
#include "crafted_volume.h"

using namespace tl;
using tltest::run_cli;

// A hostile cartridge: a well-formed Tapeloom volume whose objects are named to escape the
// restore target ("../", absolute paths, a symlink then a file "through" it). It is scanned
// into the catalog and restored with the real CLI: nothing may land outside the target, and
// every refused entry is reported.
class TestCraftedVolume : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void hostileNamesStayInsideTheTarget() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", target = d.path() + "/target",
                      outside = d.path() + "/outside";
        QVERIFY(QDir().mkpath(outside));
        QVERIFY(tltest::write_crafted_volume(home, "/srv/data", outside.toStdString()));
        // The forged session has no trailer: scan rebuilds its job as incomplete (exit 7).
        auto scan = run_cli({"--home", home, "scan", "TLO005L9", "--json"});
        QVERIFY2(scan.exit_code == 7, scan.out.constData());
        QCOMPARE(scan.json().object().value("incomplete").toArray().size(), 1);
        QCOMPARE(scan.json().object().value("files_added").toInt(), 6);
        auto r = run_cli({"--home", home, "restore", "--job", "1", "--to", target, "--json"});
        QCOMPARE(r.exit_code, 7); // partial: the hostile entries failed
        tltest::check_crafted_restore(target, outside, r.json().object());
    }
};

TLTEST_CATALOG_MAIN(TestCraftedVolume)
#include "test_crafted_volume.moc"
