#include <QtTest>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_runner.h"
#include "client/service_client.h"
#include "common/home.h"
#include "fixture_tree.h"
#include "raw_http.h"

using tltest::run_cli;
using tltest::with_home;

// The Tapeloom service end to end: started and stopped through the real tapeloom-cli, called
// through the client library (engine/client) and with raw cpp-httplib on its Unix socket.
class TestService : public QObject {
    Q_OBJECT

    static void make_source(const QString& dir, int files) {
        for (int i = 0; i < files; ++i)
            QVERIFY(tltest::write_file(dir + QString("/f%1.bin").arg(i),
                                       tltest::random_bytes(20000 + i * 777, 7 + i)));
    }
    static std::string s(const QString& q) { return q.toStdString(); }

    // Starts the service detached; returns its pid (0 on failure, with the CLI's error logged).
    static long start(const QString& home) {
        auto r = run_cli(with_home(home, {"service", "start"}));
        if (r.exit_code != 0) qWarning() << r.err;
        return r.exit_code == 0 ? r.text().trimmed().toLong() : 0;
    }

    // Submits an ad-hoc backup of `src` and follows its queue entry until it ended.
    static tl::client::QueueEntryState back_up(tl::client::ServiceClient& c, const QString& src) {
        auto id = c.submit_backup({{"sources", {s(src)}}, {"drives", 1}});
        if (!id) qWarning() << id.error().message.c_str();
        tl::client::QueueEntryState e;
        if (!id) return e;
        for (;;) {
            auto q = c.queue_entry(id.value());
            if (!q) {
                qWarning() << q.error().message.c_str();
                return e;
            }
            if (q->state == "ended") return q.value();
            QTest::qWait(100);
        }
    }

    static bool path_exists(const QString& p) {
        struct stat st {};
        return lstat(p.toLocal8Bit().constData(), &st) == 0;
    }

    // Each sample line is NAME[{labels}] VALUE, and its metric family has a # TYPE line first.
    static QMap<QString, double> parse_prometheus(const QString& text, QString* why) {
        QMap<QString, double> samples;
        QSet<QString> typed;
        const QStringList kinds = {"counter", "gauge", "histogram", "summary", "untyped"};
        for (const auto& line : text.split('\n', Qt::SkipEmptyParts)) {
            const auto words = line.split(' ');
            if (line.startsWith("# TYPE ") && words.size() == 4 && kinds.contains(words[3])) {
                typed.insert(words[2]);
                continue;
            }
            if (line.startsWith("# HELP ")) continue;
            const qsizetype space = line.lastIndexOf(' ');
            const QString key = line.left(space);
            const QString name = key.left(key.indexOf('{'));
            bool number = false;
            const double value = line.mid(space + 1).toDouble(&number);
            const bool labels_ok =
                !key.contains('{') || (key.endsWith('}') && key.count('"') % 2 == 0);
            if (space <= 0 || !number || !labels_ok || !typed.contains(name)) {
                *why = "not Prometheus text: " + line;
                return {};
            }
            samples[key] = value;
        }
        return samples;
    }

