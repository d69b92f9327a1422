#include <QtTest>

#include <future>

#include "agent/agent_state.h"
#include "agent/identity.h"
#include "agent/tls_link.h"
#include "agent/wire.h"
#include "agent_process.h"
#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::AgentProcess;
using tltest::run_cli;
namespace wire = tl::agent;

// Refusals of the agent link through the real programs (issue 41, docs/agent.md "Trust" and
// "Versioning"): a peer of another major version of the protocol, met by the real
// `tapeloom-cli` on one side and by the real `tapeloom-agent serve` on the other (the peer
// speaking the other version is this test, with the engine's own link), and a client that is
// not added. Each is refused with a message naming both versions (or the name), logged, and
// nothing is read or written.
class TestAgentRefusals : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString path(const QString& name) const { return dir_.path() + "/" + name; }
    QString home() const { return path("home"); }
    QStringList h(QStringList args) const { return tltest::with_home(home(), std::move(args)); }

    // The hello of a side of the next major version of the protocol.
    static nlohmann::json future_hello(const std::string& role) {
        auto j = wire::hello(role);
        j["protocol"]["major"] = wire::kProtocolMajor + 1;
        return j;
    }

    // What a peer of the next major version hears on `link` after its hello: the other side's
    // hello, then its error frame (the message), then nothing (the link ends).
    struct Heard {
        bool hello = false;
        std::string error;
        bool more = false; // a frame after the error (a request: it should not come)
    };
    static Heard listen_as_future(wire::TlsLink& link) {
        Heard heard;
        heard.hello = static_cast<bool>(wire::receive_json(link, wire::frame::kHello));
        auto told = wire::receive_json(link, wire::frame::kHello);
        heard.error = told ? std::string("(no error)") : told.error().message;
        link.set_timeout(5);
        heard.more = static_cast<bool>(link.receive());
        return heard;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QCOMPARE(run_cli(h({"library", "add", "--virtual", "--name", "small", "--drives", "2",
                            "--slots", "10", "--capacity", "64M"}))
                     .exit_code,
                 0);
    }

    // The real CLI (the service's side) meets an agent of the next major version: the session
    // fails naming the client and both versions, the job fails, and no backup is asked for.
    void theServiceRefusesAnAgentOfAnotherMajorVersion() {
        const QString src = path("tree");
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        auto me = tl::agent::init_agent(path("future-agent").toStdString());
        QVERIFY(me);
        std::string service; // set before the CLI connects
        auto listener =
            wire::TlsListener::listen("127.0.0.1:0", me.value(), [&service] { return service; });
        QVERIFY(listener);
        const QString address = "127.0.0.1:" + QString::number(listener.value()->port());
        auto add = run_cli(h({"client", "add", "FUTURE", "--address", address, "--fingerprint",
                              QString::fromStdString(me->fingerprint), "--json"}));
        QCOMPARE(add.exit_code, 0);
        service = add.json().object().value("service_fingerprint").toString().toStdString();
        QCOMPARE(service.size(), std::size_t{64});

        auto peer = std::async(std::launch::async, [&listener] {
            auto link = listener.value()->accept();
            if (!link) return Heard{false, link.error().message, false};
            if (!wire::send_json(*link.value(), wire::frame::kHello, future_hello("agent")))
                return Heard{};
            return listen_as_future(*link.value());
        });
        auto backup = run_cli(
            h({"backup", "--client", "FUTURE", "--source", src, "--library", "small", "--json"}));
        const Heard heard = peer.get();
        QVERIFY(backup.exit_code != 0);
        const QByteArray said = backup.out + backup.err;
        const QByteArray future = "agent protocol " + QByteArray::number(wire::kProtocolMajor + 1);
        QVERIFY2(said.contains(future), said.constData());
        QVERIFY2(said.contains("install the same major version"), said.constData());
        QVERIFY2(said.contains("client FUTURE"), said.constData());
        // The peer got the service's hello and its error naming both versions, and no request.
        QVERIFY(heard.hello);
        QVERIFY2(heard.error.find("install the same major version") != std::string::npos,
                 heard.error.c_str());
        QVERIFY(!heard.more);
        const auto session = backup.json().object().value("sessions").toArray().at(0).toObject();
        QCOMPARE(session.value("status").toString(), QString("failed"));
        QCOMPARE(session.value("files").toInteger(), 0);
    }

    // A service of the next major version (this test, with the data directory's identity,
    // which the real agent trusts) meets the real agent: the agent answers with its hello and
    // an error naming both versions, logs the refusal, and reads and writes nothing.
    void theAgentRefusesAServiceOfAnotherMajorVersion() {
        const QString src = path("agent-tree");
        QVERIFY(tltest::make_fixture_tree(src, 1 << 20));
        AgentProcess a(path("state-a"));
        QVERIFY(a.serve({src}));
        const QString service = a.add_to(home(), "A");
        QVERIFY(a.trust(service));
        auto me = tl::agent::service_identity(home().toStdString());
        QVERIFY(me);
        QCOMPARE(QString::fromStdString(me->fingerprint), service);

        auto link = wire::connect_agent(a.address.toStdString(), me.value(),
                                        a.fingerprint.toStdString(), 10);
        QVERIFY2(link, link ? "" : link.error().message.c_str());
        QVERIFY(wire::send_json(*link.value(), wire::frame::kHello, future_hello("service")));
        // A request sent at once (as an older or newer service might) is not acted on.
        QVERIFY(wire::send_json(*link.value(), wire::frame::kBackup,
                                {{"source", src.toStdString()}, {"codec", "none"}}));
        const Heard heard = listen_as_future(*link.value());
        QVERIFY(heard.hello);
        QVERIFY2(heard.error.find("agent protocol " + std::to_string(wire::kProtocolMajor + 1)) !=
                     std::string::npos,
                 heard.error.c_str());
        QVERIFY2(heard.error.find("install the same major version") != std::string::npos,
                 heard.error.c_str());
        QVERIFY(!heard.more);
        const QByteArray& log = a.wait_for_log("install the same major version");
        QVERIFY2(log.contains("install the same major version"), log.constData());
        QVERIFY2(!log.contains("backup of"), log.constData());
    }

    // A client that is not added (or was removed): a backup of it and a restore to it are
    // refused before any tape moves (exit 3), each naming the client; no backup job is
    // recorded, nothing written; a removed client's backups stay in the catalog.
    void aClientNotAddedIsRefused() {
        const QString to = path("nowhere");
        const auto jobs_before = run_cli(h({"jobs", "list", "--json"})).json().array().size();
        auto backup =
            run_cli(h({"backup", "--client", "NOBODY", "--source", "/srv", "--library", "small"}));
        QCOMPARE(backup.exit_code, 3);
        QVERIFY2(backup.err.contains("client NOBODY is not added"), backup.err.constData());
        auto mixed = run_cli(h({"backup", "--source", "client:NOBODY:/srv", "--library", "small"}));
        QCOMPARE(mixed.exit_code, 3);
        QVERIFY2(mixed.err.contains("client NOBODY is not added"), mixed.err.constData());
        auto jobs = run_cli(h({"jobs", "list", "--json"}));
        QCOMPARE(jobs.exit_code, 0);
        QCOMPARE(jobs.json().array().size(), jobs_before);
        // A client's backup, restored to a client that is not added.
        const QString tree = path("c-tree");
        QVERIFY(tltest::make_fixture_tree(tree, 1 << 20));
        AgentProcess c(path("state-c"));
        QVERIFY(c.serve({tree}));
        QVERIFY(c.trust(c.add_to(home(), "C")));
        auto mine = run_cli(
            h({"backup", "--client", "C", "--source", tree, "--library", "small", "--json"}));
        QVERIFY2(mine.exit_code == 0, mine.err.constData());
        const QString job = QString::number(mine.json().object().value("job_id").toInteger());
        auto restore = run_cli(h({"restore", "--job", job, "--client", "NOBODY", "--to", to}));
        QCOMPARE(restore.exit_code, 3);
        QVERIFY2(restore.err.contains("client NOBODY is not added"), restore.err.constData());

        // A client removed is one not added: no longer listed, its backups kept, refused.
        auto removed = run_cli(h({"client", "remove", "C"}));
        QVERIFY2(removed.exit_code == 0, removed.err.constData());
        auto list = run_cli(h({"client", "list", "--json"}));
        for (const auto& v : list.json().array())
            QVERIFY(v.toObject().value("name").toString() != "C");
        auto again =
            run_cli(h({"backup", "--client", "C", "--source", tree, "--library", "small"}));
        QCOMPARE(again.exit_code, 3);
        QVERIFY2(again.err.contains("client C is not added"), again.err.constData());
        auto kept = run_cli(h({"files", "ls", "--job", job, "--json"}));
        QCOMPARE(kept.exit_code, 0);
        QVERIFY(!kept.json().array().isEmpty());
        QVERIFY(!QFileInfo::exists(to));
    }
};

QTEST_GUILESS_MAIN(TestAgentRefusals)
#include "test_agent_refusals.moc"
