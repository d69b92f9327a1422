#include <QtTest>

#include <set>

#include <sys/stat.h>
#include <sys/xattr.h>

#include "../service/service_guard.h"
#include "agent_process.h"
#include "cli_runner.h"
#include "fixture_tree.h"

using tltest::AgentProcess;
using tltest::run_cli;

// A job definition and a schedule naming a client, run by the service's own scheduler (issue
// 41, docs/agent.md "Backups of a client"), through the real programs: a real tapeloom-agent
// with its own state on 127.0.0.1 and a real service; `job define --client A` and a one-shot
// schedule a few seconds ahead; nobody runs the job by hand. The job's report names the
// client's tree, `files ls` lists it, and its restore onto the client is byte-identical, with
// its metadata.
class TestAgentSchedule : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString path(const QString& name) const { return dir_.path() + "/" + name; }
    QString home() const { return path("home"); }
    QStringList h(QStringList args) const { return tltest::with_home(home(), std::move(args)); }

    // The definition's job once it ended (its `jobs list` row), or {} after `ms`.
    QJsonObject ended_job(const QString& definition, int ms) const {
        for (QDeadlineTimer deadline(ms); !deadline.hasExpired(); QTest::qWait(300)) {
            auto r = run_cli(h({"jobs", "list", "--json"}));
            for (const auto& v : r.json().array()) {
                const auto j = v.toObject();
                const QString status = j.value("status").toString();
                if (j.value("name").toString() == definition && status != "running" &&
                    status != "waiting")
                    return j;
            }
        }
        return {};
    }

    // The service's log file (docs/service.md): what its scheduler queued (info lines reach
    // the file when it is flushed: at a warning, or when the service ends).
    QByteArray service_log() const {
        QFile f(home() + "/logs/tapeloom.log");
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    static struct stat lst(const QString& p) {
        struct stat st {};
        ::lstat(QFile::encodeName(p).constData(), &st);
        return st;
    }

    // The fixture's extended attribute of `p` (empty where the filesystem has none).
    static QByteArray xattr(const QString& p) {
        char value[64] = {};
        const auto n =
            ::getxattr(QFile::encodeName(p).constData(), "user.tapeloom.test", value, sizeof value);
        return QByteArray(value, static_cast<int>(std::max<ssize_t>(n, 0)));
    }

private Q_SLOTS:
    void aScheduledDefinitionOfAClientRunsInTheService() {
        QVERIFY(dir_.isValid());
        QCOMPARE(run_cli(h({"library", "add", "--virtual", "--name", "small", "--drives", "2",
                            "--slots", "10", "--capacity", "256M"}))
                     .exit_code,
                 0);
        const QString src = path("client-tree"), to = path("client-target");
        QVERIFY(tltest::make_fixture_tree(src, 4 << 20));
        AgentProcess a(path("state-a"));
        QVERIFY(!a.fingerprint.isEmpty());
        QVERIFY(a.serve({src, to}));
        tltest::ServiceGuard guard{home()};
        // At log level info its log says what its scheduler queued and why.
        auto started = run_cli(h({"--log-level", "info", "service", "start"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        const QString service = a.add_to(home(), "A");
        QVERIFY(!service.isEmpty());
        QVERIFY(a.trust(service));

        // --client names the client of the sources given with it, and only with them.
        auto bare = run_cli(h({"job", "define", "nothing", "--client", "A"}));
        QCOMPARE(bare.exit_code, 2);
        auto defined = run_cli(h({"job", "define", "nightly-a", "--client", "A", "--source", src,
                                  "--library", "small", "--drives", "1"}));
        QVERIFY2(defined.exit_code == 0, defined.err.constData());
        auto shown = run_cli(h({"job", "show", "nightly-a", "--json"}));
        QCOMPARE(shown.json().object().value("sources").toArray().first().toString(),
                 "client:A:" + src);

        // Due in a few seconds (still ahead when a slow build's CLI stores it); the service's
        // scheduler (1 s tick) queues and runs it.
        const QString when =
            QDateTime::currentDateTime().addSecs(8).toString("yyyy-MM-dd HH:mm:ss");
        auto add = run_cli(h({"schedule", "add", "nightly-a", "--at", when, "--json"}));
        QVERIFY2(add.exit_code == 0, add.err.constData());

        const auto job = ended_job("nightly-a", 240000);
        QVERIFY2(job.value("status").toString() == "completed",
                 (QJsonDocument(job).toJson() + service_log()).constData());
        const qint64 id = job.value("id").toInteger();

        // Its report names the client's tree.
        auto show = run_cli(h({"jobs", "show", QString::number(id), "--json"}));
        QCOMPARE(show.exit_code, 0);
        const auto sessions = show.json().object().value("sessions").toArray();
        QCOMPARE(sessions.size(), 1);
        QCOMPARE(sessions.first().toObject().value("source").toString(), "client:A:" + src);
        QCOMPARE(sessions.first().toObject().value("status").toString(), QString("completed"));

        // `files ls` shows the client's tree: the names at its top, under its client source.
        auto ls = run_cli(h({"files", "ls", "--job", QString::number(id), "--json"}));
        QCOMPARE(ls.exit_code, 0);
        std::set<QString> listed, expected;
        for (const auto& v : ls.json().array()) {
            QCOMPARE(v.toObject().value("source").toString(), "client:A:" + src);
            listed.insert(v.toObject().value("name").toString());
        }
        for (const auto& e : QDir(src).entryList(QDir::AllEntries | QDir::NoDotAndDotDot |
                                                 QDir::Hidden | QDir::System))
            expected.insert(e);
        QCOMPARE(listed, expected);

        // The restore goes to the job's client and gives the tree back byte-identical.
        auto restore = run_cli(h({"restore", "--job", QString::number(id), "--to", to}));
        QVERIFY2(restore.exit_code == 0, (restore.out + restore.err).constData());
        QString why;
        QVERIFY2(tltest::same_tree(src, to + src, &why), qPrintable(why));
        // What diff does not see comes back through the agent too: modes, times, the hard
        // link, the extended attribute, the sparse file's holes.
        const QString out = to + src;
        for (const char* p :
             {"/hard1", "/big.bin", "/ünïcødé/日本語.txt", "/small/d3", "/emptydir"}) {
            const auto want = lst(src + QString::fromUtf8(p)),
                       got = lst(out + QString::fromUtf8(p));
            QCOMPARE(got.st_mode, want.st_mode);
            QCOMPARE(got.st_mtim.tv_sec, want.st_mtim.tv_sec);
            QCOMPARE(got.st_mtim.tv_nsec, want.st_mtim.tv_nsec);
        }
        QCOMPARE(lst(out + "/hard1").st_ino, lst(out + "/hard2").st_ino);
        QCOMPARE(xattr(out + "/hard1"), xattr(src + "/hard1"));
        const auto sparse = lst(out + "/sparse.img");
        QCOMPARE(sparse.st_size, static_cast<off_t>(8 << 20));
        QVERIFY(sparse.st_blocks * 512 < sparse.st_size / 2);

        // The scheduler queued it for its schedule (the log is whole once the service ended).
        QCOMPARE(run_cli(h({"service", "stop"})).exit_code, 0);
        const QByteArray log = service_log();
        QVERIFY2(log.contains("queued full run of 'nightly-a' as entry 1 (schedule)"),
                 log.right(900).constData());
    }
};

QTEST_GUILESS_MAIN(TestAgentSchedule)
#include "test_agent_schedule.moc"
