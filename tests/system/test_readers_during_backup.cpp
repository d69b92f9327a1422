// Read-only commands during a running backup (issue 15): while a 2-drive backup holds the data
// directory, `jobs list`, `volume list`, `library status`, `files ls` and `restore --dry-run` of
// an earlier job answer from the catalog (exit 0), and a writing command still gets exit 4
// naming the holder. The backup's sources wait for a gate file, so the job is running for as
// long as the test needs, without any timing assumption; then it completes normally.
#include <QtTest>

#include "cli_runner.h"

using tltest::run_cli;
using tltest::with_home;

namespace {
// A `cmd:` source that writes nothing until GATE exists, then BYTES random bytes; it also ends
// when GATE's directory is gone (a failed test leaves no shell looping behind).
QString gated_source(const QString& gate, int bytes) {
    const QString dir = QFileInfo(gate).absolutePath();
    return QStringLiteral("cmd:while [ ! -e '%1' ] && [ -d '%2' ]; do sleep 0.05; done; "
                          "head -c %3 /dev/urandom")
        .arg(gate, dir)
        .arg(bytes);
}

bool write_file(const QString& path, const QByteArray& data) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}
} // namespace

class TestReadersDuringBackup : public QObject {
    Q_OBJECT

    // Runs ARGS until CHECK accepts the result (each run must exit 0), at most for a minute.
    static QJsonDocument poll_until(const QString& home, const QStringList& args,
                                    const std::function<bool(const QJsonDocument&)>& check) {
        QDeadlineTimer deadline(60000);
        for (;;) {
            auto r = run_cli(with_home(home, args));
            if (r.exit_code != 0) {
                qWarning("%s: exit %d: %s", qPrintable(args.join(' ')), r.exit_code,
                         r.err.constData());
                return {};
            }
            if (check(r.json())) return r.json();
            if (deadline.hasExpired()) return {};
            QTest::qWait(50);
        }
    }

private Q_SLOTS:
    void readOnlyCommandsAnswerWhileABackupRuns() {
        QTemporaryDir dir;
        const QString home = dir.path() + "/home";
        const QString src = dir.path() + "/docs";
        QVERIFY(QDir().mkpath(src + "/reports"));
        QVERIFY(write_file(src + "/readme.txt", "hello\n"));
        QVERIFY(write_file(src + "/reports/q3.ods", QByteArray(70000, 'q')));

        auto first = run_cli(with_home(home, {"--json", "backup", "--source", src}));
        QCOMPARE(first.exit_code, 0);
        const int earlier = first.json().object().value("job_id").toInt();
        const int earlier_files = first.json().object().value("files").toInt();
        QVERIFY(earlier > 0 && earlier_files >= 3);

        const QString gate = dir.path() + "/gate";
        QProcess backup;
        backup.setProcessEnvironment(tltest::cli_environment(home));
        backup.setProgram(QStringLiteral(TAPELOOM_CLI));
        backup.setArguments(with_home(
            home, {"--json", "backup", "--drives", "2", "--sessions-per-drive", "1", "--source",
                   gated_source(gate, 300000), "--source", gated_source(gate, 200000)}));
        backup.start();
        QVERIFY(backup.waitForStarted());
        auto open_gate = qScopeGuard([&] {
            write_file(gate, "go");
            backup.waitForFinished(120000);
        });

        // jobs list: answers, and shows the new job running beside the earlier one.
        int running = 0;
        auto jobs = poll_until(home, {"--json", "jobs", "list"}, [&](const QJsonDocument& d) {
            for (const auto v : d.array())
                if (v.toObject().value("status").toString() == "running")
                    running = v.toObject().value("id").toInt();
            return running != 0;
        });
        QVERIFY2(running > earlier, "the backup never showed as running in jobs list");
        QCOMPARE(jobs.array().first().toObject().value("status").toString(),
                 QStringLiteral("completed"));

        // library status: the two drives the backup writes on hold their volumes.
        auto lib = poll_until(home, {"--json", "library", "status"}, [](const QJsonDocument& d) {
            int loaded = 0;
            for (const auto v : d.object().value("drives").toArray())
                loaded += v.toObject().value("volume").toString().isEmpty() ? 0 : 1;
            return loaded >= 2;
        });
        QVERIFY2(!lib.isNull(), "library status never showed the backup's two volumes");

        // volume list: the earlier job's volume, with that job counted on it.
        const QString earlier_volume =
            first.json().object().value("volumes").toArray().first().toString();
        QVERIFY(!earlier_volume.isEmpty());
        auto vols = run_cli(with_home(home, {"--json", "volume", "list"}));
        QCOMPARE(vols.exit_code, 0);
        bool listed = false;
        for (const auto v : vols.json().array())
            listed = listed || (v.toObject().value("barcode").toString() == earlier_volume &&
                                v.toObject().value("jobs").toInt() >= 1);
        QVERIFY2(listed, vols.out.constData());

        // files ls and restore --dry-run of the earlier job.
        auto ls =
            run_cli(with_home(home, {"--json", "files", "ls", "--job", QString::number(earlier)}));
        QCOMPARE(ls.exit_code, 0);
        QStringList names;
        for (const auto v : ls.json().array())
            names << v.toObject().value("name").toString();
        names.sort();
        QCOMPARE(names, QStringList({"readme.txt", "reports"}));
        auto plan = run_cli(
            with_home(home, {"--json", "restore", "--job", QString::number(earlier), "--dry-run"}));
        QCOMPARE(plan.exit_code, 0);
        QCOMPARE(plan.json().object().value("files").toInt(), earlier_files);
        QVERIFY(plan.json().object().value("missing").toArray().isEmpty());

        // The other read-only commands (docs/cli.md) answer too.
        const QString id = QString::number(earlier);
        for (const QStringList& args :
             QList<QStringList>{{"status"},
                                {"jobs", "show", id},
                                {"report", "--job", id},
                                {"volume", "history", earlier_volume},
                                {"library", "inventory"},
                                {"files", "versions", src + "/readme.txt"},
                                {"pool", "list"},
                                {"schedule", "list"},
                                {"queue", "list"}}) {
            auto r = run_cli(with_home(home, args));
            QVERIFY2(r.exit_code == 0, qPrintable(args.join(' ') + ": " + r.err));
        }

        // The job is still running: nothing above waited for it.
        QCOMPARE(backup.state(), QProcess::Running);

        // A writing command still needs the lock, and says who holds it.
        auto label = run_cli(
            with_home(home, {"volume", "label", "--barcode", "TLO024L9", "--pool", "Default"}));
        QCOMPARE(label.exit_code, 4);
        QVERIFY2(label.err.contains(QByteArray::number(backup.processId())), label.err.constData());

        open_gate.dismiss();
        QVERIFY(write_file(gate, "go"));
        QVERIFY(backup.waitForFinished(120000));
        QCOMPARE(backup.exitCode(), 0);
        const auto report = QJsonDocument::fromJson(backup.readAllStandardOutput()).object();
        QCOMPARE(report.value("status").toString(), QStringLiteral("completed"));
        QCOMPARE(report.value("job_id").toInt(), running);
        auto after = run_cli(with_home(home, {"--json", "jobs", "list", "--status", "running"}));
        QCOMPARE(after.exit_code, 0);
        QVERIFY(after.json().array().isEmpty());
    }
};

TLTEST_CATALOG_MAIN(TestReadersDuringBackup)
#include "test_readers_during_backup.moc"
