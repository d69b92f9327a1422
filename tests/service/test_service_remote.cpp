#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <sys/stat.h>

#include "cli_runner.h"
#include "client/service_client.h"
#include "fixture_tree.h"
#include "raw_http.h"
#include "service_guard.h"
#include "test_certificate.h"

using tltest::make_certificate;
using tltest::run_cli;
using tltest::with_home;

// Remote access (docs/api.md "Remote access"): `service start --listen` serves HTTPS on a TCP
// port for clients with a bearer token (`token add`, kept hashed in a 0600 file); the CLI's
// --connect backs up and restores through it. A missing, wrong or removed token and a client
// of another API version are refused with a clear error, logged, and change nothing.
class TestServiceRemote : public QObject {
    Q_OBJECT

    static std::string s(const QString& q) { return q.toStdString(); }

    static int jobs(const QString& home) {
        return run_cli(with_home(home, {"jobs", "list", "--json"})).json().array().size();
    }

private Q_SLOTS:
    void aTokenHolderBacksUpAndRestoresOverTls() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src", to = d.path() + "/r";
        QVERIFY(make_certificate(d.path()));
        for (int i = 0; i < 3; ++i)
            QVERIFY(tltest::write_file(src + QString("/f%1.bin").arg(i),
                                       tltest::random_bytes(25000 + i * 333, 21 + i)));
        auto add = run_cli(with_home(home, {"token", "add", "ops", "--scope", "operate"}));
        QVERIFY2(add.exit_code == 0, add.err.constData());
        const QString token = add.text().trimmed();
        QVERIFY(token.size() > 40);
        struct stat st {};
        QCOMPARE(stat((home + "/api-tokens.json").toLocal8Bit().constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
        QFile store(home + "/api-tokens.json");
        QVERIFY(store.open(QIODevice::ReadOnly));
        QVERIFY(!store.readAll().contains(token.toUtf8())); // only its hash
        QCOMPARE(run_cli(with_home(home, {"token", "add", "ops"})).exit_code, 1);
        QVERIFY(run_cli(with_home(home, {"token", "list"})).text().contains("ops"));

        const int port = tltest::free_local_port();
        QVERIFY(port > 0);
        const QString listen = QString("127.0.0.1:%1").arg(port), url = "https://" + listen,
                      ca = d.path() + "/cert.pem";
        auto started =
            run_cli(with_home(home, {"service", "start", "--listen", listen, "--tls-cert", ca,
                                     "--tls-key", d.path() + "/key.pem"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        tltest::ServiceGuard guard{home};
        const QStringList remote = {"--connect", url, "--token", token, "--ca-cert", ca};

        auto status = run_cli(QStringList{"service", "status", "--json"} + remote);
        QVERIFY2(status.exit_code == 0, status.err.constData());
        auto backup =
            run_cli(QStringList{"backup", "--source", src, "--drives", "1", "--json"} + remote);
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const QString job = QString::number(backup.json().object().value("job_id").toInt());
        auto restore = run_cli(QStringList{"restore", "--job", job, "--to", to} + remote);
        QVERIFY2(restore.exit_code == 0, restore.err.constData());
        QString diff;
        QVERIFY2(tltest::same_tree(src, to + src, &diff), qPrintable(diff));
        // Paths are the service's: with --connect a relative one is refused, nothing restored;
        // beside this machine's service it is this directory's (the service's is another).
        const QString cwd = QDir::currentPath();
        QVERIFY(QDir::setCurrent(d.path()));
        const int jobsBefore = jobs(home);
        auto relative = run_cli(QStringList{"restore", "--job", job, "--to", "r2"} + remote);
        QCOMPARE(relative.exit_code, 2);
        QVERIFY2(relative.err.contains("absolute path"), relative.err.constData());
        QCOMPARE(jobs(home), jobsBefore);
        auto here = run_cli(with_home(home, {"backup", "--source", "src", "--drives", "1"}));
        QVERIFY2(here.exit_code == 0, here.err.constData());
        auto back = run_cli(
            with_home(home, {"restore", "--job", QString::number(jobsBefore + 1), "--to", "r3"}));
        QVERIFY2(back.exit_code == 0, back.err.constData());
        QVERIFY2(tltest::same_tree(src, d.path() + "/r3" + src, &diff), qPrintable(diff));
        QVERIFY(QDir::setCurrent(cwd));
        // A list goes through the API too; a command that runs on this machine only says so.
        auto pools = run_cli(QStringList{"pool", "list", "--json"} + remote);
        QVERIFY2(pools.exit_code == 0, pools.err.constData());
        QVERIFY2(pools.out.contains("Default"), pools.out.constData());
        QCOMPARE(run_cli(QStringList{"key", "list"} + remote).exit_code, 0); // metadata only
        // The live monitor watches the remote service's jobs and machine (GET /v1/live, /v1/host).
        auto watched = run_cli(
            QStringList{"monitor", "--count", "1", "--interval", "0.2s", "--json"} + remote);
        QVERIFY2(watched.exit_code == 0, watched.err.constData());
        const auto look = QJsonDocument::fromJson(watched.out.trimmed()).object();
        QVERIFY2(!look.value("jobs").toArray().isEmpty(), watched.out.constData()); // the backup
        QVERIFY(!look.value("cpu_busy").toArray().isEmpty());
        auto local = run_cli(QStringList{"key", "export", "k", to + "/k.key"} + remote);
        QCOMPARE(local.exit_code, 2);
        QVERIFY2(local.err.contains("service's machine only"), local.err.constData());

        // Refused, logged, nothing changed: no token, a wrong one, another API version.
        const int before = jobs(home);
        const std::string u = s(url), c = s(ca);
        auto none = tltest::raw_https_get(u, "/v1/jobs", c, "", "1");
        QVERIFY(none.connected);
        QCOMPARE(none.status, 401);
        QVERIFY2(QString::fromStdString(none.body).contains("no bearer token"), none.body.c_str());
        QCOMPARE(tltest::raw_https_get(u, "/v1/jobs", c, "tlt_wrong", "1").status, 401);
        auto version = tltest::raw_https_get(u, "/v1/jobs", c, s(token), "2");
        QCOMPARE(version.status, 400);
        QVERIFY2(QString::fromStdString(version.body).contains("API version 1"),
                 version.body.c_str());
        auto wrong =
            run_cli(QStringList{"service", "status"} +
                    QStringList{"--connect", url, "--token", "tlt_wrong", "--ca-cert", ca});
        // A refusal has an exit code of its own (12, docs/cli.md), not the bad command line's 2.
        QCOMPARE(wrong.exit_code, 12);
        QVERIFY2(wrong.err.contains("refused: bad token for " + url.toUtf8()),
                 wrong.err.constData());
        QVERIFY2(wrong.err.contains("--token T"), wrong.err.constData()); // what to do
        auto wrong_json =
            run_cli(QStringList{"jobs", "list", "--json"} +
                    QStringList{"--connect", url, "--token", "tlt_wrong", "--ca-cert", ca});
        QCOMPARE(wrong_json.exit_code, 12);
        QCOMPARE(wrong_json.json().object().value("error").toObject().value("kind").toString(),
                 QString("refused"));
        // No token at all is the command line's to fix: refused here, before any call (exit 2).
        QCOMPARE(run_cli({"backup", "--source", src, "--connect", url}).exit_code, 2);
        // A POST with a wrong token is refused before its body is read: the client says why.
        const QStringList bad = {"--connect", url, "--token", "tlt_wrong", "--ca-cert", ca};
        for (const auto& post : {QStringList{"restore", "--job", job, "--to", to + "2"},
                                 QStringList{"backup", "--source", src, "--drives", "1"},
                                 QStringList{"queue", "cancel", "7"}}) {
            auto refused = run_cli(post + bad);
            QVERIFY2(refused.exit_code == 12, qPrintable(post.join(' ') + ": " + refused.err));
            QVERIFY2(refused.err.contains("refused: bad token"),
                     qPrintable(post.join(' ') + ": " + refused.err));
        }
        QVERIFY(!QFile::exists(to + "2"));
        // A removed token counts at once.
        QCOMPARE(run_cli(with_home(home, {"token", "remove", "ops"})).exit_code, 0);
        QCOMPARE(run_cli(QStringList{"service", "status"} + remote).exit_code, 12);
        QCOMPARE(jobs(home), before);
        QFile log(home + "/logs/tapeloom.log");
        QVERIFY(log.open(QIODevice::ReadOnly));
        QVERIFY(log.readAll().contains("refused GET /v1/jobs from 127.0.0.1"));
        // Off by default: a service started without --listen opens no port.
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
        QVERIFY(run_cli(with_home(home, {"service", "start"})).exit_code == 0);
        QVERIFY(!tltest::raw_https_get(u, "/v1/jobs", c, "", "1").connected);
    }
};

QTEST_GUILESS_MAIN(TestServiceRemote)
#include "test_service_remote.moc"
