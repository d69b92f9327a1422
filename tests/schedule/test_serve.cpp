#include <QtTest>

#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::run_cli;

// The job definitions, schedules and the service through the real tapeloom-cli: a one-shot
// schedule a few seconds ahead runs under `serve` end to end; a second serve is refused; bad
// definitions are refused at definition time and run-time failures land in the job history.
class TestServe : public QObject {
    Q_OBJECT

    static QStringList h(const QString& home, QStringList args) {
        args.prepend(home);
        args.prepend("--home");
        return args;
    }
    static QJsonArray jobs(const QString& home, int* exit_code = nullptr) {
        auto r = run_cli(h(home, {"jobs", "list", "--json"}));
        if (exit_code) *exit_code = r.exit_code;
        return r.json().array();
    }
    static QJsonObject job_named(const QJsonArray& arr, const QString& name) {
        for (const auto& v : arr)
            if (v.toObject().value("name").toString() == name) return v.toObject();
        return {};
    }
    static void make_source(const QString& dir) {
        for (int i = 0; i < 5; ++i)
            QVERIFY(tltest::write_file(dir + QString("/f%1.txt").arg(i),
                                       QByteArray(1000 + i * 300, char('a' + i))));
    }

private Q_SLOTS:
    void serveRunsAOneShotScheduleEndToEnd() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src",
                      notified = d.path() + "/notified.json";
        make_source(src);
        auto def = run_cli(
            h(home, {"job", "define", "nightly", src, "--drives", "1", "--notify-command",
                     "cat > '" + notified + "'", "--pre-command", "test -d '" + src + "'"}));
        QVERIFY2(def.exit_code == 0, def.err.constData());
        const QString when =
            QDateTime::currentDateTime().addSecs(3).toString("yyyy-MM-dd HH:mm:ss");
        auto add = run_cli(h(home, {"schedule", "add", "nightly", "--at", when, "--json"}));
        QVERIFY2(add.exit_code == 0, add.err.constData());
        QVERIFY(add.json().object().value("next_run").toDouble() > 0);

        QProcess serve;
        serve.setProcessEnvironment(tltest::cli_environment(home));
        serve.setProgram(TAPELOOM_CLI);
        serve.setArguments(h(home, {"serve", "--tick", "200ms", "--log-level", "info"}));
        serve.start();
        QVERIFY(serve.waitForStarted());

        QJsonObject done;
        QDeadlineTimer deadline(90000);
        while (!deadline.hasExpired()) {
            int code = 0;
            const auto arr = jobs(home, &code); // exit 4 while the service's job holds the home
            done = job_named(arr, "nightly");
            if (code == 0 && done.value("status").toString() == "completed") break;
            QTest::qWait(300);
        }
        QVERIFY2(done.value("status").toString() == "completed",
                 serve.readAllStandardError().constData()); // the service's log on failure
        QVERIFY(done.value("files").toInt() >= 5);
        QCOMPARE(serve.state(), QProcess::Running);

        // A second service on the same data directory is refused and named.
        auto second = run_cli(h(home, {"serve"}), 20000);
        QCOMPARE(second.exit_code, 4);
        QVERIFY2(second.err.contains(QByteArray::number(serve.processId())),
                 second.err.constData());

        // The notification command got the report on stdin.
        QFile n(notified);
        QVERIFY(n.open(QIODevice::ReadOnly));
        const auto report = QJsonDocument::fromJson(n.readAll()).object();
        QCOMPARE(report.value("status").toString(), QStringLiteral("completed"));
        QCOMPARE(report.value("job_id").toInt(), done.value("id").toInt());

        // The run's entry leaves the queue once the scheduler took its end (a moment after the
        // job row says completed).
        auto q = run_cli(h(home, {"queue", "list", "--json"}));
        for (QDeadlineTimer emptied(10000);
             !emptied.hasExpired() && !q.json().object().value("entries").toArray().isEmpty();
             q = run_cli(h(home, {"queue", "list", "--json"})))
            QTest::qWait(200);
        QCOMPARE(q.exit_code, 0);
        QCOMPARE(q.json().object().value("service_pid").toInteger(), serve.processId());
        QVERIFY(q.json().object().value("entries").toArray().isEmpty());

