#include <QtTest>

#include "audit_log.h"
#include "cli_runner.h"
#include "client/service_client.h"
#include "common/home.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// Actions through a running service (docs/api.md "Actions"): restore, verify, scan, volume
// label, library load/unload and queue cancel from the real tapeloom-cli go to the service as
// tasks instead of failing on the data directory's lock (exit 4), print what they print without
// a service and exit with the same codes; the service holds the data directory throughout.
class TestServiceActions : public QObject {
    Q_OBJECT

    static std::string s(const QString& q) { return q.toStdString(); }

    static long start(const QString& home) {
        auto r = run_cli(with_home(home, {"service", "start"}));
        if (r.exit_code != 0) qWarning() << r.err;
        return r.exit_code == 0 ? r.text().trimmed().toLong() : 0;
    }

    // The CLI with $TAPELOOM_AUTOSTART=0: through the running service, or here without one.
    static tltest::CliResult cli(const QString& home, const QStringList& args) {
        qputenv("TAPELOOM_AUTOSTART", "0");
        auto r = run_cli(with_home(home, args));
        qunsetenv("TAPELOOM_AUTOSTART");
        return r;
    }

    // A command line's exit code, text and error message, to compare a run here with one
    // through the service (whose engine logs into the service's log, not on this stderr).
    static QString outcome(const tltest::CliResult& r) {
        QStringList said;
        for (const auto& line : QString::fromUtf8(r.err).split('\n'))
            if (line.startsWith("tapeloom-cli:")) said << line;
        return QString::number(r.exit_code) + "|" + QString::fromUtf8(r.out) + "|" +
               said.join('\n');
    }

private Q_SLOTS:
    // library list, load, unload, transfer, import, export --slot, insert, remove-cartridge and
    // inventory --reconcile go
    // through the library resources (GET /v1/libraries, POST /v1/libraries/{name}/...; the
    // audit log names each write's route, none goes through /v1/commands) and print, in text
    // and --json, and exit as the commands run without a service; refusals too (exit 2 for a
    // bad number, the changer's refusal of an empty slot).
    void libraryCommandsGoThroughTheirResources() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        const QList<QStringList> commands = {
            {"library", "list"},
            {"library", "list", "--json"},
            {"library", "export", "--slot", "5", "--mail", "1"},
            {"library", "transfer", "--from", "6", "--to", "5", "--json"},
            {"library", "transfer", "--from", "5", "--to", "6"},
            {"library", "import", "--mail", "1", "--to", "5", "--json"},
            {"library", "load", "--slot", "5", "--drive", "1"},
            {"library", "unload", "--drive", "1", "--json"},
            {"library", "load", "--slot", "x", "--drive", "1"},
            {"library", "load", "--slot", "5"},
            {"library", "unload", "--drive", "2"},
            {"library", "export", "--mail", "1"},
            {"library", "load", "--slot", "5", "--drive", "1", "--library", "nolib"},
            {"library", "export", "--slot", "7", "--mail", "2"},
            {"library", "remove-cartridge", "--mail", "2", "--json"},
            {"library", "remove-cartridge", "--mail", "2"},
            {"library", "insert", "--mail", "2", "--barcode", "TLO007L9"},
            {"library", "insert", "--mail", "9", "--barcode", "TLO007L9"},
            {"library", "import", "--mail", "2", "--to", "7"},
            {"library", "inventory", "--reconcile"},
            {"library", "inventory", "--reconcile", "--json"},
        };
        // The blank cartridges recorded first, so that both passes start from one catalog.
        QCOMPARE(cli(home, {"library", "inventory", "--reconcile"}).exit_code, 0);
        QStringList here;
        for (const auto& c : commands)
            here << outcome(cli(home, c));
        QCOMPARE(here[2].left(2), QString("0|"));
        QVERIFY2(here[8].startsWith("2|"), qPrintable(here[8]));
        QVERIFY(start(home) > 0);
        tltest::ServiceGuard guard{home};
        for (int i = 0; i < commands.size(); ++i)
            QCOMPARE(outcome(cli(home, commands[i])), here[i]);
        QCOMPARE(tltest::audited(home, "POST", "/v1/libraries/vlib0/transfer"), 2);
        QCOMPARE(tltest::audited(home, "POST", "/v1/libraries/vlib0/insert"), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/libraries/vlib0/remove-cartridge"), 1);
        for (const char* verb : {"export", "import", "load", "unload", "reconcile"})
            QVERIFY2(tltest::audited(home, "POST", QString("/v1/libraries/vlib0/") + verb) >= 1,
                     verb);
        QCOMPARE(tltest::audited(home, "POST", "/v1/libraries/vlib0/unload", true), 1);
        QCOMPARE(tltest::audited(home, "POST", "/v1/libraries/nolib/load", true), 1);
        QCOMPARE(tltest::tunnelled(home), 0);
    }

