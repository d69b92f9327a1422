#include <QtTest>

#include <QJsonArray>
#include <QJsonObject>

#include <unistd.h>

#include <utility>
#include <vector>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "raw_http.h"
#include "service_guard.h"
#include "test_certificate.h"

using tltest::make_certificate;
using tltest::run_cli;
using tltest::with_home;

// Token scopes (docs/api.md "Scopes") and the audit log (docs/api.md "Audit log") on a real
// service's TLS listener: a read token reads and is refused every write with 403 and a message
// naming its scope; operate runs jobs and volume changes but not the configuration; admin and a
// token stored before scopes existed may do everything.
class TestServiceScopes : public QObject {
    Q_OBJECT

    static std::string s(const QString& q) { return q.toStdString(); }

    static QString add_token(const QString& home, const QString& name, const QString& scope) {
        QStringList args = {"token", "add", name};
        if (!scope.isEmpty()) args << "--scope" << scope;
        auto r = run_cli(with_home(home, args));
        return r.exit_code == 0 ? r.text().trimmed() : QString();
    }

    // Rewrites the token file as a version before scopes wrote it: no "scope" field.
    static bool strip_scope(const QString& home, const QString& name) {
        QFile f(home + "/api-tokens.json");
        if (!f.open(QIODevice::ReadOnly)) return false;
        auto doc = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonArray tokens;
        for (const auto& t : doc.value("tokens").toArray()) {
            auto o = t.toObject();
            if (o.value("name").toString() == name) o.remove("scope");
            tokens.append(o);
        }
        doc.insert("tokens", tokens);
        return f.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
               f.write(QJsonDocument(doc).toJson()) > 0;
    }

    QTemporaryDir dir_;
    QString home_, src_, url_, ca_;
    QMap<QString, QString> tokens_;

