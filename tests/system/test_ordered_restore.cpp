// A restore ordered by position through the real CLI (issue 39, docs/jobs.md "Restores ordered
// by position"): three sources multiplexed into one session on small cartridges of a modelled
// LTO-9 library (time scale 100, rate scale 0.01), so every save set is scattered over the same
// three or more volumes; every other file of each (about 1,000) is restored. Each volume is read
// in one pass, the files come back as they were, and the model's plan and the drives' actual
// time agree within 10%.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "cli_runner.h"
#include "fixture_tree.h"

namespace {
constexpr int kSources = 3, kFilesPerSource = 670;

QString file_name(int i) {
    return QString("f%1.bin").arg(i, 4, 10, QChar('0'));
}
} // namespace

class TestOrderedRestore : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString home() const { return dir_.path() + "/home"; }
    QString source(int s) const { return dir_.path() + QString("/src%1").arg(s); }
    tltest::CliResult cli(QStringList args, int timeout_ms = 120000) {
        args.prepend(home());
        args.prepend(QStringLiteral("--home"));
        return tltest::run_cli(args, timeout_ms);
    }

private slots:
    void scatteredRestoreReadsEachVolumeOnce() {
        for (int s = 0; s < kSources; ++s)
            for (int i = 0; i < kFilesPerSource; ++i)
                QVERIFY(tltest::write_file(source(s) + "/" + file_name(i),
                                           tltest::random_bytes(5 * 1024, s * 10000 + i)));
        auto add =
            cli({"library", "add",          "--virtual", "--name",       "m",    "--model",
                 "lto9",    "--time-scale", "100",       "--rate-scale", "0.01", "--drives",
                 "2",       "--slots",      "8",         "--mail",       "0",    "--capacity",
                 "6M",      "--prefix",     "ORD"});
        QVERIFY2(add.exit_code == 0, add.err.constData());
        auto b =
            cli({"backup", "--library", "m", "--drives", "1", "--sessions-per-drive", "3",
                 "--source", source(0), "--source", source(1), "--source", source(2), "--json"});
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const auto volumes = b.json().object()["volumes"].toArray();
        QVERIFY2(volumes.size() >= 3, "the save sets should span three volumes");
        const QString job = QString::number(b.json().object()["job_id"].toInteger());
        // The plan assumes the volumes in slots: put back what the backup left in the drive.
        for (const char* d : {"0", "1"})
            cli({"library", "unload", "--library", "m", "--drive", d});
        const QStringList what = {
            "restore", "--job", job, "--path", "*[02468].bin", "--to", dir_.path() + "/out",
            "--json"};
        auto plan = cli(what + QStringList{"--dry-run"});
        QVERIFY2(plan.exit_code == 0, plan.err.constData());
        const auto p = plan.json().object();
        QCOMPARE(p["drive_model"].toString(), QStringLiteral("lto9"));
        QCOMPARE(p["volumes"].toArray().size(), volumes.size());
        for (const auto& v : p["volumes"].toArray())
            QCOMPARE(v.toObject()["passes"].toInt(), 1);

        auto r = cli(what);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto rep = r.json().object();
        QCOMPARE(rep["restored"].toInt(), kSources * kFilesPerSource / 2);
        QCOMPARE(rep["read_order"].toString(), QStringLiteral("position"));
        const auto reads = rep["volume_reads"].toArray();
        QCOMPARE(reads.size(), volumes.size());
        for (const auto& x : reads) {
            const auto v = x.toObject();
            QVERIFY2(v["passes"].toInt() == 1, qPrintable(v["barcode"].toString()));
            QVERIFY(v["locates"].toInt() >= 1);
        }
        const double planned = rep["planned_s"].toDouble(), actual = rep["actual_s"].toDouble();
        QVERIFY(planned > 0);
        QVERIFY2(std::abs(actual - planned) <= 0.1 * planned,
                 qPrintable(QString("planned %1 s, actual %2 s").arg(planned).arg(actual)));
        for (int s = 0; s < kSources; ++s)
            for (int i : {0, 2, kFilesPerSource / 2 * 2 - 2}) {
                QFile f(dir_.path() + "/out" + source(s) + "/" + file_name(i));
                QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
                QCOMPARE(f.readAll(), tltest::random_bytes(5 * 1024, s * 10000 + i));
            }
        QVERIFY(!QFile::exists(dir_.path() + "/out" + source(0) + "/" + file_name(1)));
    }
};

QTEST_GUILESS_MAIN(TestOrderedRestore)
#include "test_ordered_restore.moc"
