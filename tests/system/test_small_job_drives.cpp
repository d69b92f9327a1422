// Issue 42, item 32: a small job stays on one drive. Two sources of a few bytes backed up with
// two drives: the first run has no history and uses both; the next run of the same sources,
// whose last backups came to 12 bytes, writes one cartridge from one drive.
#include <QtTest>

#include "cli_runner.h"
#include "test_catalog.h"

using tltest::run_cli;

namespace {
bool write_text(const QString& path, const QByteArray& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}
} // namespace

class TestSmallJobDrives : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aTinyJobUsesOneDrive() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        QStringList args = {
            "--home", home, "--json", "backup", "--drives", "2", "--sessions-per-drive", "1"};
        for (int s = 0; s < 2; ++s) {
            const QString src = dir.path() + QStringLiteral("/src%1").arg(s);
            QVERIFY(QDir().mkpath(src));
            QVERIFY(write_text(src + "/a.txt", "hello\n"));
            args << "--source" << src;
        }
        auto first = run_cli(args);
        QVERIFY2(first.exit_code == 0, first.err.constData());
        QCOMPARE(first.json().object().value("drives").toArray().size(), 2); // no history

        for (int s = 0; s < 2; ++s)
            QVERIFY(write_text(dir.path() + QStringLiteral("/src%1/a.txt").arg(s), "world!\n"));
        auto second = run_cli(args);
        QVERIFY2(second.exit_code == 0, second.err.constData());
        const auto report = second.json().object();
        QCOMPARE(report.value("drives").toArray().size(), 1);
        QCOMPARE(report.value("volumes").toArray().size(), 1);
        QCOMPARE(report.value("sessions").toArray().size(), 2); // both sources, one drive
    }
};

TLTEST_CATALOG_MAIN(TestSmallJobDrives)
#include "test_small_job_drives.moc"