    // job define|edit, schedule add|edit and volume label --all-blank go through the
    // configuration's and the labels' resources (the audit log names their routes; none goes
    // through /v1/commands) and print, in text and --json, and exit as the commands run
    // without a service, refusals included: the same command lines on a data directory
    // without a service and on one with, both new, give the same answers.
    void configurationWritesGoThroughTheirResources() {
        QTemporaryDir d;
        const QString src = d.path() + "/src", here_home = d.path() + "/here",
                      served_home = d.path() + "/served", exported = d.path() + "/jobs.json";
        QVERIFY(tltest::write_file(src + "/a.txt", "configured\n"));
        const QList<QStringList> commands = {
            {"job", "define", "nightly", "--source", src, "--drives", "1"},
            {"job", "define", "nightly", "--source", src},
            {"job", "define", "bad", "--source", src, "--schedule", "never ever"},
            {"job", "define", "--json"},
            {"job", "edit", "nightly", "--retries", "2", "--json"},
            {"job", "edit", "nightly", "--priority", "3"},
            {"job", "edit", "nosuch", "--retries", "1"},
            {"job", "define", "weekly", "--source", src, "--schedule", "full sun at 03:00",
             "--json"},
            {"schedule", "add", "nightly", "daily at 02:00", "--name", "n", "--json"},
            {"schedule", "add", "nightly", "incr mon-fri at 22:00"},
            {"schedule", "add", "nightly"},
            {"schedule", "add", "nosuch", "daily at 02:00"},
            {"schedule", "edit", "2", "daily at 03:00"},
            {"schedule", "edit", "2", "--name", "night", "--json"},
            {"schedule", "edit", "99", "--name", "x"},
            {"schedule", "edit", "2"},
            {"volume", "label", "--all-blank", "--pool", "Default", "--pattern", "tlo00[12]*"},
            {"volume", "label", "--all-blank", "--pool", "Default", "--pattern", "tlo00[34]*",
             "--json"},
            {"volume", "label", "--all-blank", "--pool", "NoSuchPool"},
            {"job", "list", "--json"},
            {"schedule", "list", "--json"},
            {"job", "export", "-"},
            {"job", "export", exported},
            {"job", "import", exported},
            {"job", "import", exported, "--replace", "--json"},
            {"job", "import", d.path() + "/nosuch.json"},
            {"job", "export", "-"},
            {"client", "add", "web9", "--address", "127.0.0.1:9740"},
            {"client", "add", "web9", "web8", "--address", "a:1", "--fingerprint", "ab"},
            {"client", "add", "web7", "--address", "127.0.0.1:9740", "--fingerprint", "xyz"},
        };
        QStringList here;
        for (const auto& c : commands)
            here << outcome(cli(here_home, c));
        QVERIFY2(here[0].startsWith("0|"), qPrintable(here[0]));
        QVERIFY2(here[2].startsWith("2|"), qPrintable(here[2]));
        QVERIFY2(here[16].startsWith("0|2 blank"), qPrintable(here[16]));
        QVERIFY2(here[23].startsWith("1|"), qPrintable(here[23])); // the names are taken
        QVERIFY2(here[24].startsWith("0|{"), qPrintable(here[24]));
        QVERIFY(start(served_home) > 0);
        tltest::ServiceGuard guard{served_home};
        for (int i = 0; i < commands.size(); ++i)
            QCOMPARE(outcome(cli(served_home, commands[i])), here[i]);
        QCOMPARE(tltest::audited(served_home, "POST", "/v1/definitions"), 3); // bad removed again
        QCOMPARE(tltest::audited(served_home, "DELETE", "/v1/definitions/bad"), 1);
        QCOMPARE(tltest::audited(served_home, "PUT", "/v1/definitions/nightly"), 2);
        QCOMPARE(tltest::audited(served_home, "POST", "/v1/schedules"), 3);
        QCOMPARE(tltest::audited(served_home, "PATCH", "/v1/schedules/2"), 2);
        QCOMPARE(tltest::audited(served_home, "POST", "/v1/volumes/label-blank"), 2);
        // client add prints the fingerprint of the service that stored it, which its agent is to
        // trust; a second add of the name is refused as without a service.
        const QStringList add = {"client",
                                 "add",
                                 "web9",
                                 "--address",
                                 "127.0.0.1:9740",
                                 "--fingerprint",
                                 QString("ab").repeated(32)};
        auto added = cli(served_home, add);
        QVERIFY2(added.exit_code == 0, added.err.constData());
        const QString fingerprint = added.text().trimmed();
        QCOMPARE(fingerprint.size(), 64);
        QVERIFY2(added.err.contains("client web9 added; run on it: tapeloom-agent trust --state "
                                    "DIR --server-fingerprint " +
                                    fingerprint.toUtf8()),
                 added.err.constData());
        QCOMPARE(cli(here_home, add).exit_code, 0);
        QCOMPARE(outcome(cli(served_home, add)), outcome(cli(here_home, add)));
        auto json = cli(served_home, {"client", "add", "web8", "--address", "127.0.0.1:9741",
                                      "--fingerprint", QString("cd").repeated(32), "--json"});
        QCOMPARE(json.json().object().value("service_fingerprint").toString(), fingerprint);
        QCOMPARE(json.json().object().value("client").toObject().value("name").toString(),
                 QString("web8"));
        QVERIFY(!json.json().object().value("client").toObject().contains("service_fingerprint"));
        QCOMPARE(tltest::audited(served_home, "POST", "/v1/clients"), 2);
        QCOMPARE(tltest::audited(served_home, "POST", "/v1/definitions/import"), 1);
        QCOMPARE(tltest::audited(served_home, "POST", "/v1/definitions/import", true), 1);
        QCOMPARE(tltest::tunnelled(served_home), 0);
    }

