#include <QtTest>

#include <csignal>

#include <fcntl.h>
#include <unistd.h>

#include "../service/service_guard.h"
#include "agent_process.h"
#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::run_cli;

// Remote clients through the real programs (docs/agent.md): tapeloom-agent processes on
// 127.0.0.1 (free ports they choose and print), the CLI backing up one client's tree into the
// library and restoring it onto another client, pinned certificates refused on both sides,
// and a restore kept within the agent's --allow.
class TestAgent : public QObject {
    Q_OBJECT

    using Agent = tltest::AgentProcess;

    QTemporaryDir dir_;
    std::vector<std::unique_ptr<Agent>> agents_;

    QString path(const QString& name) const { return dir_.path() + "/" + name; }
    // A data directory of each test function's own (on PostgreSQL, a catalog of its own).
    int run_ = 0;
    QString home() const { return path("home" + QString::number(run_)); }
    static QStringList h(const QString& home, QStringList args) {
        return tltest::with_home(home, std::move(args));
    }

    // An agent with its own state, initialized; not yet serving.
    Agent& make_agent(const QString& name) {
        agents_.push_back(std::make_unique<Agent>(path("state-" + name)));
        return *agents_.back();
    }

    // Starts `serve` and waits for the address it listens on.
    static bool serve(Agent& a, const QStringList& allow) { return a.serve(allow); }

    // client add NAME for `a` (at its address and fingerprint); the service's fingerprint.
    QString add_client(const QString& name, const Agent& a, const QString& fingerprint = {}) {
        auto r =
            run_cli(h(home(), {"client", "add", name, "--address", a.address, "--fingerprint",
                               fingerprint.isEmpty() ? a.fingerprint : fingerprint, "--json"}));
        return r.json().object().value("service_fingerprint").toString();
    }

    bool trust(const Agent& a, const QString& service) {
        return tltest::run_agent({"trust", "--state", a.state, "--server-fingerprint", service})
                   .exit_code == 0;
    }

private Q_SLOTS:
    void init() {
        QVERIFY(dir_.isValid());
        ++run_;
        auto lib = run_cli(h(home(), {"library", "add", "--virtual", "--name", "small", "--drives",
                                      "2", "--slots", "10", "--capacity", "64M"}));
        QCOMPARE(lib.exit_code, 0);
    }

    void cleanup() {
        for (auto& a : agents_)
            if (a->process) {
                a->process->kill();
                a->process->waitForFinished();
            }
        agents_.clear();
        QDir(dir_.path()).removeRecursively();
        QDir().mkpath(dir_.path());
    }

    void backupOfOneClientRestoresOntoAnother() {
        const QString src = path("client-a-tree"), to = path("client-b-target");
        QVERIFY(tltest::make_fixture_tree(src));
        auto& a = make_agent("a");
        auto& b = make_agent("b");
        QCOMPARE(a.fingerprint.size(), 64);
        QVERIFY(a.fingerprint != b.fingerprint);
        QVERIFY(serve(a, {src}));
        QVERIFY(serve(b, {to}));
        const QString service = add_client("A", a);
        QCOMPARE(service.size(), 64);
        QCOMPARE(add_client("B", b), service);
        QVERIFY(trust(a, service));
        QVERIFY(trust(b, service));

        auto backup = run_cli(h(
            home(), {"backup", "--client", "A", "--source", src, "--library", "small", "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        QCOMPARE(
            backup.json().object().value("sessions").toArray().at(0).toObject().value("source"),
            QJsonValue("client:A:" + src));
        auto restore =
            run_cli(h(home(), {"restore", "--job", "1", "--client", "B", "--to", to, "--json"}));
        QVERIFY2(restore.exit_code == 0, restore.out.constData());
        QVERIFY(restore.json().object().value("restored").toInteger() > 0);
        QVERIFY(restore.json().object().value("blocks_read").toInteger() > 0);
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));

        auto list = run_cli(h(home(), {"client", "list", "--json"}));
        QCOMPARE(list.exit_code, 0);
        const auto clients = list.json().array();
        QCOMPARE(clients.size(), 2);
        QCOMPARE(clients.at(0).toObject().value("name").toString(), QString("A"));
        QCOMPARE(clients.at(1).toObject().value("name").toString(), QString("B"));
        QVERIFY(clients.at(0).toObject().value("last_backup").isDouble());
        QVERIFY(!clients.at(0).toObject().value("version").toString().isEmpty());
        QVERIFY(clients.at(1).toObject().value("last_backup").isNull());
    }