        serve.terminate(); // SIGTERM
        QVERIFY(serve.waitForFinished(30000));
        QCOMPARE(serve.exitStatus(), QProcess::NormalExit);
        QCOMPARE(serve.exitCode(), 0);
    }

    void badDefinitionsAreRefused() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        make_source(src);
        auto first = run_cli(h(home, {"job", "define", "a", src}));
        QCOMPARE(first.exit_code, 0);
        QVERIFY2(first.out.contains("Schedule it with"), first.out.constData());
        auto dup = run_cli(h(home, {"job", "define", "a", src}));
        QCOMPARE(dup.exit_code, 1);
        QVERIFY(dup.err.contains("already exists"));
        auto pool = run_cli(h(home, {"job", "define", "b", src, "--pool", "Nope"}));
        QCOMPARE(pool.exit_code, 3);
        QVERIFY(pool.err.contains("Nope"));
        auto lib = run_cli(h(home, {"job", "define", "b", src, "--library", "ghost"}));
        QCOMPARE(lib.exit_code, 3);
        QVERIFY(lib.err.contains("ghost"));
        auto drives = run_cli(h(home, {"job", "define", "b", src, "--drives", "9"}));
        QCOMPARE(drives.exit_code, 2);
        auto gone = run_cli(h(home, {"job", "define", "b", d.path() + "/vanished"}));
        QCOMPARE(gone.exit_code, 3);
        auto feb = run_cli(h(home, {"schedule", "add", "a", "full 30 in feb at 02:00"}));
        QCOMPARE(feb.exit_code, 2);
        QVERIFY2(feb.err.contains("never fires"), feb.err.constData());
        auto col = run_cli(h(home, {"schedule", "add", "a", "incr mon-sat at 23:75"}));
        QCOMPARE(col.exit_code, 2);
        QVERIFY2(col.err.contains("column 17"), col.err.constData());
        auto list = run_cli(h(home, {"job", "list", "--json"}));
        QCOMPARE(list.json().array().size(), 1);
        // Defined with a schedule: it says so, instead of asking for one.
        auto scheduled =
            run_cli(h(home, {"job", "define", "s", src, "--schedule", "daily at 02:00"}));
        QCOMPARE(scheduled.exit_code, 0);
        QVERIFY2(scheduled.out.contains("scheduled: daily at 02:00"), scheduled.out.constData());
        QVERIFY2(!scheduled.out.contains("Schedule it with"), scheduled.out.constData());
    }

    void runTimeFailuresAreInTheHistory() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        make_source(src);
        QCOMPARE(run_cli(h(home, {"job", "define", "premount", src, "--pre-command",
                                  "echo mount point missing >&2; exit 3"}))
                     .exit_code,
                 0);
        auto pre = run_cli(h(home, {"job", "run", "premount"}));
        QCOMPARE(pre.exit_code, 1);
        QVERIFY2(pre.err.contains("mount point missing"), pre.err.constData());
        QCOMPARE(run_cli(h(home, {"job", "define", "moved", src + "/f0.txt"})).exit_code, 0);
        QVERIFY(QFile::remove(src + "/f0.txt"));
        auto moved = run_cli(h(home, {"job", "run", "moved", "--level", "incr"}));
        QCOMPARE(moved.exit_code, 1);
        const auto arr = jobs(home);
        const auto a = job_named(arr, "premount"), b = job_named(arr, "moved");
        QCOMPARE(a.value("status").toString(), QStringLiteral("failed"));
        QCOMPARE(b.value("status").toString(), QStringLiteral("failed"));
        QCOMPARE(b.value("level").toString(), QStringLiteral("incr"));
        auto show =
            run_cli(h(home, {"jobs", "show", QString::number(b.value("id").toInt()), "--json"}));
        QVERIFY2(show.json().object().value("error").toString().contains("f0.txt"),
                 show.out.constData());
    }

    void exportImportRoundTrip() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", other = d.path() + "/other",
                      src = d.path() + "/src", file = d.path() + "/jobs.json";
        make_source(src);
        QCOMPARE(run_cli(h(home, {"job", "define", "web", src, "--priority", "80", "--retries", "2",
                                  "--retry-delay", "5m", "--exclude", "*.tmp", "--schedule",
                                  "full sun#1 at 23:05; incr mon-sat at 23:05"}))
                     .exit_code,
                 0);
        QCOMPARE(run_cli(h(home, {"job", "export", file})).exit_code, 0);
        QCOMPARE(run_cli(h(other, {"job", "import", file})).exit_code, 0);
        auto again = run_cli(h(other, {"job", "import", file}));
        QCOMPARE(again.exit_code, 1); // same names: refused without --replace
        QCOMPARE(run_cli(h(other, {"job", "import", file, "--replace"})).exit_code, 0);
        auto show = run_cli(h(other, {"job", "show", "web", "--json"}));
        QCOMPARE(show.exit_code, 0);
        const auto j = show.json().object();
        QCOMPARE(j.value("priority").toInt(), 80);
        QCOMPARE(j.value("retries").toInt(), 2);
        QCOMPARE(j.value("retry_delay").toDouble(), 300.0);
        QCOMPARE(j.value("exclude").toArray().first().toString(), QStringLiteral("*.tmp"));
        QCOMPARE(j.value("schedules").toArray().size(), 1);
        QCOMPARE(j.value("schedules").toArray().first().toObject().value("rule").toString(),
                 QStringLiteral("full sun#1 at 23:05; incr mon-sat at 23:05"));
    }
};

TLTEST_CATALOG_MAIN(TestServe)
#include "test_serve.moc"