    // Stops the service of `home` when a test ends early (opening `gate` first, if given, so a
    // held pre-command lets the running job end).
    struct StopAtExit {
        QString home, gate;
        ~StopAtExit() {
            tl::client::ServiceClient c(home.toStdString());
            if (!c.service()) return;
            if (!gate.isEmpty()) tltest::write_file(gate, "open");
            run_cli(with_home(home, {"service", "stop"}));
        }
    };

private Q_SLOTS:
    void aBackupSubmittedByPostCompletesAndRestoresIdentical() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src",
                      to = d.path() + "/restored";
        make_source(src, 6);
        // A socket left by a service that died is removed; the service starts over it.
        QVERIFY(QDir().mkpath(home));
        {
            const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
            sockaddr_un a{};
            a.sun_family = AF_UNIX;
            const QByteArray p = (home + "/tapeloom.sock").toLocal8Bit();
            std::memcpy(a.sun_path, p.constData(), p.size() + 1);
            QCOMPARE(bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
            close(fd);
        }
        const long pid = start(home);
        QVERIFY(pid > 0);
        StopAtExit guard{home, {}};
        struct stat st {};
        QCOMPARE(stat((home + "/tapeloom.sock").toLocal8Bit().constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
        QCOMPARE(tl::HomeLock::holder(s(home)), pid); // the service holds the data directory

        // A second service on the same data directory is refused, naming the first.
        auto second = run_cli(with_home(home, {"service", "start"}));
        QCOMPARE(second.exit_code, 4);
        QVERIFY2(second.err.contains(QByteArray::number(qint64(pid))), second.err.constData());
        auto status = run_cli(with_home(home, {"service", "status", "--json"}));
        QCOMPARE(status.exit_code, 0);
        QCOMPARE(status.json().object().value("pid").toInteger(), qint64(pid));

        tl::client::ServiceClient c(s(home));
        auto st1 = c.status();
        QVERIFY2(st1, st1 ? "" : st1.error().message.c_str());
        QCOMPARE(QString::fromStdString(st1->at("home").get<std::string>()), home);

        const auto ended = back_up(c, src);
        QCOMPARE(QString::fromStdString(ended.status), QStringLiteral("completed"));
        QVERIFY(ended.job > 0);
        auto job = c.job(ended.job);
        QVERIFY(job);
        QCOMPARE(job->at("status").get<std::string>(), std::string("completed"));
        QCOMPARE(job->at("job_id").get<std::int64_t>(), ended.job);

        // /metrics is Prometheus text and counts what the catalog holds.
        auto text = c.metrics();
        QVERIFY(text);
        QString why;
        const auto samples = parse_prometheus(QString::fromStdString(text.value()), &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QCOMPARE(samples.value("tapeloom_catalog_jobs"), 1.0);
        QVERIFY(samples.value("tapeloom_catalog_bytes") > 0);
        QVERIFY(samples.contains("tapeloom_queue_length"));
        QVERIFY(samples.value("tapeloom_volumes{state=\"append\"}") >= 1);

        // service stop: through the API; afterwards no socket and no lock.
        auto stop = run_cli(with_home(home, {"service", "stop"}));
        QVERIFY2(stop.exit_code == 0, stop.err.constData());
        QVERIFY(!path_exists(home + "/tapeloom.sock"));
        QCOMPARE(tl::HomeLock::holder(s(home)), 0L);
        QCOMPARE(run_cli(with_home(home, {"service", "status"})).exit_code, 3);
        auto gone = c.status();
        QVERIFY(!gone);
        QVERIFY2(QString::fromStdString(gone.error().message).contains("service not running"),
                 gone.error().message.c_str());

        // The restored bytes equal the source.
        auto r =
            run_cli(with_home(home, {"restore", "--job", QString::number(ended.job), "--to", to}));
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QString diff;
        QVERIFY2(tltest::same_tree(src, to + src, &diff), qPrintable(diff));
    }

    void jobsComeInPagesInTheCliShapes() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        make_source(src, 2);
        QVERIFY(start(home) > 0);
        StopAtExit guard{home, {}};
        tl::client::ServiceClient c(s(home));
        for (int i = 0; i < 3; ++i)
            QCOMPARE(QString::fromStdString(back_up(c, src).status), QStringLiteral("completed"));
        auto first = c.jobs(2, 0);
        QVERIFY(first);
        QCOMPARE(first->at("total").get<int>(), 3);
        QCOMPARE(first->at("jobs").size(), 2u);
        auto rest = c.jobs(2, 2);
        QVERIFY(rest);
        QCOMPARE(rest->at("jobs").size(), 1u);
        auto all = first->at("jobs");
        all.push_back(rest->at("jobs").at(0));
        auto volumes = c.volumes();
        auto pools = c.pools();
        QVERIFY(volumes && pools);
        auto bad = c.jobs(0, 0);
        QVERIFY(!bad);
        QCOMPARE(bad.error().kind, tl::ErrorKind::InvalidArgument);
        auto missing = c.job(999);
        QVERIFY(!missing);
        QCOMPARE(missing.error().kind, tl::ErrorKind::NotFound);
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);

        // The same JSON as the CLI's --json output, value for value.
        auto same = [&](const QStringList& args, const nlohmann::json& api) {
            auto cli = run_cli(with_home(home, args));
            QVERIFY2(cli.exit_code == 0, cli.err.constData());
            QCOMPARE(nlohmann::json::parse(cli.out.toStdString()).dump(), api.dump());
        };
        same({"jobs", "list", "--json"}, all);
        same({"volume", "list", "--json"}, volumes.value());
        same({"pool", "list", "--json"}, pools.value());
    }

    // The command tunnel is gone (issue 38): no route runs a CLI command line in the service
    // (POST /v1/commands, /v1/queries, the untyped action routes) nor shows its output (GET
    // /v1/tasks); each is 404 with the API's error body, and the typed routes answer.
    void theCommandTunnelIsGone() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        QVERIFY(start(home) > 0);
        StopAtExit guard{home, {}};
        const std::string sock = s(home + "/tapeloom.sock");
        const std::string line = R"({"command": "pool list", "options": {"slot": "1"}})";
        for (const char* path : {"/v1/queries", "/v1/commands", "/v1/volumes/label",
                                 "/v1/library/load", "/v1/library/unload", "/v1/tasks/1/cancel"}) {
            const auto r = tltest::raw_post(sock, path, line, "");
            QVERIFY2(r.status == 404, path);
            QVERIFY2(nlohmann::json::parse(r.body, nullptr, false).contains("error"), path);
        }
        for (const char* path : {"/v1/tasks", "/v1/tasks/1"})
            QVERIFY2(tltest::raw_get(sock, path, "1").status == 404, path);
        QCOMPARE(tltest::raw_get(sock, "/v1/pools", "1").status, 200);
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
    }