    tltest::CliResult as(const QString& token, const QStringList& args) {
        return run_cli(args + QStringList{"--connect", url_, "--token", tokens_.value(token),
                                          "--ca-cert", ca_});
    }
    int status_of(const QString& token, const std::string& path) {
        return tltest::raw_https_get(s(url_), path, s(ca_), s(tokens_.value(token)), "1").status;
    }

private Q_SLOTS:
    void initTestCase() {
        home_ = dir_.path() + "/home";
        src_ = dir_.path() + "/src";
        ca_ = dir_.path() + "/cert.pem";
        QVERIFY(make_certificate(dir_.path()));
        QVERIFY(tltest::write_file(src_ + "/a.bin", tltest::random_bytes(60000, 5)));
        tokens_["reader"] = add_token(home_, "reader", "");
        tokens_["op"] = add_token(home_, "op", "operate");
        tokens_["boss"] = add_token(home_, "boss", "admin");
        tokens_["old"] = add_token(home_, "old", "operate");
        for (const auto& t : tokens_)
            QVERIFY(t.size() > 40);
        QVERIFY(strip_scope(home_, "old"));
        const int port = tltest::free_local_port();
        url_ = QString("https://127.0.0.1:%1").arg(port);
        auto started = run_cli(
            with_home(home_, {"service", "start", "--listen", QString("127.0.0.1:%1").arg(port),
                              "--tls-cert", ca_, "--tls-key", dir_.path() + "/key.pem"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
    }

    void cleanupTestCase() { tltest::ServiceGuard guard{home_}; }

    void tokensShowTheirScopes() {
        auto list = run_cli(with_home(home_, {"token", "list", "--json"}));
        QCOMPARE(list.exit_code, 0);
        QMap<QString, QString> scopes;
        for (const auto& t : list.json().array())
            scopes[t.toObject().value("name").toString()] = t.toObject().value("scope").toString();
        QCOMPARE(scopes.value("reader"), QStringLiteral("read")); // the default
        QCOMPARE(scopes.value("op"), QStringLiteral("operate"));
        QCOMPARE(scopes.value("boss"), QStringLiteral("admin"));
        QCOMPARE(scopes.value("old"), QStringLiteral("admin")); // stored before scopes
        auto bad = run_cli(with_home(home_, {"token", "add", "x", "--scope", "root"}));
        QCOMPARE(bad.exit_code, 2);
        QVERIFY2(bad.err.contains("read, operate or admin"), bad.err.constData());
    }

    void aReadTokenReadsAndIsRefusedEveryWrite() {
        QCOMPARE(as("reader", {"jobs", "list", "--json"}).exit_code, 0);
        auto pools = as("reader", {"pool", "list"});
        QVERIFY2(pools.exit_code == 0 && pools.out.contains("Default"), pools.err.constData());
        QCOMPARE(status_of("reader", "/v1/jobs"), 200);
        QCOMPARE(status_of("reader", "/metrics"), 200);
        QCOMPARE(status_of("reader", "/v1/clients"), 200); // the clients are read (issue 41)
        QCOMPARE(status_of("reader", "/v1/caller?method=POST&path=%2Fv1%2Fbackups"), 403);
        const int before = as("reader", {"jobs", "list", "--json"}).json().array().size();
        // Each refusal names the scope the write needs: a pool is configuration (admin).
        const std::vector<std::pair<QStringList, QString>> writes = {
            {{"backup", "--source", src_, "--drives", "1"}, "--scope operate"},
            {{"pool", "add", "Weekly"}, "--scope admin"},
            {{"volume", "mark", "NONE01", "read-only"}, "--scope operate"}};
        for (const auto& [write, needed] : writes) {
            auto r = as("reader", write);
            QVERIFY2(r.exit_code == 12, qPrintable(write.join(' ') + ": " + r.err));
            QVERIFY2(r.err.contains("token reader has the scope read"),
                     qPrintable(write.join(' ') + ": " + r.err));
            QVERIFY2(r.err.contains(needed.toUtf8()), r.err.constData()); // what to do
        }
        QCOMPARE(as("reader", {"jobs", "list", "--json"}).json().array().size(), before);
        QVERIFY(!as("reader", {"pool", "list"}).out.contains("Weekly"));
    }

    void operateRunsJobsButNotTheConfiguration() {
        auto backup = as("op", {"backup", "--source", src_, "--drives", "1", "--json"});
        QVERIFY2(backup.exit_code == 0, backup.err.constData());
        const auto volumes = as("op", {"volume", "list", "--json"}).json().array();
        QVERIFY(!volumes.isEmpty());
        const QString barcode = volumes.at(0).toObject().value("barcode").toString();
        auto mark = as("op", {"volume", "mark", barcode, "read-only"});
        QVERIFY2(mark.exit_code == 0, mark.err.constData());
        QCOMPARE(as("op", {"volume", "mark", barcode, "enabled"}).exit_code, 0);
        auto pool = as("op", {"pool", "add", "Weekly"});
        QCOMPARE(pool.exit_code, 12);
        QVERIFY2(pool.err.contains("token op has the scope operate") &&
                     pool.err.contains("which needs admin"),
                 pool.err.constData());
        // Adding a client is configuration too (issue 41).
        auto client = as("op", {"client", "add", "web1", "--address", "127.0.0.1:9740",
                                "--fingerprint", QString(64, 'a')});
        QCOMPARE(client.exit_code, 12);
        QVERIFY2(client.err.contains("which needs admin"), client.err.constData());
        // So is a drive (issue 38: POST /v1/drives).
        auto drive = as("op", {"drive", "add", "--null", "--name", "null9"});
        QCOMPARE(drive.exit_code, 12);
        QVERIFY2(drive.err.contains("which needs admin"), drive.err.constData());
        // The typed routes the console and the CLI use (issue 38): recycles, blank labels,
        // exports and a reconcile are operate's; definitions (and their import), schedules, pool
        // and client removals admin's.
        const auto may = [this](const QString& token, const char* method, const char* path) {
            return status_of(token, s(QStringLiteral("/v1/caller?method=%1&path=%2")
                                          .arg(QLatin1String(method),
                                               QString::fromUtf8(QUrl::toPercentEncoding(path)))));
        };
        for (const char* path :
             {"/v1/volumes/TLO001L9/recycle", "/v1/volumes/label-blank",
              "/v1/volumes/TLO001L9/adopt", "/v1/libraries/vlib0/export",
              "/v1/libraries/vlib0/reconcile", "/v1/drives/vlib0-drive0/clean", "/v1/verifications",
              "/v1/clones", "/v1/libraries/vlib0/insert", "/v1/libraries/vlib0/remove-cartridge"}) {
            QCOMPARE(may("op", "POST", path), 200);
            QCOMPARE(may("reader", "POST", path), 403);
        }
        // A drive's return to service (drive clear) is operate's too.
        QCOMPARE(may("op", "PATCH", "/v1/drives/vlib0-drive0"), 200);
        QCOMPARE(may("reader", "PATCH", "/v1/drives/vlib0-drive0"), 403);
        for (const auto& [method, path] :
             std::vector<std::pair<const char*, const char*>>{{"POST", "/v1/definitions"},
                                                              {"PUT", "/v1/definitions/nightly"},
                                                              {"DELETE", "/v1/definitions/x"},
                                                              {"POST", "/v1/schedules"},
                                                              {"PATCH", "/v1/schedules/1"},
                                                              {"DELETE", "/v1/schedules/1"},
                                                              {"DELETE", "/v1/pools/Weekly"},
                                                              {"DELETE", "/v1/clients/web1"},
                                                              {"POST", "/v1/drives"},
                                                              {"DELETE", "/v1/drives/vd1"},
                                                              {"POST", "/v1/libraries"},
                                                              {"DELETE", "/v1/libraries/l1"},
                                                              {"POST", "/v1/definitions/import"}}) {
            QCOMPARE(may("op", method, path), 403);
            QCOMPARE(may("boss", method, path), 200);
        }
        auto stop = as("op", {"service", "stop"});
        QCOMPARE(stop.exit_code, 12);
        QVERIFY(run_cli(with_home(home_, {"service", "status"})).exit_code == 0);
    }

    void adminAndOldTokensMayDoEverything() {
        QCOMPARE(status_of("op", "/v1/audit"), 403);
        QCOMPARE(status_of("boss", "/v1/audit"), 200);
        auto pool = as("boss", {"pool", "add", "Weekly"});
        QVERIFY2(pool.exit_code == 0, pool.err.constData());
        auto old = as("old", {"pool", "add", "Monthly"});
        QVERIFY2(old.exit_code == 0, old.err.constData());
        const QString pools = as("reader", {"pool", "list"}).text();
        QVERIFY(pools.contains("Weekly") && pools.contains("Monthly"));
    }

    // Keys and tokens beside a running service and remotely (issue 38): `key create|import|list`
    // go to the service's key store (POST/GET /v1/keys, admin), `key export` writes the key
    // itself and runs on the service's machine only, `token list --connect` lists the tokens.
    void keysAndTokensGoToTheService() {
        auto made = run_cli(with_home(home_, {"key", "create", "vault"}));
        QVERIFY2(made.exit_code == 0, made.err.constData()); // beside the service: no exit 4
        QVERIFY2(made.out.contains("service's key store"), made.out.constData());
        auto refused = as("op", {"key", "create", "other"});
        QCOMPARE(refused.exit_code, 12);
        QVERIFY2(refused.err.contains("which needs admin"), refused.err.constData());
        auto remote = as("boss", {"key", "create", "offsite", "--json"});
        QVERIFY2(remote.exit_code == 0, remote.err.constData());
        QVERIFY(remote.json().object().value("id").toString().startsWith("offsite:"));
        QCOMPARE(as("boss", {"key", "create", "offsite"}).exit_code, 1); // the name is taken
        QStringList names;
        for (const auto& k : as("reader", {"key", "list", "--json"}).json().array())
            names << k.toObject().value("name").toString();
        QCOMPARE(names, (QStringList{"offsite", "vault"}));

        const QString pass = dir_.path() + "/pass", file = dir_.path() + "/vault.key";
        QVERIFY(tltest::write_file(pass, QByteArray("a long passphrase\n")));
        auto exported =
            run_cli(with_home(home_, {"key", "export", "vault", file, "--passphrase-file", pass}));
        QVERIFY2(exported.exit_code == 0, exported.err.constData());
        auto away = as("boss", {"key", "export", "vault", file + "2", "--passphrase-file", pass});
        QCOMPARE(away.exit_code, 2);
        QVERIFY2(away.err.contains("service's machine only"), away.err.constData());
        QVERIFY(!QFile::exists(file + "2"));
        auto imported = as("boss", {"key", "import", file, "--passphrase-file", pass});
        QVERIFY2(imported.exit_code == 0, imported.err.constData()); // the same key: fine
        QVERIFY2(imported.out.contains("imported into the service's key store"),
                 imported.out.constData());
        auto notExport = as("boss", {"key", "import", pass, "--passphrase-file", pass});
        QCOMPARE(notExport.exit_code, 2);
        QVERIFY2(notExport.err.contains("no key export"), notExport.err.constData());

        auto tokens = as("boss", {"token", "list", "--json"});
        QVERIFY2(tokens.exit_code == 0, tokens.err.constData());
        QCOMPARE(tokens.json().array().size(), 4);
        QCOMPARE(as("reader", {"token", "list"}).exit_code, 12);
        QCOMPARE(as("boss", {"token", "add", "x"}).exit_code, 2);
    }

    // Every write above is in the audit log with who, what and the status answered; reads are
    // not; refused writes are.
    void writesAreAuditedWithWhoAndOutcome() {
        auto wrong = run_cli({"backup", "--source", src_, "--drives", "1", "--connect", url_,
                              "--token", "tlt_wrong", "--ca-cert", ca_});
        QCOMPARE(wrong.exit_code, 12);
        auto local = run_cli(with_home(home_, {"pool", "add", "Daily"}));
        QVERIFY2(local.exit_code == 0, local.err.constData());
        auto denied = as("reader", {"audit"});
        QCOMPARE(denied.exit_code, 12);
        QVERIFY2(denied.err.contains("needs admin"), denied.err.constData());

        auto log = as("boss", {"audit", "--json"});
        QVERIFY2(log.exit_code == 0, log.err.constData());
        const auto entries = log.json().array();
        auto find = [&](const QString& who, const QString& route, int status) {
            for (const auto& e : entries) {
                const auto o = e.toObject();
                if (o.value("who").toString() == who && o.value("route").toString() == route &&
                    o.value("status").toInt() == status)
                    return o;
            }
            return QJsonObject();
        };
        QVERIFY(!find("token reader", "/v1/backups", 403).isEmpty());
        QVERIFY(!find("token reader", "/v1/pools", 403).isEmpty());          // pool add (issue 38)
        QVERIFY(!find("token reader", "/v1/volumes/NONE01", 403).isEmpty()); // volume mark
        const auto backup = find("token op", "/v1/backups", 202);
        QVERIFY(!backup.isEmpty());
        QCOMPARE(backup.value("method").toString(), QStringLiteral("POST"));
        QCOMPARE(backup.value("detail").toObject().value("sources").toArray().size(), 1);
        QVERIFY(backup.value("at").toInteger() > 1700000000);
        QVERIFY(!find("token op", "/v1/pools", 403).isEmpty());
        QVERIFY(!find("token op", "/v1/service/stop", 403).isEmpty());
        const auto added = find("token boss", "/v1/pools", 201);
        QCOMPARE(added.value("detail").toObject().value("name").toString(),
                 QStringLiteral("Weekly"));
        QVERIFY(!find("unknown token", "/v1/backups", 401).isEmpty());
        QVERIFY(!find(QString("uid %1").arg(getuid()), "/v1/pools", 201).isEmpty());
        for (const auto& e : entries)
            QVERIFY(e.toObject().value("method").toString() != "GET");

        // The data directory's owner reads it on the socket; --since leaves older records out.
        auto mine = run_cli(with_home(home_, {"audit", "--json", "--since", "1h"}));
        QVERIFY2(mine.exit_code == 0, mine.err.constData());
        QCOMPARE(mine.json().array().size(), entries.size()); // a read adds nothing
        auto later = run_cli(with_home(home_, {"audit", "--json", "--since", "2999-01-01"}));
        QCOMPARE(later.json().array().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestServiceScopes)
#include "test_service_scopes.moc"
