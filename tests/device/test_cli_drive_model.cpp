// `library add --virtual --model lto9` through the real CLI: the model's config, its refusals,
// and backups on modelled drives (rate scale 0.01: native 4 MB/s, lowest step 1.77 MB/s; time
// scale 1000: loads and backhitches in milliseconds). A host between the lowest step and native
// streams with no shoe-shine; one below the lowest step shoe-shines and the report says so.
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::run_cli;

namespace {
// A `cmd:` source of `chunks` x `kib` KiB of random bytes with a pause after each.
QString paced_source(int chunks, int kib, const char* pause) {
    return QString("cmd:for i in $(seq 1 %1); do head -c %2 /dev/urandom; sleep %3; done")
        .arg(chunks)
        .arg(kib * 1024)
        .arg(pause);
}
} // namespace

class TestCliDriveModel : public QObject {
    Q_OBJECT
    QTemporaryDir home_;
    tltest::CliResult cli(QStringList args, int timeout_ms = 60000) {
        args.prepend(home_.path());
        args.prepend(QStringLiteral("--home"));
        return tltest::run_cli(args, timeout_ms);
    }
    void add_model_library(const QString& name, const QString& buffer) {
        auto r = cli({"library", "add",          "--virtual",  "--name",       name,   "--model",
                      "lto9",    "--time-scale", "1000",       "--rate-scale", "0.01", "--buffer",
                      buffer,    "--drives",     "1",          "--slots",      "4",    "--mail",
                      "0",       "--prefix",     name.left(3), "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto model = r.json().object()["config"].toObject()["model"].toObject();
        QCOMPARE(model["type"].toString(), QStringLiteral("lto9"));
        QCOMPARE(model["rate_scale"].toDouble(), 0.01);
    }
    QJsonObject drive_report(const tltest::CliResult& r) {
        return r.json().object()["drives"].toArray()[0].toObject();
    }

private slots:
    void model_config_and_refusals() {
        add_model_library("fast", "400M");
        auto inv = cli({"library", "inventory", "--library", "fast", "--json"});
        QCOMPARE(inv.json().object()["slots"].toArray()[0].toObject()["barcode"].toString(),
                 QStringLiteral("fas001L9"));
        auto unknown = cli({"library", "add", "--virtual", "--name", "x", "--model", "dlt7"});
        QCOMPARE(unknown.exit_code, 3);
        QVERIFY(unknown.err.contains("lto9"));
        auto scale = cli(
            {"library", "add", "--virtual", "--name", "y", "--model", "lto9", "--rate-scale", "2"});
        QCOMPARE(scale.exit_code, 2);
        auto alone = cli({"library", "add", "--virtual", "--name", "z", "--time-scale", "10"});
        QCOMPARE(alone.exit_code, 2);
        QVERIFY(alone.err.contains("--model"));
    }

    void host_above_the_lowest_step_streams() {
        // At most 3.7 MB/s (256 KiB, then 70 ms), about 3 with the shell's own time: between
        // 1.77 and 4 MB/s. 24 MB through a 4 MB buffer: a one-speed 4 MB/s drive would run dry
        // after about 5 s (the buffer drains at 1 MB/s once full); this one matches its speed.
        auto r = cli({"backup", "--library", "fast", "--drives", "1", "--source",
                      paced_source(96, 256, "0.07"), "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto d = drive_report(r);
        QCOMPARE(d["shoeshine_events"].toInt(), 0);
        QVERIFY(d["lowest_speed"].toDouble() >= 1.77e6 - 1);
    }

    void restore_from_modelled_drives() {
        // Reads and locates through the model: what was written comes back the same.
        const QString src = home_.path() + "/restore-src";
        QVERIFY(tltest::write_file(src + "/r.bin", tltest::random_bytes(3 << 20, 9)));
        auto b = cli({"backup", "--library", "fast", "--drives", "1", "--source", src, "--json"});
        QVERIFY2(b.exit_code == 0, b.err.constData());
        const auto id = QString::number(b.json().object()["job_id"].toInt());
        const QString to = home_.path() + "/restored";
        auto r = cli({"restore", "--job", id, "--to", to, "--library", "fast"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
    }

    void host_below_the_lowest_step_shoe_shines() {
        add_model_library("slow", "64M"); // 0.64 MB buffer: a short shoe-shine cycle
        // About 1 MB/s, below the lowest step: the buffer fills, drains at 1.77 MB/s, runs dry.
        auto r = cli({"backup", "--library", "slow", "--drives", "1", "--source",
                      paced_source(80, 64, "0.05"), "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY(drive_report(r)["shoeshine_events"].toInt() >= 1);
        const auto id = QString::number(r.json().object()["job_id"].toInt());
        auto show = cli({"jobs", "show", id});
        QVERIFY2(show.out.contains("repositions (shoe-shine: the data came slower than the "
                                   "drive's lowest speed)"),
                 show.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliDriveModel)
#include "test_cli_drive_model.moc"