    // A stored definition submitted by name runs through the queue; a second run of it while
    // one is queued is refused, an unknown one is not found; a cancel stops the running one.
    void aDefinitionRunsByNameAndIsCancelled() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", gate = d.path() + "/gate";
        make_source(src, 2);
        // The pre-command holds the run until the test opens the gate.
        auto def =
            run_cli(with_home(home, {"job", "define", "held", src, "--drives", "1", "--pre-command",
                                     "while [ ! -e '" + gate + "' ] && [ -d '" + d.path() +
                                         "' ]; do sleep 0.05; done"}));
        QVERIFY2(def.exit_code == 0, def.err.constData());
        QVERIFY(start(home) > 0);
        StopAtExit guard{home, gate};
        tl::client::ServiceClient c(s(home));
        auto id = c.submit_backup({{"definition", "held"}, {"level", "full"}});
        QVERIFY2(id, id ? "" : id.error().message.c_str());
        // A second run waits behind the first (one run of a definition at a time).
        auto again = c.submit_backup({{"definition", "held"}});
        QVERIFY(again);
        auto unknown = c.submit_backup({{"definition", "nope"}});
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().kind, tl::ErrorKind::NotFound);
        auto bad = c.submit_backup({{"sources", {s(src)}}, {"level", "weekly"}});
        QVERIFY(!bad);
        QCOMPARE(bad.error().kind, tl::ErrorKind::InvalidArgument);
        for (;;) {
            auto e = c.queue_entry(id.value());
            QVERIFY(e);
            if (e->state == "running") break;
            QTest::qWait(50);
        }
        auto listed = c.queue();
        QVERIFY(listed);
        QCOMPARE(listed->at("entries").size(), 2u);
        // A cancel answers once the service acted: the waiting entry is gone, the running job
        // is asked to stop.
        QVERIFY(c.cancel(again.value()));
        QCOMPARE(c.queue_entry(again.value()).error().kind, tl::ErrorKind::NotFound);
        listed = c.queue();
        QVERIFY(listed);
        QCOMPARE(listed->at("entries").size(), 1u);
        QVERIFY(c.cancel(id.value()));
        QCOMPARE(c.cancel(999).error().kind, tl::ErrorKind::NotFound);
        QVERIFY(tltest::write_file(gate, "open"));
        tl::client::QueueEntryState ended;
        for (;;) {
            auto e = c.queue_entry(id.value());
            QVERIFY(e);
            if (e->state == "ended") {
                ended = e.value();
                break;
            }
            QTest::qWait(50);
        }
        QCOMPARE(QString::fromStdString(ended.status), QStringLiteral("cancelled"));
        auto job = c.job(ended.job);
        QVERIFY(job);
        QCOMPARE(job->at("status").get<std::string>(), std::string("cancelled"));
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
    }

    // While the service runs, `tapeloom-cli backup` goes through it (instead of exit 4 on the
    // lock) and prints the job's report with the backup's exit code.
    void theBackupCommandGoesThroughARunningService() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        make_source(src, 3);
        QVERIFY(start(home) > 0);
        StopAtExit guard{home, {}};
        auto full =
            run_cli(with_home(home, {"backup", "--source", src, "--drives", "1", "--json"}));
        QVERIFY2(full.exit_code == 0, full.err.constData());
        const auto report = full.json().object();
        QCOMPARE(report.value("status").toString(), QStringLiteral("completed"));
        QVERIFY(report.value("files").toInt() >= 3); // the files and their directory
        const int job = report.value("job_id").toInt();
        QVERIFY(job > 0);
        auto incr = run_cli(with_home(home, {"backup", src, "--drives", "1", "--level", "incr"}));
        QVERIFY2(incr.exit_code == 0, incr.err.constData());
        QVERIFY2(incr.text().startsWith(QString("Job %1 (backup): completed").arg(job + 1)),
                 incr.out.constData());
        // Refused before anything runs, with the backup's exit codes.
        auto missing = run_cli(with_home(home, {"backup", "--source", d.path() + "/nope"}));
        QCOMPARE(missing.exit_code, 3);
        QVERIFY2(missing.err.contains("nope"), missing.err.constData());
        auto pool = run_cli(with_home(home, {"backup", "--source", src, "--pool", "Nope"}));
        QCOMPARE(pool.exit_code, 3);
        auto local = run_cli(with_home(home, {"backup", "--source", src, "--checkpoint", "1G"}));
        QCOMPARE(local.exit_code, 2);
        QVERIFY2(local.err.contains("service stop"), local.err.constData());
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
        // The report printed is the job's stored report.
        auto show = run_cli(with_home(home, {"jobs", "show", QString::number(job), "--json"}));
        QCOMPARE(show.exit_code, 0);
        QCOMPARE(show.json().object(), report);
    }

    void aClientOfAnotherApiVersionIsRefused() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        QVERIFY(start(home) > 0);
        StopAtExit guard{home, {}};
        const std::string sock = s(home + "/tapeloom.sock");
        auto res = tltest::raw_get(sock, "/v1/status", "2");
        QVERIFY(res.connected);
        QCOMPARE(res.status, 400);
        const auto body = nlohmann::json::parse(res.body);
        QCOMPARE(body["error"]["kind"].get<std::string>(), std::string("invalid-argument"));
        QVERIFY2(QString::fromStdString(body["error"]["message"].get<std::string>())
                     .contains("API version 1"),
                 res.body.c_str());
        auto ok = tltest::raw_get(sock, "/v1/jobs", "1");
        QCOMPARE(ok.status, 200);
        QVERIFY(nlohmann::json::parse(ok.body)["jobs"].is_array());
        auto unknown = tltest::raw_get(sock, "/v1/nothing", "1");
        QCOMPARE(unknown.status, 404);
        QCOMPARE(nlohmann::json::parse(unknown.body)["error"]["kind"].get<std::string>(),
                 std::string("not-found"));
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
    }

    // A user who is neither root nor the data directory's owner is refused: first by the
    // socket's mode, and, with the socket opened up on purpose, by the SO_PEERCRED check.
    void aPeerOfAnotherUidIsRefused() {
        if (geteuid() != 0) QSKIP("needs root to become nobody (65534)");
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        QVERIFY(start(home) > 0);
        StopAtExit guard{home, {}};
        const std::string sock = s(home + "/tapeloom.sock");
        // Child exit: 0 refused at connect, 1 got 403, 2 got anything else.
        auto as_nobody = [&] {
            const pid_t child = fork();
            if (child == 0) {
                if (setgid(65534) != 0 || setuid(65534) != 0) _exit(3);
                const auto res = tltest::raw_get(sock, "/v1/jobs", "1");
                _exit(!res.connected ? 0 : res.status == 403 ? 1 : 2);
            }
            int status = 0;
            waitpid(child, &status, 0);
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        };
        QCOMPARE(as_nobody(), 0);
        QCOMPARE(chmod(d.path().toLocal8Bit().constData(), 0711), 0);
        QCOMPARE(chmod(home.toLocal8Bit().constData(), 0711), 0);
        QCOMPARE(chmod(sock.c_str(), 0666), 0);
        QCOMPARE(as_nobody(), 1);
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
        QFile log(home + "/logs/tapeloom.log");
        QVERIFY(log.open(QIODevice::ReadOnly));
        QVERIFY(log.readAll().contains("refused GET /v1/jobs from uid 65534"));
    }

    // A detached service must not keep what its caller had open: a script's lock file, a pipe a
    // caller reads to its end. The CLI here holds a file opened without close-on-exec (as a
    // shell's `flock 9>file` or `exec 3>` leaves it) when it starts the service.
    void theStartedServiceKeepsNoneOfItsCallersFiles() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        const QByteArray held = (d.path() + "/held-by-the-caller").toLocal8Bit();
        const int fd = ::open(held.constData(), O_WRONLY | O_CREAT, 0600); // no O_CLOEXEC
        QVERIFY(fd >= 0);
        const long pid = start(home);
        ::close(fd);
        QVERIFY(pid > 0);
        StopAtExit stop{home, {}};
        const QString fds = QString("/proc/%1/fd").arg(pid);
        const QStringList open_fds =
            QDir(fds).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System);
        QVERIFY2(!open_fds.isEmpty(), qPrintable(fds));
        for (const QString& n : open_fds) {
            const QString target = QFile::symLinkTarget(fds + "/" + n);
            QVERIFY2(target != QString::fromLocal8Bit(held),
                     qPrintable("the service holds its caller's file as fd " + n));
        }
    }

    void aGroupWritableDataDirectoryIsRefused() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        QVERIFY(QDir().mkpath(home));
        QCOMPARE(chmod(home.toLocal8Bit().constData(), 0775), 0);
        auto r = run_cli(with_home(home, {"service", "start", "--foreground"}));
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("chmod go-w"), r.err.constData());
        QVERIFY(!path_exists(home + "/tapeloom.sock"));
    }
};

QTEST_GUILESS_MAIN(TestService)
#include "test_service.moc"
