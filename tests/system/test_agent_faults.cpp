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

    enum class Cut { LinkDown, AgentKilled };

    // The names `files ls --job JOB` lists at the top of client A's tree (what is committed).
    QStringList committedOfA(qint64 job) const {
        QStringList names;
        auto r = run_cli(h({"files", "ls", "--job", QString::number(job), "--json"}));
        for (const auto& v : r.json().array())
            if (v.toObject().value("source").toString().startsWith("client:A:"))
                names << v.toObject().value("name").toString();
        return names;
    }

    // The id of the job running in the data directory, 0 when none is seen within 60 s.
    qint64 runningJob() const {
        for (QDeadlineTimer deadline(60000); !deadline.hasExpired(); QTest::qWait(200))
            for (const auto& v : run_cli(h({"jobs", "list", "--json"})).json().array())
                if (v.toObject().value("status").toString() == "running")
                    return v.toObject().value("id").toInteger();
        return 0;
    }

    // One job of client A (in the namespace, its link throttled) and client B (on loopback)
    // over 2 drives; once A's files before its last, large one are committed, A's session is
    // cut (its link set down: the service's 30 s silence rule; or its agent killed: the socket
    // closes). A's session fails naming the client, B's completes, the job is partial (exit
    // 7); no drive stays reserved (a backup on both drives runs next); B's tree and A's
    // committed files restore identical, A's cut file is not there under its name; with the
    // link up again (or the agent started again) a retry of A works.
    void cutOneClientMidSession(Cut cut) {
        QVERIFY(dir_.isValid());
        if (const QString why = makeNamespace(); !why.isEmpty())
            QSKIP(qPrintable("cannot make a network namespace here: " + why));
        QCOMPARE(throttle(), QString());
        const QString srcA = path("tree-a"), srcB = path("tree-b"), toA = path("target-a"),
                      toB = path("target-b"), last = srcA + "/zz-last.bin";
        QVERIFY(tltest::make_fixture_tree(srcA, 1 << 20));
        // Walked after every name but ünïcødé/ (names sorted bytewise).
        QVERIFY(tltest::write_file(last, tltest::random_bytes(24 << 20, 5)));
        QVERIFY(tltest::make_fixture_tree(srcB, 1 << 20));
        QVERIFY(QDir().mkpath(toA) && QDir().mkpath(toB));
        QCOMPARE(run_cli(h({"library", "add", "--virtual", "--name", "small", "--drives", "2",
                            "--slots", "10", "--capacity", "256M"}))
                     .exit_code,
                 0);
        AgentProcess a(path("state-a")), b(path("state-b"));
        a.launcher = QStringList{"ip", "netns", "exec", ns_};
        QVERIFY(a.serve({srcA, toA}, nsAddress_ + ":0"));
        QVERIFY(b.serve({srcB, toB}));
        const QString service = a.add_to(home(), "A");
        QCOMPARE(b.add_to(home(), "B"), service);
        QVERIFY(a.trust(service) && b.trust(service));

        QProcess job;
        job.setProcessEnvironment(tltest::cli_environment(home()));
        job.start(QStringLiteral(TAPELOOM_CLI),
                  h({"backup", "--source", "client:A:" + srcA, "--source", "client:B:" + srcB,
                     "--library", "small", "--drives", "2", "--sessions-per-drive", "1",
                     "--checkpoint", "256K", "--json"}));
        const qint64 id = runningJob();
        QVERIFY(id > 0);
        // A's files before zz-last.bin are committed (its 24 MiB take about a minute through
        // the throttle): the session is cut in the middle of that file.
        QStringList committed;
        for (QDeadlineTimer deadline(120000);
             !committed.contains("sparse.img") && !deadline.hasExpired(); QTest::qWait(300))
            committed = committedOfA(id);
        QVERIFY2(committed.contains("sparse.img"), qPrintable(committed.join(' ')));
        QVERIFY(!committed.contains("zz-last.bin"));
        if (cut == Cut::LinkDown)
            QCOMPARE(sh("ip", {"link", "set", hostSide_, "down"}), QString());
        else
            a.stop(); // SIGKILL
        QVERIFY(job.waitForFinished(120000));
        QCOMPARE(job.exitCode(), 7);
        const auto report = QJsonDocument::fromJson(job.readAllStandardOutput()).object();
        qint64 savesetA = 0, savesetB = 0;
        for (const auto& v : report.value("sessions").toArray()) {
            const auto s = v.toObject();
            if (s.value("source").toString().startsWith("client:A:")) {
                savesetA = s.value("saveset_id").toInteger();
                QCOMPARE(s.value("status").toString(), QString("failed"));
                QVERIFY2(s.value("error").toString().startsWith("client A: "),
                         qPrintable(s.value("error").toString()));
            } else {
                savesetB = s.value("saveset_id").toInteger();
                QCOMPARE(s.value("status").toString(), QString("completed"));
            }
        }
        QVERIFY(savesetA > 0 && savesetB > 0);

        // No drive stays reserved: a job on both drives runs.
        auto again = run_cli(h(
            {"backup", "--client", "B", "--source", srcB, "--library", "small", "--drives", "2"}));
        QVERIFY2(again.exit_code == 0, again.err.constData());
        auto restoreB =
            run_cli(h({"restore", "--saveset", QString::number(savesetB), "--to", toB}));
        QVERIFY2(restoreB.exit_code == 0, (restoreB.out + restoreB.err).constData());
        QString why;
        QVERIFY2(tltest::same_tree(srcB, toB + srcB, &why), qPrintable(why));

        // The link back up (and fast), or the agent serving again where it was added.
        QCOMPARE(sh("ip", {"netns", "exec", ns_, "tc", "qdisc", "del", "dev", nsSide_, "root"}),
                 QString());
        if (cut == Cut::LinkDown)
            QCOMPARE(sh("ip", {"link", "set", hostSide_, "up"}), QString());
        else
            QVERIFY(a.serve({srcA, toA}, a.address));
        // What A's session committed restores identical (its catalog holds only what was
        // committed); the file it was cut in is not there.
        auto restoreA =
            run_cli(h({"restore", "--saveset", QString::number(savesetA), "--to", toA, "--json"}));
        QVERIFY2(restoreA.exit_code == 0, (restoreA.out + restoreA.err).constData());
        QVERIFY(restoreA.json().object().value("restored").toInteger() > 200);
        QCOMPARE(restoreA.json().object().value("failed").toInteger(), 0);
        QVERIFY2(tltest::same_tree(srcA + "/small", toA + srcA + "/small", &why), qPrintable(why));
        for (const char* f : {"/big.bin", "/hard1", "/hard2", "/empty", "/sparse.img"}) {
            QFile want(srcA + f), got(toA + srcA + f);
            QVERIFY2(want.open(QIODevice::ReadOnly) && got.open(QIODevice::ReadOnly), f);
            QVERIFY2(want.readAll() == got.readAll(), f);
        }
        QVERIFY(!QFileInfo::exists(toA + last));

        auto retry = run_cli(
            h({"backup", "--client", "A", "--source", srcA, "--library", "small", "--json"}));
        QVERIFY2(retry.exit_code == 0, retry.err.constData());
        QCOMPARE(retry.json().object().value("status").toString(), QString("completed"));
    }

private Q_SLOTS:
    void cleanup() {
        if (nsMade_) {
            sh("ip", {"link", "del", hostSide_});
            sh("ip", {"netns", "del", ns_});
            nsMade_ = false;
        }
        // Each test function with a data directory, trees and agents of its own.
        QDir(dir_.path()).removeRecursively();
        QDir().mkpath(dir_.path());
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

    // The link to client A's agent goes down while its session runs.
    void linkDownFailsOnlyThatClientsSession() { cutOneClientMidSession(Cut::LinkDown); }

    // Client A's agent is killed while its session runs (its socket closes).
    void killedAgentFailsOnlyThatClientsSession() { cutOneClientMidSession(Cut::AgentKilled); }
};

QTEST_MAIN(TestAgentFaults)
#include "test_agent_faults.moc"
