// Smoke tests of the issue-10 bench commands and `plan` through the real tapeloom-cli, with
// tiny sizes: each --json table has its keys, one row per requested level, and figures that
// agree with each other and with the model. Never speeds: the machine may be busy.
#include <QtTest>

#include <cmath>
#include <random>

#include "cli_runner.h"

using tltest::run_cli;

namespace {

bool write_file(const QString& path, const QByteArray& data) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

QByteArray random_bytes(int n, unsigned seed) {
    std::mt19937 g(seed);
    QByteArray b(n, '\0');
    for (auto& c : b)
        c = static_cast<char>(g());
    return b;
}

QJsonArray levels_of(const tltest::CliResult& r) {
    return r.json().object().value("levels").toArray();
}

} // namespace

class TestBenchCommands : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString data_; // 2 random files of 3 MiB and a compressible text file

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        data_ = dir_.path() + "/data";
        QVERIFY(QDir().mkpath(data_));
        QVERIFY(write_file(data_ + "/a.bin", random_bytes(3 << 20, 1)));
        QVERIFY(write_file(data_ + "/b.bin", random_bytes(3 << 20, 2)));
        QByteArray text;
        for (int i = 0; text.size() < (1 << 20); ++i)
            text += "line " + QByteArray::number(i % 977) + " of a compressible log file\n";
        QVERIFY(write_file(data_ + "/c.txt", text));
    }

    void planReproducesTheNotes() {
        auto r = run_cli({"plan", "--source-rate", "4.5M", "--sessions", "4", "--drive-rate", "11M",
                          "--drives", "1", "--buffer", "8M", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto o = r.json().object();
        QCOMPARE(o.value("drives").toArray().size(), 1);
        QCOMPARE(o.value("total_sustained_mb_s").toDouble(), 11.0);
        QCOMPARE(o.value("backhitches_per_hour").toInt(), 0);
        QCOMPARE(o.value("restore_penalty").toDouble(), 4.0);
        auto one = run_cli({"plan", "--source-rate", "4.5M", "--sessions", "1", "--drive-rate",
                            "11M", "--drives", "1", "--buffer", "8M", "--json"});
        QVERIFY2(one.exit_code == 0, one.err.constData());
        const double eff = one.json().object().value("total_sustained_mb_s").toDouble();
        QVERIFY2(eff > 2.0 && eff < 2.5, qPrintable(QString::number(eff)));
        QVERIFY(run_cli({"plan", "--sessions", "4"}).exit_code == 2); // usage: rates missing
    }

    void benchMultiplexWithTheLto9Model() {
        // LTO-9 scaled to 6 MB/s (lowest step 2.66 MB/s, its 1 GB buffer as 15 MB) with
        // --buffer 4M, one 4 MB/s source per drive: above the lowest step the drive matches its
        // speed, so no shoe-shine, which the planner predicts with the same steps.
        auto r = run_cli({"bench",
                          "multiplex",
                          "--model",
                          "lto9",
                          "--time-scale",
                          "100",
                          "--drives",
                          "1",
                          "--sessions-per-drive",
                          "1",
                          "--source-rate",
                          "4M",
                          "--drive-rate",
                          "6M",
                          "--buffer",
                          "4M",
                          "--size",
                          "12M",
                          "--scratch",
                          dir_.path(),
                          "--json"},
                         60000);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto levels = levels_of(r);
        QCOMPARE(levels.size(), 1);
        const auto l = levels[0].toObject();
        QCOMPARE(l.value("predicted_backhitches_per_hour").toInt(), 0);
        QCOMPARE(l.value("shoeshine_per_drive").toArray()[0].toInt(), 0);
    }

    void planWithADriveModel() {
        // --model lto9 takes the type's rate, buffer, backhitch and speed steps: 360 MB/s
        // offered streams; an unknown model is named.
        auto r = run_cli({"plan", "--model", "lto9", "--source-rate", "90M", "--sessions", "4",
                          "--drives", "1", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto o = r.json().object();
        QCOMPARE(o.value("total_sustained_mb_s").toDouble(), 360.0);
        QCOMPARE(o.value("backhitches_per_hour").toInt(), 0);
        QCOMPARE(o.value("input").toObject().value("drive_model").toString(), QString("lto9"));
        auto bad = run_cli({"plan", "--model", "dlt7", "--source-rate", "90M", "--sessions", "4",
                            "--drives", "1"});
        QCOMPARE(bad.exit_code, 3);
        QVERIFY(bad.err.contains("lto9"));
    }

    void benchSourceWritesExactlyItsSize() {
        auto r = run_cli({"bench-source", "--size", "100000", "--rate", "10M"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(r.out.size(), 100000);
    }

    void readHasOneRowPerLevel() {
        auto r = run_cli({"bench", "read", data_, "--concurrency", "1,2,3", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto o = r.json().object();
        QVERIFY(o.value("page_cache_warmed").toBool());
        const qint64 bytes = o.value("bytes").toInteger();
        QVERIFY(bytes > 6 << 20);
        const auto levels = levels_of(r);
        QCOMPARE(levels.size(), 3);
        for (int i = 0; i < 3; ++i) {
            const auto l = levels[i].toObject();
            QCOMPARE(l.value("concurrency").toInt(), i + 1);
            QCOMPARE(l.value("bytes").toInteger(), bytes); // every level reads everything
            QVERIFY(l.value("mb_s").toDouble() > 0);
            QVERIFY(l.value("cpu_s_per_gib").toDouble() >= 0);
        }
    }

    void blocksizeRatiosAreRelativeToTheSmallest() {
        auto r = run_cli({"bench", "blocksize", "--sizes", "256K,64K", "--size", "4M", "--repeat",
                          "1", "--scratch", dir_.path(), "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto levels = levels_of(r);
        QCOMPARE(levels.size(), 2);
        QCOMPARE(levels[0].toObject().value("block_size").toInt(), 256 << 10);
        QCOMPARE(levels[1].toObject().value("block_size").toInt(), 64 << 10);
        QCOMPARE(levels[1].toObject().value("cpu_ratio_to_smallest").toDouble(), 1.0);
        for (const auto& v : levels) {
            const auto l = v.toObject();
            QCOMPARE(l.value("job_status").toString(), QStringLiteral("completed"));
            QCOMPARE(l.value("bytes").toInteger(), qint64{4 << 20});
            QVERIFY(l.value("tape_bytes").toInteger() >= l.value("bytes").toInteger());
            QVERIFY(l.value("mb_s").toDouble() > 0);
            QVERIFY(l.value("cpu_s_per_gib").toDouble() > 0);
        }
        // Only the data directories' leftovers would show here: the bench removes its own.
        QCOMPARE(QDir(dir_.path()).entryList({"tapeloom-bench-*"}, QDir::Dirs).size(), 0);
    }

    // bench backup states how close to the machine it is: the limit pass writes the backup's
    // tape bytes with O_DIRECT onto the scratch filesystem and reads them back.
    void backupStatesItsLimit() {
        auto r = run_cli({"bench", "backup", "--size", "8M", "--files", "4", "--scratch",
                          dir_.path(), "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto o = r.json().object();
        QVERIFY(o.value("limit_write_mb_s").toDouble() > 0);
        QVERIFY(o.value("limit_read_mb_s").toDouble() > 0);
        QVERIFY(o.value("ratio_backup_limit").toDouble() > 0);
        double tape = 0;
        for (const auto& d : o.value("backup").toObject().value("drive_reports").toArray())
            tape += d.toObject().value("bytes").toDouble();
        const auto limit = o.value("limit").toObject();
        QVERIFY(tape > 0);
        QVERIFY(limit.value("write").toObject().value("bytes").toDouble() >= tape);
        QVERIFY(limit.value("read").toObject().value("bytes").toDouble() >=
                limit.value("write").toObject().value("bytes").toDouble());
        QVERIFY(limit.contains("direct"));
        // The backup is timed as tar -c is (the sync after each): around its job, never less.
        const auto b = o.value("backup").toObject();
        QVERIFY(b.value("job_seconds").toDouble() > 0);
        QVERIFY(b.value("seconds").toDouble() >= b.value("job_seconds").toDouble());
        QVERIFY(b.value("cpu_seconds").toDouble() >= b.value("job_cpu_seconds").toDouble());
        auto text =
            run_cli({"bench", "backup", "--size", "8M", "--files", "4", "--scratch", dir_.path()});
        QVERIFY2(text.exit_code == 0, text.err.constData());
        QVERIFY2(text.text().contains("backup / limit write : "), text.out.constData());
        QCOMPARE(QDir(dir_.path()).entryList({"tapeloom-bench-*"}, QDir::Dirs).size(), 0);
    }

    // bench restore: tar and Tapeloom both ways on the same files, every phase on all of them.
    void restoreRelatesBothToolsOnTheSameFiles() {
        auto r = run_cli({"bench", "restore", data_, "--scratch", dir_.path(), "--to", dir_.path(),
                          "--sync", "none", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto o = r.json().object();
        QCOMPARE(o.value("data").toObject().value("files").toInt(), 3);
        QCOMPARE(o.value("sync").toString(), QStringLiteral("none"));
        for (const char* phase : {"tar_create", "backup", "restore", "tar_extract"}) {
            const auto p = o.value(phase).toObject();
            QCOMPARE(p.value("files").toInt(), 3);
            QVERIFY2(p.value("seconds").toDouble() > 0, phase);
        }
        QVERIFY(o.value("restore_peak_rss_bytes").toDouble() > 0);
        QVERIFY(o.value("backup").toObject().value("seconds").toDouble() >=
                o.value("backup_job_seconds").toDouble());
        QVERIFY(o.value("ratio_restore_tar_files").toDouble() > 0);
        // The restore's CPU over tar -x's (0 where tar's was below the clock's resolution).
        const double tar_cpu = o.value("tar_extract").toObject().value("cpu_seconds").toDouble();
        QVERIFY(o.contains("ratio_restore_tar_cpu"));
        if (tar_cpu > 0)
            QCOMPARE(o.value("ratio_restore_tar_cpu").toDouble(),
                     o.value("restore").toObject().value("cpu_seconds").toDouble() / tar_cpu);
        // The limit pass wrote the restored bytes onto the restore's filesystem and read them.
        QVERIFY(o.value("limit_write_mb_s").toDouble() > 0);
        QVERIFY(o.value("limit_read_mb_s").toDouble() > 0);
        QVERIFY(o.value("ratio_restore_limit").toDouble() > 0);
        QVERIFY(o.value("limit").toObject().value("write").toObject().value("bytes").toDouble() >=
                o.value("data").toObject().value("bytes").toDouble());
        QCOMPARE(QDir(dir_.path()).entryList({"tapeloom-bench-*"}, QDir::Dirs).size(), 0);
        QVERIFY(run_cli({"bench", "restore", data_, "--sync", "later"}).exit_code == 2);
    }

    // With drives paced like tape the cartridges are labeled before the timed backup, and the
    // job's last data file ends with an immediate filemark: no drive stops and restarts inside
    // the job (before: after the label and before the trailer, 3 s each).
    void pacedBackupRestartsNoDrive() {
        auto r = run_cli({"bench", "backup", "--size", "8M", "--files", "2", "--drives", "2",
                          "--drive-rate", "400M", "--scratch", dir_.path(), "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto drives =
            r.json().object().value("backup").toObject().value("drive_reports").toArray();
        QCOMPARE(drives.size(), 2);
        for (const auto& v : drives) {
            const auto d = v.toObject();
            QVERIFY(d.value("bytes").toDouble() > 0);
            QVERIFY(d.contains("restarts"));
            QCOMPARE(d.value("restarts").toInt(), 0);
            QCOMPARE(d.value("repositions").toInt(), 0);
            // The drive's own rate while its tape moved is the one-speed drive's 400 MB/s.
            QVERIFY(d.value("tape_seconds").toDouble() > 0);
            QVERIFY2(std::abs(d.value("streaming_mb_s").toDouble() - 400) < 1,
                     qPrintable(QString::number(d.value("streaming_mb_s").toDouble())));
        }
        const auto backup = r.json().object().value("backup").toObject();
        QVERIFY(std::abs(backup.value("drive_streaming_mb_s").toDouble() - 800) < 2);
    }

    void compressionFollowsItsRule() {
        auto r = run_cli({"bench", "compression", data_, "--codecs", "none,lz4,zstd:1",
                          "--drive-rate", "5M", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto o = r.json().object();
        const auto codecs = o.value("codecs").toArray();
        QCOMPARE(codecs.size(), 3);
        QCOMPARE(codecs[0].toObject().value("ratio").toDouble(), 1.0);
        for (const auto& v : codecs) {
            const auto c = v.toObject();
            QVERIFY(c.value("mb_s").toDouble() > 0);
            QVERIFY(c.value("ratio").toDouble() >= 1.0);
            const bool rule = c.value("mb_s").toDouble() >=
                              o.value("drive_rate_mb_s").toDouble() * c.value("ratio").toDouble();
            QCOMPARE(c.value("streams").toBool(), rule);
        }
        QVERIFY(codecs[1].toObject().value("ratio").toDouble() > 1.05); // the text shrinks
        QVERIFY(run_cli({"bench", "compression", data_, "--codecs", "rar"}).exit_code == 2);
    }

    void multiplexTableMatchesTheSetup() {
        // 2 sources of 4 MB/s per drive offer 8 MB/s to 6 MB/s drives: they stream (the model
        // says no backhitch), so nothing here depends on how fast this machine is. No
        // reposition penalty: in a run this short the one after labeling would dominate.
        auto r = run_cli({"bench", "multiplex", "--drives", "1,2", "--sessions-per-drive", "2",
                          "--source-rate", "4M", "--drive-rate", "6M", "--buffer", "1M",
                          "--reposition", "0", "--size", "6M", "--scratch", dir_.path(), "--json"},
                         60000);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto levels = levels_of(r);
        QCOMPARE(levels.size(), 2);
        for (int i = 0; i < 2; ++i) {
            const auto l = levels[i].toObject();
            const int drives = i + 1;
            QCOMPARE(l.value("drives").toInt(), drives);
            QCOMPARE(l.value("sessions").toInt(), 2 * drives);
            QCOMPARE(l.value("job_status").toString(), QStringLiteral("completed"));
            QCOMPARE(l.value("bytes").toInteger(), qint64{drives} * (6 << 20));
            QCOMPARE(l.value("predicted_mb_s").toDouble(), 6.0 * drives);
            QCOMPARE(l.value("predicted_backhitches_per_hour").toInt(), 0);
            QCOMPARE(l.value("shoeshine_per_drive").toArray().size(), drives);
            const double secs = l.value("seconds").toDouble();
            const double wall = l.value("wall_mb_s").toDouble();
            QVERIFY(secs > 0 && wall > 0 && l.value("sustained_mb_s").toDouble() > 0);
            // The drives cannot beat their rate by more than what their buffers took in.
            QVERIFY2(wall * secs <= drives * (6.0 * secs + 1.0) * 1.05 + 0.5,
                     qPrintable(QString("wall %1 MB/s over %2 s").arg(wall).arg(secs)));
            QVERIFY(!l.value("per_cpu_busy_pct").toArray().isEmpty());
            // How the sustained rate compares with the wall rate is a figure of the bench
            // (docs/benchmarks.md "Multiplexing and plan"), not of this test: under a sanitizer or
            // a loaded machine the sources fall behind and the ramp weighs more.
            QVERIFY(l.value("median_mb_s").toDouble() > 0);
        }
    }

    void planPredictionsHoldInAShoeShiningRun() {
        // One 2 MB/s source per 6 MB/s drive with a 1 MB buffer and 0.2 s repositions: the
        // planner predicts shoe-shining at 1.58 MB/s per drive. The bench runs the same setup
        // in real time (throttled source, streaming-model drive) and must agree: the drive
        // shoe-shines, as planned. How close the measured rate comes to the plan is a figure of
        // the bench (docs/benchmarks.md "Multiplexing and plan"), not of this test: a loaded or
        // sanitized build runs slower, and tests do not time things.
        auto r =
            run_cli({"bench", "multiplex", "--drives", "1,2", "--sessions-per-drive", "1",
                     "--source-rate", "2M", "--drive-rate", "6M", "--buffer", "1M", "--reposition",
                     "0.2", "--size", "5M", "--scratch", dir_.path(), "--json"},
                    60000);
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto levels = levels_of(r);
        QCOMPARE(levels.size(), 2);
        for (const auto& v : levels) {
            const auto l = v.toObject();
            const double predicted = l.value("predicted_mb_s").toDouble();
            const double wall = l.value("wall_mb_s").toDouble();
            const int drives = l.value("drives").toInt();
            QVERIFY(std::abs(predicted - 1.58 * drives) < 0.02 * drives);
            QVERIFY(l.value("predicted_backhitches_per_hour").toInt() > 0);
            QVERIFY2(wall > 0, qPrintable(QString("measured %1 MB/s").arg(wall)));
            for (const auto& s : l.value("shoeshine_per_drive").toArray())
                QVERIFY(s.toInt() >= 2);
        }
    }
};

QTEST_GUILESS_MAIN(TestBenchCommands)
#include "test_bench_commands.moc"
