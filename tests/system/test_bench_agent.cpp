// `tapeloom-cli bench agent` (issue 41) through the real CLI at a tiny size: it starts real
// tapeloom-agent processes (found beside the CLI), backs the same files up from local sources
// and from the agents, and reports both with their ratios. Never speeds: the machine may be
// busy; the figures must agree with each other and with the files given.
#include <QtTest>

#include <random>

#include "cli_runner.h"

using tltest::run_cli;

namespace {

bool write_random(const QString& path, int n, unsigned seed) {
    std::mt19937 g(seed);
    QByteArray b(n, '\0');
    for (auto& c : b)
        c = static_cast<char>(g());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(b) == b.size();
}

} // namespace

class TestBenchAgent : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QStringList sources_; // two trees of 3 files each
    qint64 bytes_ = 0;

    QString scratch() const { return dir_.path() + "/scratch"; }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QVERIFY(QDir().mkpath(scratch()));
        for (int t = 0; t < 2; ++t) {
            const QString tree = dir_.path() + "/tree" + QString::number(t);
            QVERIFY(QDir().mkpath(tree + "/sub"));
            for (int i = 0; i < 3; ++i) {
                const int n = (200 + 150 * i) << 10;
                QVERIFY(write_random(tree + (i ? "/sub/f" : "/f") + QString::number(i), n,
                                     static_cast<unsigned>(10 * t + i)));
                bytes_ += n;
            }
            sources_ << tree;
        }
    }

    void reportsBothBackupsTheClientsAndTheRatios() {
        auto r = run_cli({"bench", "agent", "--source", sources_[0], "--source", sources_[1],
                          "--agents", "2", "--drives", "1", "--sessions-per-drive", "2",
                          "--scratch", scratch(), "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        const auto o = r.json().object();
        const auto local = o.value("local").toObject();
        const auto agent = o.value("agent").toObject();
        QCOMPARE(o.value("data").toObject().value("bytes").toInteger(), bytes_);
        QCOMPARE(local.value("bytes").toInteger(), bytes_);
        QCOMPARE(agent.value("bytes").toInteger(), bytes_);
        // The same entries cataloged both ways (files and their directories).
        QCOMPARE(agent.value("files").toInteger(), local.value("files").toInteger());
        QCOMPARE(agent.value("job_status").toString(), QString("completed"));
        const auto clients = agent.value("clients").toArray();
        QCOMPARE(clients.size(), 2);
        qint64 client_bytes = 0;
        for (const auto& c : clients) {
            QCOMPARE(c.toObject().value("sessions").toInt(), 1);
            QVERIFY(c.toObject().value("mb_s").toDouble() > 0);
            client_bytes += c.toObject().value("bytes").toInteger();
        }
        QCOMPARE(client_bytes, bytes_);
        QVERIFY(agent.value("agent_cpu_seconds").toDouble() > 0);
        QVERIFY(agent.contains("service_cpu_s_per_gib"));
        QVERIFY(agent.contains("agent_cpu_s_per_gib"));
        const double ratio = o.value("ratio_agent_local").toDouble();
        QVERIFY(ratio > 0);
        QCOMPARE(ratio, agent.value("mb_s").toDouble() / local.value("mb_s").toDouble());
        QVERIFY(o.value("ratio_agent_local_files").toDouble() > 0);
        QCOMPARE(o.value("bacula_files_per_s").toDouble(), 9408.0);
        QCOMPARE(o.value("ratio_agent_bacula_files").toDouble(),
                 agent.value("files_per_s").toDouble() / 9408.0);
        // Everything it made is gone, the agents' state directories too.
        QCOMPARE(QDir(scratch()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size(), 0);
    }

    void printsTheRatiosAsText() {
        auto r = run_cli({"bench", "agent", "--source", sources_[0], "--scratch", scratch()});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY(r.out.contains("from agents (TLS)"));
        QVERIFY(r.out.contains("client bench-agent-1"));
        QVERIFY(r.out.contains("agent / local (MB/s)"));
        QVERIFY(r.out.contains("agent / local (files/s)"));
        QVERIFY(r.out.contains("agent / Bacula 9.6 fd (files/s)"));
        QVERIFY(r.out.contains("quoted from docs/benchmarks.md, not measured here"));
    }

    void aMissingAgentProgramAndIdleAgentsAreRefused() {
        const QString missing = dir_.path() + "/no-such-agent";
        auto r = run_cli({"bench", "agent", "--source", sources_[0], "--scratch", scratch(),
                          "--agent", missing});
        QVERIFY(r.exit_code != 0);
        QVERIFY2(r.err.contains(missing.toUtf8()), r.err.constData());
        QVERIFY(r.err.contains("--agent"));
        QCOMPARE(QDir(scratch()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size(), 0);
        QCOMPARE(run_cli({"bench", "agent", "--agents", "0", "--scratch", scratch()}).exit_code, 2);
        // An agent without a source to serve is refused before anything is made.
        auto idle = run_cli(
            {"bench", "agent", "--source", sources_[0], "--agents", "2", "--scratch", scratch()});
        QCOMPARE(idle.exit_code, 2);
        QVERIFY2(idle.err.contains("--agents 2: only 1 source(s)"), idle.err.constData());
        QCOMPARE(QDir(scratch()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestBenchAgent)
#include "test_bench_agent.moc"