    // Many small files make many catalog records per stream buffer on the link (protocol 2:
    // binary records): each one reaches the catalog as it was read, a name that is no UTF-8
    // and a name of 255 bytes too, and the restore onto another client is the same tree.
    void manySmallFilesAndRawNamesComeThroughTheRecords() {
        const QString src = path("small-tree"), to = path("small-target");
        int entries = 1; // the root
        for (int d = 0; d < 40; ++d, ++entries) {
            const QString dir = src + QString("/d%1").arg(d, 2, 10, QChar('0'));
            QVERIFY(QDir().mkpath(dir));
            for (int f = 0; f < 60; ++f, ++entries) {
                QFile file(dir + QString("/f%1.dat").arg(f, 4, 10, QChar('0')));
                QVERIFY(file.open(QIODevice::WriteOnly));
                file.write(QByteArray((d * 61 + f * 37) % 3000 + 1, char('a' + f % 26)));
            }
        }
        const std::string root = QFile::encodeName(src).toStdString();
        // QDir cannot name a file whose name is no UTF-8: those are removed here, whatever
        // the test's outcome, restored copies too.
        struct RawNames {
            std::vector<std::string> paths;
            ~RawNames() {
                for (const auto& p : paths)
                    ::unlink(p.c_str());
            }
        } raw;
        const std::string restored = QFile::encodeName(to).toStdString() + root;
        raw.paths = {root + "/d00/caf\xe9\xff.txt", restored + "/d00/caf\xe9\xff.txt"};
        const std::vector<std::string> names = {std::string(255, 'L'), "caf\xe9\xff.txt"};
        for (const std::string& name : names) {
            const int fd = ::open((root + "/d00/" + name).c_str(), O_CREAT | O_WRONLY, 0644);
            QVERIFY(fd >= 0);
            QCOMPARE(::write(fd, name.data(), name.size()), static_cast<ssize_t>(name.size()));
            ::close(fd);
            ++entries;
        }
        auto& a = make_agent("a");
        auto& b = make_agent("b");
        QVERIFY(serve(a, {src}));
        QVERIFY(serve(b, {to}));
        const QString service = add_client("A", a);
        QCOMPARE(add_client("B", b), service);
        QVERIFY(trust(a, service));
        QVERIFY(trust(b, service));

        auto backup = run_cli(h(
            home(), {"backup", "--client", "A", "--source", src, "--library", "small", "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        QCOMPARE(backup.json().object().value("files").toInteger(), entries);
        // The catalog's records (sizes, hashes, where each object starts) against the tape.
        auto verify = run_cli(h(home(), {"verify", "--job", "1"}));
        QVERIFY2(verify.exit_code == 0, (verify.out + verify.err).constData());
        auto restore =
            run_cli(h(home(), {"restore", "--job", "1", "--client", "B", "--to", to, "--json"}));
        QVERIFY2(restore.exit_code == 0, restore.out.constData());
        QCOMPARE(restore.json().object().value("restored").toInteger(), entries);
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
    }

    void unknownFingerprintsAreRefusedOnBothSides() {
        const QString src = path("tree"), to = path("target");
        QVERIFY(tltest::make_fixture_tree(src));
        auto& a = make_agent("a");
        auto& other = make_agent("other");
        QVERIFY(serve(a, {}));
        // The service pins another certificate than agent A presents.
        const QString service = add_client("WRONG", a, other.fingerprint);
        QVERIFY(trust(a, service));
        auto pinned = run_cli(
            h(home(), {"backup", "--client", "WRONG", "--source", src, "--library", "small"}));
        QVERIFY(pinned.exit_code != 0);
        QVERIFY2(pinned.err.contains("not the pinned") || pinned.out.contains("not the pinned"),
                 pinned.out.constData());
        auto refused_restore =
            run_cli(h(home(), {"restore", "--job", "1", "--client", "WRONG", "--to", to}));
        QVERIFY(refused_restore.exit_code != 0);
        QVERIFY(!QFileInfo::exists(to));

        // The agent trusts another service than this one.
        QVERIFY(trust(a, QString(64, 'a')));
        QCOMPARE(add_client("A", a), service);
        auto untrusted =
            run_cli(h(home(), {"backup", "--client", "A", "--source", src, "--library", "small"}));
        QVERIFY(untrusted.exit_code != 0);
        const QByteArray said = untrusted.out + untrusted.err;
        QVERIFY2(said.contains("does not trust this service"), said.constData());
        QVERIFY2(said.contains(service.toUtf8()), said.constData()); // what to trust, named
        auto restore = run_cli(h(home(), {"restore", "--job", "2", "--client", "A", "--to", to}));
        QVERIFY(restore.exit_code != 0);
        QVERIFY(!QFileInfo::exists(to));
        const QByteArray& agent_log = a.wait_for_log("is not the trusted service");
        QVERIFY2(agent_log.contains("is not the trusted service"), agent_log.constData());
        QVERIFY2(agent_log.contains(service.toUtf8()), agent_log.constData());
        // Nothing was read on the client nor entered the catalog.
        QVERIFY2(!agent_log.contains("backup of"), agent_log.constData());
        for (const char* job : {"1", "2"})
            QVERIFY(run_cli(h(home(), {"files", "ls", "--job", job, "--json"}))
                        .json()
                        .array()
                        .isEmpty());
        // Both refusals are logged on the service's side too, naming the client.
        QFile log(home() + "/logs/tapeloom.log");
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray service_log = log.readAll();
        QVERIFY2(service_log.contains("client WRONG: ") && service_log.contains("not the pinned"),
                 service_log.right(2000).constData());
        QVERIFY2(service_log.contains("client A: ") &&
                     service_log.contains("does not trust this service"),
                 service_log.right(2000).constData());
    }

    void restoreOutsideAllowIsRefused() {
        const QString src = path("tree"), allowed = path("allowed"), outside = path("outside");
        QVERIFY(tltest::make_fixture_tree(src));
        QVERIFY(QDir().mkpath(allowed));
        auto& a = make_agent("a");
        QVERIFY(serve(a, {src, allowed}));
        QVERIFY(trust(a, add_client("A", a)));
        auto backup =
            run_cli(h(home(), {"backup", "--client", "A", "--source", src, "--library", "small"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        auto refused = run_cli(h(home(), {"restore", "--job", "1", "--to", outside}));
        QVERIFY(refused.exit_code != 0);
        QVERIFY2((refused.out + refused.err).contains("outside what this agent allows"),
                 refused.err.constData());
        QVERIFY(!QFileInfo::exists(outside));
        // A target that leaves the allowed root through ".." is outside too.
        auto dotdot =
            run_cli(h(home(), {"restore", "--job", "1", "--to", allowed + "/../outside"}));
        QVERIFY(dotdot.exit_code != 0);
        QVERIFY(!QFileInfo::exists(outside));
        // Within --allow, the job's own client gets its tree back.
        auto ok = run_cli(h(home(), {"restore", "--job", "1", "--to", allowed}));
        QVERIFY2(ok.exit_code == 0, ok.out.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, allowed + src, &why), qPrintable(why));
    }

    // One job backs up two clients; client A's agent hangs, then is killed while the job runs:
    // A's session fails naming the client, B's completes and restores identical, the job is
    // partial (exit 7), and its drives are given back.
    void killedAgentFailsOnlyItsClientsSession() {
        const QString src_a = path("tree-a"), src_b = path("tree-b"), to = path("target-b");
        QVERIFY(tltest::make_fixture_tree(src_a));
        QVERIFY(tltest::make_fixture_tree(src_b));
        auto& a = make_agent("a");
        auto& b = make_agent("b");
        QVERIFY(serve(a, {src_a}));
        QVERIFY(serve(b, {src_b, to}));
        const QString service = add_client("A", a);
        QCOMPARE(add_client("B", b), service);
        QVERIFY(trust(a, service));
        QVERIFY(trust(b, service));

        QVERIFY(::kill(static_cast<pid_t>(a.process->processId()), SIGSTOP) == 0);
        QProcess job;
        job.setProcessEnvironment(tltest::cli_environment(home()));
        job.start(QStringLiteral(TAPELOOM_CLI),
                  h(home(), {"backup", "--source", "client:A:" + src_a, "--source",
                             "client:B:" + src_b, "--library", "small", "--drives", "2",
                             "--sessions-per-drive", "1", "--json"}));
        QVERIFY(b.wait_for_log(": done").contains(": done")); // B's session ended
        QVERIFY(::kill(static_cast<pid_t>(a.process->processId()), SIGKILL) == 0);
        QVERIFY(job.waitForFinished(120000));
        QCOMPARE(job.exitCode(), 7);
        const auto report = QJsonDocument::fromJson(job.readAllStandardOutput()).object();
        qint64 saveset_b = 0;
        for (const auto& v : report.value("sessions").toArray()) {
            const auto session = v.toObject();
            if (session.value("source").toString().startsWith("client:A:")) {
                QCOMPARE(session.value("status").toString(), QString("failed"));
                QVERIFY2(session.value("error").toString().startsWith("client A: "),
                         qPrintable(session.value("error").toString()));
            } else {
                QCOMPARE(session.value("status").toString(), QString("completed"));
                saveset_b = session.value("saveset_id").toInteger();
            }
        }
        QVERIFY(saveset_b > 0);
        auto restore =
            run_cli(h(home(), {"restore", "--saveset", QString::number(saveset_b), "--to", to}));
        QVERIFY2(restore.exit_code == 0, restore.out.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src_b, to + src_b, &why), qPrintable(why));
        // The job gave its drives back: the next backup of the client runs.
        auto again = run_cli(h(home(), {"backup", "--client", "B", "--source", src_b, "--library",
                                        "small", "--drives", "2"}));
        QVERIFY2(again.exit_code == 0, again.err.constData());
    }

    // An incremental of a client is computed against that client's previous backup: after a
    // change, a delete and a rename, only what changed is stored and the restore of the
    // incremental is the tree as it is now.
    void incrementalOfAClientRestoresTheTreeAsItIsNow() {
        const QString src = path("tree"), to = path("target");
        QVERIFY(tltest::make_fixture_tree(src));
        auto& a = make_agent("a");
        QVERIFY(serve(a, {src, to, path("target-diff")}));
        QVERIFY(trust(a, add_client("A", a)));
        auto full = run_cli(h(home(), {"backup", "--client", "A", "--source", src, "--library",
                                       "small", "--name", "nightly", "--json"}));
        QVERIFY2(full.exit_code == 0, full.err.constData());
        const auto full_files = full.json().object().value("files").toInteger();

        QFile changed(src + "/small/d3/f3.txt");
        QVERIFY(changed.open(QIODevice::Append));
        changed.write("one more line\n");
        changed.close();
        QVERIFY(QFile::remove(src + "/big.bin"));
        QVERIFY(QFile::rename(src + "/small/d1/f1.txt", src + "/small/d1/f1-renamed.txt"));

        auto incr = run_cli(h(home(), {"backup", "--client", "A", "--source", src, "--library",
                                       "small", "--name", "nightly", "--level", "incr", "--json"}));
        QVERIFY2(incr.exit_code == 0, incr.err.constData());
        const auto report = incr.json().object();
        QCOMPARE(report.value("level").toString(), QString("incr"));
        QVERIFY(report.value("files").toInteger() < full_files);
        const auto counts = report.value("level_sources").toArray().at(0).toObject();
        QCOMPARE(counts.value("deleted").toInt(), 2); // big.bin and f1.txt's old name
        QVERIFY(counts.value("unchanged").toInt() > 0);

        auto restore = run_cli(h(home(), {"restore", "--job", "2", "--to", to}));
        QVERIFY2(restore.exit_code == 0, restore.out.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));

        // A differential after one more change is taken against the full: the full's two
        // deletions again, and its restore is the tree as it is now.
        QFile more(src + "/small/d5/f5.txt");
        QVERIFY(more.open(QIODevice::Append));
        more.write("and one for the differential\n");
        more.close();
        auto diff = run_cli(h(home(), {"backup", "--client", "A", "--source", src, "--library",
                                       "small", "--name", "nightly", "--level", "diff", "--json"}));
        QVERIFY2(diff.exit_code == 0, diff.err.constData());
        QCOMPARE(diff.json().object().value("level").toString(), QString("diff"));
        QVERIFY(diff.json().object().value("files").toInteger() < full_files);
        QCOMPARE(diff.json()
                     .object()
                     .value("level_sources")
                     .toArray()
                     .at(0)
                     .toObject()
                     .value("deleted")
                     .toInt(),
                 2);
        const QString to_diff = path("target-diff");
        QVERIFY(QDir().mkpath(to_diff));
        const QString diff_job = QString::number(diff.json().object().value("job_id").toInteger());
        auto restored = run_cli(h(home(), {"restore", "--job", diff_job, "--to", to_diff}));
        QVERIFY2(restored.exit_code == 0, (restored.out + restored.err).constData());
        QVERIFY2(tltest::same_tree(src, to_diff + src, &why), qPrintable(why));
    }

    // While the service runs the data directory, the client commands, a client's backup and
    // its restore go through it (the service connects to the agent with its own identity).
    void clientsThroughTheService() {
        const QString src = path("tree"), to = path("target");
        QVERIFY(tltest::make_fixture_tree(src));
        auto& a = make_agent("a");
        QVERIFY(serve(a, {src, to}));
        tltest::ServiceGuard guard{home()};
        auto started = run_cli(h(home(), {"service", "start"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        QVERIFY(trust(a, add_client("A", a)));
        auto backup = run_cli(h(
            home(), {"backup", "--client", "A", "--source", src, "--library", "small", "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const auto job = backup.json().object().value("job_id").toInteger();
        QVERIFY(job > 0);
        auto restore = run_cli(h(home(), {"restore", "--job", QString::number(job), "--to", to}));
        QVERIFY2(restore.exit_code == 0, restore.out.constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
        auto show = run_cli(h(home(), {"client", "show", "A", "--json"}));
        QCOMPARE(show.exit_code, 0);
        QVERIFY(show.json().object().value("last_backup").isDouble());
    }

    // GET /v1/clients and /metrics of a real service with a real agent: a client is online
    // once its agent answered, with its version, OS, last backup and that backup's bytes; a
    // client never contacted, and one whose agent stopped answering, is offline; a definition's
    // last success names the client it read.
    void clientsInTheApiAndMetrics() {
        const QString src = path("tree");
        QVERIFY(tltest::make_fixture_tree(src));
        auto& a = make_agent("a");
        auto& b = make_agent("b");
        QVERIFY(serve(a, {src}));
        tltest::ServiceGuard guard{home()};
        auto started = run_cli(h(home(), {"service", "start"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        QVERIFY(trust(a, add_client("A", a)));
        b.address = "127.0.0.1:9";
        QVERIFY(!add_client("B", b).isEmpty());
        auto backup = run_cli(h(home(), {"backup", "--client", "A", "--source", src, "--library",
                                         "small", "--name", "web", "--json"}));
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const auto read = backup.json().object().value("bytes").toInteger();
        QVERIFY(read > 0);

        tl::client::ServiceClient api(home().toStdString());
        auto clients = api.clients();
        QVERIFY2(clients, clients ? "" : clients.error().message.c_str());
        QCOMPARE(clients->size(), std::size_t{2});
        const auto ca = clients->at(0), cb = clients->at(1);
        QCOMPARE(ca.value("name", ""), std::string("A"));
        QCOMPARE(ca.value("online", false), true);
        QCOMPARE(ca.value("fingerprint", ""), a.fingerprint.toStdString());
        QVERIFY(!ca.value("version", "").empty() && !ca.value("os", "").empty());
        QVERIFY(ca.at("last_seen").is_number() && ca.at("last_backup").is_number());
        QCOMPARE(ca.at("last_backup_bytes").get<qint64>(), read);
        QCOMPARE(cb.value("online", true), false); // never contacted
        QVERIFY(cb.at("last_backup").is_null() && cb.at("last_seen").is_null());
        auto one = api.client("A");
        QVERIFY(one && one.value() == ca);
        auto missing = api.client("nobody");
        QVERIFY(!missing && missing.error().kind == tl::ErrorKind::NotFound);
        QVERIFY2(missing.error().message.find("client nobody is not added") != std::string::npos,
                 missing.error().message.c_str());

        auto text = api.metrics();
        QVERIFY(text);
        const auto last = std::to_string(ca.at("last_backup").get<long long>());
        QVERIFY(text->find("tapeloom_client_up{client=\"A\"} 1\n") != std::string::npos);
        QVERIFY(text->find("tapeloom_client_up{client=\"B\"} 0\n") != std::string::npos);
        QVERIFY(text->find("tapeloom_client_last_backup_timestamp_seconds{client=\"A\"} " + last) !=
                std::string::npos);
        QVERIFY(text->find("tapeloom_client_last_backup_timestamp_seconds{client=\"B\"}") ==
                std::string::npos);
        QVERIFY(text->find("tapeloom_client_last_backup_bytes{client=\"A\"} " +
                           std::to_string(read) + "\n") != std::string::npos);
        QVERIFY(text->find("tapeloom_client_last_backup_bytes{client=\"B\"}") == std::string::npos);
        QVERIFY2(text->find("tapeloom_backup_last_success_timestamp_seconds{definition=\"web\","
                            "client=\"A\"}") != std::string::npos,
                 text->c_str());

        // A's agent ends: the next backup cannot reach it, and A is offline with its last
        // backup kept.
        a.process->kill();
        a.process->waitForFinished();
        auto failed = run_cli(h(home(), {"backup", "--client", "A", "--source", src, "--library",
                                         "small", "--name", "web"}));
        QVERIFY(failed.exit_code != 0);
        auto after = api.client("A");
        QVERIFY(after);
        QCOMPARE(after->value("online", true), false);
        QCOMPARE(after->at("last_backup"), ca.at("last_backup"));
        QVERIFY(api.metrics()->find("tapeloom_client_up{client=\"A\"} 0\n") != std::string::npos);
    }

    // The engine's "changed while read" check runs on the client: a file appended to while
    // the agent reads it is a warning of the job naming the client and the file (exit 8).
    void aFileChangedWhileReadIsAWarningOfTheJob() {
        const QString src = path("busy-tree"), busy = src + "/growing.log";
        QVERIFY(tltest::write_file(src + "/quiet.txt", "still\n"));
        QVERIFY(tltest::write_file(busy, tltest::random_bytes(16 << 20, 3)));
        auto& a = make_agent("a");
        QVERIFY(serve(a, {src}));
        QVERIFY(trust(a, add_client("A", a)));
        QProcess writer; // appends to the file as long as the backup runs
        writer.start("sh", {"-c", "while :; do printf x >> '" + busy + "'; done"});
        QVERIFY(writer.waitForStarted());
        auto backup = run_cli(h(
            home(), {"backup", "--client", "A", "--source", src, "--library", "small", "--json"}));
        writer.kill();
        writer.waitForFinished();
        QVERIFY2(backup.exit_code == 8, (backup.out + backup.err).constData()); // warnings
        const auto report = backup.json().object();
        QCOMPARE(report.value("status").toString(), QString("warnings"));
        QCOMPARE(report.value("files").toInteger(), 3); // the root, both files
        QStringList warnings;
        for (const auto& w : report.value("warnings").toArray())
            warnings << w.toString();
        QVERIFY2(warnings.contains("client A: file changed while it was read: " + busy),
                 qPrintable(warnings.join('\n')));
        QCOMPARE(warnings.size(), 1); // the quiet file is not named
    }

    // A job definition names a client's tree as client:NAME:/path; one of a client that is not
    // added is refused.
    void jobDefinitionsNameAClientsTrees() {
        auto unknown = run_cli(h(home(), {"job", "define", "nightly", "client:X:/srv"}));
        QCOMPARE(unknown.exit_code, 3);
        QVERIFY2(unknown.err.contains("client X is not added"), unknown.err.constData());
        auto& x = make_agent("x");
        x.address = "127.0.0.1:9";
        QVERIFY(!add_client("X", x).isEmpty());
        auto defined = run_cli(h(home(), {"job", "define", "nightly", "client:X:/srv"}));
        QVERIFY2(defined.exit_code == 0, defined.err.constData());
    }
};

TLTEST_CATALOG_MAIN(TestAgent)
#include "test_agent.moc"