    // job run goes through the service's queue (POST /v1/backups with the definition, in the
    // audit log; not /v1/commands): its report is that of the run (text and --json), its exit
    // code and refusals are those of job run without a service.
    void jobRunIsQueuedInTheService() {
        QTemporaryDir d;
        const QString src = d.path() + "/src", home = d.path() + "/home";
        QVERIFY(tltest::write_file(src + "/a.txt", "run me\n"));
        QCOMPARE(
            cli(home, {"job", "define", "nightly", "--source", src, "--drives", "1"}).exit_code, 0);
        const QList<QStringList> refused = {{"job", "run", "nosuch"},
                                            {"job", "run", "nightly", "--level", "weekly"},
                                            {"job", "run"}};
        QStringList here;
        for (const auto& c : refused)
            here << outcome(cli(home, c));
        auto local = cli(home, {"job", "run", "nightly", "--json"});
        QCOMPARE(local.exit_code, 0);
        QVERIFY(start(home) > 0);
        tltest::ServiceGuard guard{home};
        for (int i = 0; i < refused.size(); ++i)
            QCOMPARE(outcome(cli(home, refused[i])), here[i]);
        auto text = cli(home, {"job", "run", "nightly", "--level", "incr"});
        QVERIFY2(text.exit_code == 0, text.err.constData());
        QVERIFY2(text.text().contains("(backup): completed"), text.out.constData());
        auto json = cli(home, {"job", "run", "nightly", "--json"});
        QVERIFY2(json.exit_code == 0, json.err.constData());
        const auto served = json.json().object(), own = local.json().object();
        QCOMPARE(served.keys(), own.keys());
        for (const char* same : {"status", "kind", "name", "level", "files"})
            QCOMPARE(served.value(same), own.value(same));
        QCOMPARE(served.value("job_id").toInt(), 3);
        QCOMPARE(tltest::audited(home, "POST", "/v1/backups"), 2);
        QCOMPARE(tltest::tunnelled(home), 0);
    }

