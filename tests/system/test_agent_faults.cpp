#include <QtTest>

#include <unistd.h>

#include "agent_process.h"
#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::AgentProcess;
using tltest::run_cli;

// Faults of remote clients through the real programs (docs/agent.md "Faults"): an agent in a
// network namespace this test creates (a veth pair with private addresses), whose link is set
// down in the middle of its session.
class TestAgentFaults : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString ns_, hostSide_, nsSide_, hostAddress_, nsAddress_;
    bool nsMade_ = false;

    QString path(const QString& name) const { return dir_.path() + "/" + name; }
    QString home() const { return path("home"); }
    QStringList h(QStringList args) const { return tltest::with_home(home(), std::move(args)); }

    // Runs a command; its error output when it failed, else empty.
    static QString sh(const QString& program, const QStringList& args) {
        QProcess p;
        p.start(program, args);
        if (!p.waitForFinished(30000)) return program + " did not end";
        if (p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0) return {};
        return program + " " + args.join(' ') + ": " + QString::fromUtf8(p.readAllStandardError());
    }

    // The namespace, the veth pair (host side up with .1, namespace side with .2) and loopback.
    QString makeNamespace() {
        const QString tag = QString::number(::getpid() % 100000);
        ns_ = "tlfault" + tag;
        hostSide_ = "tlh" + tag;
        nsSide_ = "tln" + tag;
        const int net = static_cast<int>(::getpid() % 250) + 1;
        hostAddress_ = QString("10.231.%1.1").arg(net);
        nsAddress_ = QString("10.231.%1.2").arg(net);
        if (auto e = sh("ip", {"netns", "add", ns_}); !e.isEmpty()) return e;
        nsMade_ = true;
        for (const auto& cmd : QList<QStringList>{
                 {"link", "add", hostSide_, "type", "veth", "peer", "name", nsSide_},
                 {"link", "set", nsSide_, "netns", ns_},
                 {"addr", "add", hostAddress_ + "/30", "dev", hostSide_},
                 {"link", "set", hostSide_, "up"},
                 {"netns", "exec", ns_, "ip", "addr", "add", nsAddress_ + "/30", "dev", nsSide_},
                 {"netns", "exec", ns_, "ip", "link", "set", nsSide_, "up"},
                 {"netns", "exec", ns_, "ip", "link", "set", "lo", "up"}})
            if (auto e = sh("ip", cmd); !e.isEmpty()) return e;
        return {};
    }

    // The agent's data leaves the namespace slowly (a token bucket on its side of the link):
    // its session is still running when the link goes down.
    QString throttle() {
        return sh("ip", {"netns", "exec", ns_, "tc", "qdisc", "add", "dev", nsSide_, "root", "tbf",
                         "rate", "4mbit", "burst", "32kbit", "latency", "400ms"});
    }

