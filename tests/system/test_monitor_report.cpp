// `monitor` and `report` through the real CLI: a backup publishes its live figures (read by
// `monitor` without the data directory's lock) and keeps its series, which `report` prints,
// exports as CSV whose per-drive area is the bytes the drive wrote, and draws as PNG.
#include <QtTest>

#include <random>

#include "cli_runner.h"

using tltest::run_cli;

namespace {
bool write_random(const QString& path, int bytes, unsigned seed) {
    std::mt19937 g(seed);
    QByteArray b(bytes, '\0');
    for (auto& c : b)
        c = static_cast<char>(g());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(b) == b.size();
}
} // namespace

class TestMonitorReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void backupThenMonitorAndReport() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        QStringList args = {"--home",
                            home,
                            "--json",
                            "backup",
                            "--drives",
                            "2",
                            "--sessions-per-drive",
                            "1",
                            "--poll-interval",
                            "50ms"};
        for (int s = 0; s < 2; ++s) {
            const QString src = dir.path() + QStringLiteral("/src%1").arg(s);
            QVERIFY(QDir().mkpath(src));
            for (int f = 0; f < 6; ++f)
                QVERIFY(write_random(src + QStringLiteral("/f%1").arg(f), 4 << 20, 10 * s + f));
            args << "--source" << src;
        }
        auto b = run_cli(args);
        QCOMPARE(b.exit_code, 0);
        const int job = b.json().object().value("job_id").toInt();
        QVERIFY(job > 0);

        // monitor: the finished job's last snapshot, as another process sees it.
        auto m =
            run_cli({"--home", home, "--json", "monitor", "--interval", "100ms", "--count", "1"});
        QCOMPARE(m.exit_code, 0);
        const auto line = QJsonDocument::fromJson(m.out.split('\n').first()).object();
        const auto jobs = line.value("jobs").toArray();
        QCOMPARE(jobs.size(), 1);
        const auto live = jobs.first().toObject();
        QCOMPARE(live.value("job_id").toInt(), job);
        QVERIFY(live.value("ended").toBool());
        QCOMPARE(live.value("status").toString(), QStringLiteral("completed"));
        QCOMPARE(live.value("drives").toArray().size(), 2);
        QCOMPARE(live.value("sessions").toArray().size(), 2);
        // Both sources are on the same filesystem: one device, with all the bytes read.
        const auto devices = live.value("devices").toArray();
        QCOMPARE(devices.size(), 1);
        QCOMPARE(devices.first().toObject().value("bytes").toInteger(), qint64(2 * 6 * (4 << 20)));
        QVERIFY(!line.value("cpu_busy").toArray().isEmpty());
        auto text = run_cli({"--home", home, "monitor", "--interval", "100ms", "--count", "1"});
        QCOMPARE(text.exit_code, 0);
        QVERIFY(text.text().contains(QStringLiteral("job %1").arg(job)));
        QVERIFY(text.text().contains("SHOE-SHINE"));
        QCOMPARE(run_cli({"--home", home, "monitor", "--interval", "1ms"}).exit_code, 2);

        // report: figures, series summary, CSV.
        const QString csv = dir.path() + "/series.csv";
        auto r = run_cli({"--home", home, "report", "--job", QString::number(job), "--csv", csv});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.text().contains("Series:"));
        QVERIFY(r.text().contains("drive:"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto rows = f.readAll().trimmed().split('\n');
        QVERIFY(rows.size() >= 2);
        const auto header = rows.first().split(',');
        QCOMPARE(header.first(), QByteArray("time_s"));
        int d0 = -1;
        for (int i = 0; i < header.size(); ++i)
            if (header[i].startsWith("drive:")) {
                d0 = i;
                break;
            }
        QVERIFY(d0 > 0);
        // The area under drive 0's rate is the bytes it wrote (the report's figure), within one
        // sample interval (the last partial interval is not a sample).
        double area = 0, prev = 0, peak = 0, widest = 0;
        for (int i = 1; i < rows.size(); ++i) {
            const auto cells = rows[i].split(',');
            const double t = cells[0].toDouble(), v = cells[d0].toDouble();
            area += v * (t - prev);
            widest = std::max(widest, t - prev);
            peak = std::max(peak, v);
            prev = t;
        }
        auto j = run_cli({"--home", home, "--json", "report", "--job", QString::number(job)});
        QCOMPARE(j.exit_code, 0);
        const auto drives = j.json().object().value("report").toObject().value("drives").toArray();
        QCOMPARE(drives.size(), 2);
        const double bytes = drives.first().toObject().value("bytes").toDouble();
        QVERIFY(bytes > 10e6);
        QVERIFY2(std::abs(area - bytes) <= peak * widest + 1e-3 * bytes,
                 qPrintable(QStringLiteral("area %1 bytes %2").arg(area).arg(bytes)));

        QCOMPARE(run_cli({"--home", home, "report", "--job", "999"}).exit_code, 3);
        QCOMPARE(run_cli({"--home", home, "report"}).exit_code, 2);
    }

    void reportPngIsDrawnByTheConsole() {
        const QString console =
            QFileInfo(QStringLiteral(TAPELOOM_CLI)).absolutePath() + "/tapeloom";
        if (!QFileInfo::exists(console)) QSKIP("built without the GUI");
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        const QString src = dir.path() + "/src";
        QVERIFY(QDir().mkpath(src));
        QVERIFY(write_random(src + "/a", 8 << 20, 7));
        QCOMPARE(run_cli({"--home", home, "backup", "--source", src, "--poll-interval", "20ms"})
                     .exit_code,
                 0);
        const QString png = dir.path() + "/job.png";
        auto r = run_cli({"--home", home, "report", "--job", "1", "--png", png});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(QFileInfo(png).size() > 1000);
        QCOMPARE(QFile(png).open(QIODevice::ReadOnly), true);
    }
};

TLTEST_CATALOG_MAIN(TestMonitorReport)
#include "test_monitor_report.moc"