    void restoreVerifyScanAndLabelRunInTheService() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        for (int i = 0; i < 4; ++i)
            QVERIFY(tltest::write_file(src + QString("/f%1.bin").arg(i),
                                       tltest::random_bytes(30000 + i * 999, 11 + i)));
        const long pid = start(home);
        QVERIFY(pid > 0);
        tltest::ServiceGuard guard{home};
        auto backup =
            run_cli(with_home(home, {"backup", "--source", src, "--drives", "1", "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const QString job = QString::number(backup.json().object().value("job_id").toInt());
        const QString volume = backup.json().object().value("volumes").toArray().first().toString();

        // restore: the bytes restored equal the source; --json is the restore's document.
        auto restore = run_cli(with_home(home, {"restore", "--job", job, "--to", to, "--json"}));
        QVERIFY2(restore.exit_code == 0, restore.err.constData());
        QVERIFY(restore.json().object().value("restored").toInt() >= 4); // and their directory
        QString diff;
        QVERIFY2(tltest::same_tree(src, to + src, &diff), qPrintable(diff));
        QCOMPARE(tl::HomeLock::holder(s(home)), pid); // the service held the directory throughout

        // The command's refusals and exit codes, as without a service.
        auto no_target = run_cli(with_home(home, {"restore", "--job", job}));
        QCOMPARE(no_target.exit_code, 2);
        QVERIFY2(no_target.err.contains("--to DIR"), no_target.err.constData());
        QCOMPARE(run_cli(with_home(home, {"restore", "--job", "999", "--to", to})).exit_code, 3);
        QCOMPARE(run_cli(with_home(home, {"verify", "--job", job, "--nope"})).exit_code, 2);

        auto verify = run_cli(with_home(home, {"verify", "--job", job}));
        QVERIFY2(verify.exit_code == 0, verify.err.constData());
        QVERIFY2(verify.text().contains("files failed : 0"), verify.out.constData());

        auto label = run_cli(
            with_home(home, {"volume", "label", "--all-blank", "--pool", "Default", "--json"}));
        QVERIFY2(label.exit_code == 0, label.err.constData());
        const int labeled = label.json().object().value("labeled").toArray().size();
        QVERIFY(labeled > 0);
        auto vols = run_cli(with_home(home, {"volume", "list", "--json"}));
        QCOMPARE(vols.json().array().size(), labeled + 1);

        auto scan = run_cli(with_home(home, {"scan", volume}));
        QVERIFY2(scan.exit_code == 0, scan.err.constData());
        QVERIFY2(scan.text().contains("already known"), scan.out.constData());

        auto load = run_cli(with_home(home, {"library", "load", "--slot", "5", "--drive", "1"}));
        QVERIFY2(load.exit_code == 0, load.err.constData());
        auto unload = run_cli(with_home(home, {"library", "unload", "--drive", "1"}));
        QVERIFY2(unload.exit_code == 0, unload.err.constData());
        QCOMPARE(tl::HomeLock::holder(s(home)), pid);
    }

    // Issue 42, item 26: a raw: source that is a directory is refused when the backup is
    // submitted (exit 2, naming it), in the CLI's own process and through the service; no job
    // is recorded. It used to be queued and then fail in its session.
    // restore, volume mark, volume label --barcode and volume relabel go through the typed
    // resources (the audit log names their routes), with the text, --json and exit codes of
    // the commands run without a service.
    void typedCommandsGoThroughTheResources() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(tltest::write_file(src + "/a.txt", "typed door\n"));
        QVERIFY(start(home) > 0);
        tltest::ServiceGuard guard{home};
        auto backup =
            run_cli(with_home(home, {"backup", "--source", src, "--drives", "1", "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const QString job = QString::number(backup.json().object().value("job_id").toInt());
        const QString volume = backup.json().object().value("volumes").toArray().first().toString();

        auto restore = run_cli(with_home(home, {"restore", "--job", job, "--to", to}));
        QVERIFY2(restore.exit_code == 0, restore.err.constData());
        QVERIFY2(restore.text().contains("restored 2, skipped 0, failed 0"),
                 restore.out.constData());
        QString diff;
        QVERIFY2(tltest::same_tree(src, to + src, &diff), qPrintable(diff));
        auto again = run_cli(with_home(home, {"restore", "--job", job, "--to", to, "--json"}));
        QCOMPARE(again.exit_code, 8); // warnings: the file existed (skipped), as without a service
        QCOMPARE(again.json().object().value("skipped").toInt(), 1);
        QCOMPARE(again.json().object().value("status").toString(), QString("warnings"));
        QCOMPARE(again.json().object().value("kind").toString(), QString("restore"));

        auto mark =
            run_cli(with_home(home, {"volume", "mark", volume, "read-only", "--reason", "hold"}));
        QVERIFY2(mark.exit_code == 0, mark.err.constData());
        QCOMPARE(mark.text(), "volume " + volume + ": read-only, in library vlib0\n");
        auto enable = run_cli(with_home(home, {"volume", "mark", volume, "enabled", "--json"}));
        QCOMPARE(enable.exit_code, 0);
        QCOMPARE(enable.json().object().value("barcode").toString(), volume);
        QCOMPARE(run_cli(with_home(home, {"volume", "mark", "NOSUCH01", "disabled"})).exit_code, 3);
        QCOMPARE(run_cli(with_home(home, {"volume", "mark", volume, "lost"})).exit_code, 2);

        auto label = run_cli(
            with_home(home, {"volume", "label", "--barcode", "TLO005L9", "--pool", "Default"}));
        QVERIFY2(label.exit_code == 0, label.err.constData());
        QCOMPARE(label.text(), QString("volume TLO005L9 labeled for pool Default\n"));
        auto relabel = run_cli(with_home(home, {"volume", "relabel", "TLO005L9", "--json"}));
        QVERIFY2(relabel.exit_code == 0, relabel.err.constData());
        QCOMPARE(relabel.json().object().value("adopted").toBool(), false);
        QCOMPARE(relabel.json().object().value("state").toString(), QString("append"));

        auto audit = run_cli(with_home(home, {"audit", "--json"}));
        QVERIFY2(audit.exit_code == 0, audit.err.constData());
        QStringList routes;
        for (const auto& e : audit.json().array())
            routes << e.toObject().value("method").toString() + " " +
                          e.toObject().value("route").toString();
        QVERIFY2(routes.contains("POST /v1/restores"), qPrintable(routes.join(", ")));
        QVERIFY(routes.contains("PATCH /v1/volumes/" + volume));
        QVERIFY(routes.contains("POST /v1/volumes/TLO005L9/label"));
        QVERIFY(!routes.contains("POST /v1/commands"));
    }

    void aRawDirectoryIsRefusedAtSubmit() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", dir = d.path() + "/a-directory";
        QVERIFY(QDir().mkpath(dir));
        auto own = run_cli(with_home(home, {"backup", "--source", "raw:" + dir}));
        QCOMPARE(own.exit_code, 2);
        QVERIFY2(own.err.contains(dir.toUtf8()) && own.err.contains("is a directory"),
                 own.err.constData());
        QVERIFY(start(home) > 0);
        tltest::ServiceGuard guard{home};
        auto served = run_cli(with_home(home, {"backup", "--source", "raw:" + dir}));
        QCOMPARE(served.exit_code, 2);
        QVERIFY2(served.err.contains(dir.toUtf8()) && served.err.contains("is a directory"),
                 served.err.constData());
        auto jobs = run_cli(with_home(home, {"jobs", "list", "--json"}));
        QVERIFY2(jobs.exit_code == 0, jobs.err.constData());
        QCOMPARE(jobs.json().array().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestServiceActions)
#include "test_service_actions.moc"