private Q_SLOTS:
    void cleanup() {
        if (nsMade_) {
            sh("ip", {"link", "del", hostSide_});
            sh("ip", {"netns", "del", ns_});
            nsMade_ = false;
        }
    }

    // A slow client (its link throttled) and a fast one share one drive (2 sessions on it): the
    // fast client's session ends while the slow one still runs; the throttle lifted, both
    // complete.
    void slowClientDoesNotStallAnotherOnTheSameDrive() {
        QVERIFY(dir_.isValid());
        if (const QString why = makeNamespace(); !why.isEmpty())
            QSKIP(qPrintable("cannot make a network namespace here: " + why));
        QCOMPARE(throttle(), QString());
        const QString srcA = path("slow-tree"), srcB = path("fast-tree");
        QVERIFY(tltest::make_fixture_tree(srcA, 24 << 20));
        QVERIFY(tltest::make_fixture_tree(srcB, 8 << 20));
        QCOMPARE(run_cli(h({"library", "add", "--virtual", "--name", "one", "--drives", "1",
                            "--slots", "10", "--capacity", "256M"}))
                     .exit_code,
                 0);
        AgentProcess a(path("state-slow")), b(path("state-fast"));
        a.launcher = QStringList{"ip", "netns", "exec", ns_};
        QVERIFY(a.serve({srcA}, nsAddress_ + ":0"));
        QVERIFY(b.serve({srcB}));
        const QString service = a.add_to(home(), "SLOW");
        QCOMPARE(b.add_to(home(), "FAST"), service);
        QVERIFY(a.trust(service) && b.trust(service));

        QProcess job;
        job.setProcessEnvironment(tltest::cli_environment(home()));
        job.start(QStringLiteral(TAPELOOM_CLI),
                  h({"backup", "--source", "client:SLOW:" + srcA, "--source", "client:FAST:" + srcB,
                     "--library", "one", "--drives", "1", "--sessions-per-drive", "2", "--json"}));
        QVERIFY(a.wait_for_log("backup of").contains("backup of"));
        QVERIFY(b.wait_for_log(": done").contains(": done")); // the fast session ended...
        QVERIFY(job.waitForStarted());
        QVERIFY(!job.waitForFinished(10)); // ...while the job still runs
        a.log += a.process->readAllStandardError();
        QVERIFY2(!a.log.contains(": done"), a.log.constData()); // the slow one still runs
        QCOMPARE(sh("ip", {"netns", "exec", ns_, "tc", "qdisc", "del", "dev", nsSide_, "root"}),
                 QString());
        QVERIFY(job.waitForFinished(120000));
        QCOMPARE(job.exitCode(), 0);
        const auto report = QJsonDocument::fromJson(job.readAllStandardOutput()).object();
        QCOMPARE(report.value("sessions").toArray().size(), 2);
        for (const auto& v : report.value("sessions").toArray())
            QCOMPARE(v.toObject().value("status").toString(), QString("completed"));
    }

    // The link to client A's agent goes down while its session runs: A's session fails naming
    // the client, B's (another agent, on loopback) completes, the job is partial (exit 7); the
    // drives are given back (a backup on both drives runs next) and, the link up again, a retry
    // of A works.
    void linkDownFailsOnlyThatClientsSession() {
        QVERIFY(dir_.isValid());
        if (const QString why = makeNamespace(); !why.isEmpty())
            QSKIP(qPrintable("cannot make a network namespace here: " + why));
        QCOMPARE(throttle(), QString());
        const QString srcA = path("tree-a"), srcB = path("tree-b");
        QVERIFY(tltest::make_fixture_tree(srcA, 24 << 20));
        QVERIFY(tltest::make_fixture_tree(srcB, 1 << 20));
        QCOMPARE(run_cli(h({"library", "add", "--virtual", "--name", "small", "--drives", "2",
                            "--slots", "10", "--capacity", "256M"}))
                     .exit_code,
                 0);
        AgentProcess a(path("state-a")), b(path("state-b"));
        a.launcher = QStringList{"ip", "netns", "exec", ns_};
        QVERIFY(a.serve({srcA}, nsAddress_ + ":0"));
        QVERIFY(b.serve({srcB}));
        const QString service = a.add_to(home(), "A");
        QCOMPARE(b.add_to(home(), "B"), service);
        QVERIFY(a.trust(service) && b.trust(service));

        QProcess job;
        job.setProcessEnvironment(tltest::cli_environment(home()));
        job.start(
            QStringLiteral(TAPELOOM_CLI),
            h({"backup", "--source", "client:A:" + srcA, "--source", "client:B:" + srcB,
               "--library", "small", "--drives", "2", "--sessions-per-drive", "1", "--json"}));
        QVERIFY(a.wait_for_log("backup of").contains("backup of")); // A's session runs
        QCOMPARE(sh("ip", {"link", "set", hostSide_, "down"}), QString());
        // Detected by the service's 30 s silence rule; the job then ends.
        QVERIFY(job.waitForFinished(120000));
        QCOMPARE(job.exitCode(), 7);
        const auto report = QJsonDocument::fromJson(job.readAllStandardOutput()).object();
        int failed = 0, completed = 0;
        for (const auto& v : report.value("sessions").toArray()) {
            const auto s = v.toObject();
            if (s.value("source").toString().startsWith("client:A:")) {
                ++failed;
                QCOMPARE(s.value("status").toString(), QString("failed"));
                QVERIFY2(s.value("error").toString().startsWith("client A: "),
                         qPrintable(s.value("error").toString()));
            } else {
                ++completed;
                QCOMPARE(s.value("status").toString(), QString("completed"));
            }
        }
        QCOMPARE(failed, 1);
        QCOMPARE(completed, 1);

        // No drive stays reserved: a job on both drives runs.
        auto again = run_cli(h(
            {"backup", "--client", "B", "--source", srcB, "--library", "small", "--drives", "2"}));
        QVERIFY2(again.exit_code == 0, again.err.constData());
        // The link back up (and fast): a retry of A works.
        QCOMPARE(sh("ip", {"netns", "exec", ns_, "tc", "qdisc", "del", "dev", nsSide_, "root"}),
                 QString());
        QCOMPARE(sh("ip", {"link", "set", hostSide_, "up"}), QString());
        auto retry = run_cli(
            h({"backup", "--client", "A", "--source", srcA, "--library", "small", "--json"}));
        QVERIFY2(retry.exit_code == 0, retry.err.constData());
        QCOMPARE(retry.json().object().value("status").toString(), QString("completed"));
    }
};

QTEST_MAIN(TestAgentFaults)
#include "test_agent_faults.moc"
