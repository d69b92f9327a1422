#include <QtTest>

#include <csignal>

#include "cli_runner.h"
#include "client/service_client.h"
#include "fixture_tree.h"

using tltest::run_cli;
using tltest::with_home;

// kill -9 of the service while a job runs: a client following it says "service stopped" and
// fails; after `service start` the job is marked failed, clients work again and a new backup
// restores identical.
class TestServiceKilled : public QObject {
    Q_OBJECT

    static std::string s(const QString& q) { return q.toStdString(); }

    // tapeloom_api_streams of GET /metrics: the streams clients follow now (-1: no answer).
    static int streams_open(tl::client::ServiceClient& c) {
        auto m = c.metrics();
        if (!m) return -1;
        const auto at = m->find("\ntapeloom_api_streams ");
        return at == std::string::npos ? -1 : std::atoi(m->c_str() + at + 22);
    }

    struct StopAtExit {
        QString home, gate;
        ~StopAtExit() {
            tltest::write_file(gate, "open");
            tl::client::ServiceClient c(home.toStdString());
            if (c.service()) run_cli(with_home(home, {"service", "stop"}));
        }
    };

private Q_SLOTS:
    void aKilledServiceIsSaidAndAReconnectingClientWorks() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", gate = d.path() + "/gate",
                      to = d.path() + "/r";
        QVERIFY(tltest::write_file(src + "/a.bin", tltest::random_bytes(40000, 4)));
        auto def =
            run_cli(with_home(home, {"job", "define", "held", src, "--drives", "1", "--pre-command",
                                     "while [ ! -e '" + gate + "' ] && [ -d '" + d.path() +
                                         "' ]; do sleep 0.05; done"}));
        QVERIFY2(def.exit_code == 0, def.err.constData());
        auto started = run_cli(with_home(home, {"service", "start"}));
        QCOMPARE(started.exit_code, 0);
        const pid_t pid = started.text().trimmed().toInt();
        StopAtExit guard{home, gate};
        tl::client::ServiceClient c(s(home));
        auto id = c.submit_backup({{"definition", "held"}});
        QVERIFY(id);
        QTRY_VERIFY_WITH_TIMEOUT(c.queue_entry(id.value())->state == "running", 30000);

        // A client following the service's events.
        QProcess events;
        events.start(QStringLiteral(TAPELOOM_CLI), with_home(home, {"events", "--no-autostart"}));
        QVERIFY(events.waitForStarted());
        // Its stream is open (the service counts it) before the service is killed.
        QTRY_VERIFY_WITH_TIMEOUT(streams_open(c) == 1, 30000);
        QCOMPARE(kill(pid, SIGKILL), 0);
        QVERIFY(events.waitForFinished(30000));
        QCOMPARE(events.exitCode(), 1);
        const QByteArray said = events.readAllStandardError();
        QVERIFY2(said.contains("service stopped"), said.constData());

        // Started again: the interrupted job is failed, clients work, a backup restores.
        tltest::write_file(gate, "open");
        QCOMPARE(run_cli(with_home(home, {"service", "start"})).exit_code, 0);
        auto status = run_cli(with_home(home, {"service", "status"}));
        QCOMPARE(status.exit_code, 0);
        // No job is left running or waiting: the interrupted one is marked failed.
        for (const auto& j : run_cli(with_home(home, {"jobs", "list", "--json"})).json().array())
            QVERIFY(j.toObject().value("status").toString() != "running" &&
                    j.toObject().value("status").toString() != "waiting");
        auto backup =
            run_cli(with_home(home, {"backup", "--source", src, "--drives", "1", "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const QString job = QString::number(backup.json().object().value("job_id").toInt());
        auto restore = run_cli(with_home(home, {"restore", "--job", job, "--to", to}));
        QVERIFY2(restore.exit_code == 0, restore.err.constData());
        QString diff;
        QVERIFY2(tltest::same_tree(src, to + src, &diff), qPrintable(diff));
    }
};

QTEST_GUILESS_MAIN(TestServiceKilled)
#include "test_service_killed.moc"
