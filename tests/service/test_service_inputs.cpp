#include <QtTest>

#include <unistd.h>

#include "cli_runner.h"
#include "client/service_client.h"
#include "fixture_tree.h"
#include "raw_http.h"
#include "service_guard.h"

using tltest::CliResult;

// Issue 42: what a command or a client sends through the real service (its Unix socket, the
// real tapeloom-cli): paths, slot numbers, names and numbers it must take or refuse.
class TestServiceInputs : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString home_, src_;
    tltest::ServiceGuard guard_;

    CliResult cli(QStringList args) const {
        return tltest::run_cli(tltest::with_home(home_, args));
    }
    static QByteArray read(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    std::string socket() const { return (home_ + "/tapeloom.sock").toStdString(); }
    // The "message" of an API error answer.
    static QString error_message(const std::string& body) {
        return QJsonDocument::fromJson(QByteArray::fromStdString(body))
            .object()
            .value("error")
            .toObject()
            .value("message")
            .toString();
    }
    // The CLI run by sh with `script` ("$0" the CLI, "$1" the home, "$2" `arg`), so that an
    // argument may hold bytes that are no UTF-8 (printf '\377').
    static CliResult sh(const QString& script, const QString& home, const QString& arg) {
        QProcess p;
        p.setProcessEnvironment(tltest::cli_environment(home));
        p.start("sh", {"-c", script, QStringLiteral(TAPELOOM_CLI), home, arg});
        CliResult r;
        if (!p.waitForFinished(180000)) return r;
        r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }
    QJsonArray slot_list() const {
        return cli({"library", "inventory", "--json"}).json().object().value("slots").toArray();
    }
    static QString barcode_in(const QJsonArray& list, int slot) {
        for (const auto& s : list)
            if (s.toObject().value("slot").toInt() == slot)
                return s.toObject().value("barcode").toString();
        return {};
    }

private Q_SLOTS:
    // A key (made before the service: `key create` writes the key store), the service, and
    // job 1: a backup of a small tree through it.
    void initTestCase() {
        QVERIFY(dir_.isValid());
        home_ = dir_.path() + "/home";
        src_ = dir_.path() + "/src";
        guard_.home = home_;
        QVERIFY(tltest::write_file(src_ + "/docs/report.txt", "quarterly figures\n"));
        QVERIFY(tltest::write_file(src_ + "/top.txt", "top\n"));
        auto k = cli({"key", "create", "vault-key"});
        QVERIFY2(k.exit_code == 0, k.err.constData());
        auto s = cli({"service", "start"});
        QVERIFY2(s.exit_code == 0, s.err.constData());
        auto b = cli({"backup", "--source", src_, "--json"});
        QVERIFY2(b.exit_code == 0, b.err.constData());
        QCOMPARE(b.json().object().value("job_id").toInt(), 1);
    }

    // A restore's bad "existing" or "sync" is refused naming the JSON field, not a CLI option.
    void badRestoreChoicesNameTheirField() {
        for (const char* field : {"existing", "sync"}) {
            const std::string body = std::string("{\"job\": 1, \"target\": \"") +
                                     dir_.path().toStdString() + "/r\", \"" + field +
                                     "\": \"sometimes\"}";
            auto r = tltest::raw_post(socket(), "/v1/restores", body, "");
            QVERIFY(r.connected);
            QCOMPARE(r.status, 400);
            const QString message = error_message(r.body);
            QVERIFY2(message.contains(QString("\"%1\" 'sometimes' is unknown").arg(field)),
                     r.body.c_str());
            QVERIFY2(!message.contains("--"), r.body.c_str());
        }
    }

    // Item 7: the API refuses a relative restore target (it would be the service's directory,
    // not the caller's); the CLI makes its own --to absolute in its directory; the service runs
    // in "/".
    void relativeRestoreTargetIsRefusedByTheApi() {
        for (const char* to : {"restored", "../.."}) {
            const std::string body = std::string("{\"job\": 1, \"target\": \"") + to + "\"}";
            auto r = tltest::raw_post(socket(), "/v1/restores", body, "");
            QVERIFY(r.connected);
            QCOMPARE(r.status, 400);
            const QString message = error_message(r.body);
            QVERIFY2(message.contains("\"target\" must be an absolute path"), r.body.c_str());
        }
        const QString cwd = dir_.path() + "/cwd";
        QVERIFY(QDir().mkpath(cwd));
        QProcess p;
        p.setProcessEnvironment(tltest::cli_environment(home_));
        p.setWorkingDirectory(cwd);
        p.start(TAPELOOM_CLI, {"--home", home_, "restore", "--job", "1", "--to", "out"});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QCOMPARE(read(cwd + "/out" + src_ + "/top.txt"), QByteArray("top\n"));
        tl::client::ServiceClient c(home_.toStdString());
        auto info = c.service();
        QVERIFY(info.ok());
        QCOMPARE(QFile::symLinkTarget(QString("/proc/%1/cwd").arg(info->pid)), QString("/"));
    }

    // Item 14: slot numbers of library transfer and import stay numbers through the service.
    void slotNumbersAreNotMadeIntoPaths() {
        const auto before = slot_list();
        const QString third = barcode_in(before, 3), last = barcode_in(before, 21);
        QVERIFY(!third.isEmpty() && !last.isEmpty());
        for (const QStringList& args :
             {QStringList{"library", "export", "--slot", "21", "--mail", "1"},
              QStringList{"library", "transfer", "--from", "3", "--to", "21"},
              QStringList{"library", "import", "--mail", "1", "--to", "3"}}) {
            auto r = cli(args);
            QVERIFY2(r.exit_code == 0, qPrintable(args.join(' ') + ": " + r.err));
        }
        const auto after = slot_list();
        QCOMPARE(barcode_in(after, 21), third);
        QCOMPARE(barcode_in(after, 3), last);
    }

    // Item 15: reading the key store works beside the running service.
    void keyListWorksBesideTheService() {
        auto r = cli({"key", "list", "--json"});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QCOMPARE(r.json().array().size(), 1);
        QCOMPARE(r.json().array().at(0).toObject().value("name").toString(), "vault-key");
        const QString pass = dir_.path() + "/pass", out = dir_.path() + "/vault-key.export";
        QVERIFY(tltest::write_file(pass, "correct horse battery staple\n"));
        r = cli({"key", "export", "vault-key", out, "--passphrase-file", pass});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        QVERIFY(QFileInfo(out).size() > 0);
    }

    // Item 16: a source whose own name has the byte 0xff is backed up through the service and
    // restored byte for byte.
    void sourceNamedInBytesRoundTrips() {
        const QString base = dir_.path() + "/odd";
        auto made =
            sh("d=\"$2$(printf '\\377')name\" && mkdir -p \"$d/sub\" && "
               "printf 'inside\\n' > \"$d/sub/file.txt\" && printf 'x' > \"$d/$(printf '\\376')\"",
               home_, base);
        QVERIFY2(made.exit_code == 0, made.err.constData());
        auto b = sh("exec \"$0\" --home \"$1\" backup --source \"$2$(printf '\\377')name\" --json",
                    home_, base);
        QVERIFY2(b.exit_code == 0, b.err.constData() + b.out);
        const int job = b.json().object().value("job_id").toInt();
        QVERIFY(job > 0);
        const QString to = dir_.path() + "/odd-restored";
        auto r = cli({"restore", "--job", QString::number(job), "--to", to});
        QVERIFY2(r.exit_code == 0, r.err.constData());
        auto same = sh("d=\"$2$(printf '\\377')name\"; exec diff -r \"$d\" \"$1$d\"", to, base);
        QVERIFY2(same.exit_code == 0, same.out + same.err);
        // QTemporaryDir cannot remove names that are no UTF-8.
        QCOMPARE(sh("rm -rf \"$1\" \"$2$(printf '\\377')name\"", to, base).exit_code, 0);
    }

    // Item 18: bad arguments through the service are refused with the documented exit code and
    // a message naming what was wrong, before anything runs.
    void badArgumentsAreRefused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("named");
        const QString to = dir_.path() + "/never";
        QTest::newRow("restore --drives 99")
            << QStringList{"restore", "--job", "1", "--to", to, "--drives", "99"} << 2
            << "has 4 drive(s)";
        QTest::newRow("restore --job --saveset")
            << QStringList{"restore", "--job", "1", "--saveset", "1", "--to", to} << 2
            << "give one";
        QTest::newRow("library add --name ''")
            << QStringList{"library", "add", "--virtual", "--name", ""} << 2 << "--name is empty";
        QTest::newRow("files find ''")
            << QStringList{"files", "find", "", "--job", "1"} << 2 << "PATTERN";
        QTest::newRow("--now abc") << QStringList{"--now", "abc", "jobs", "list"} << 2 << "'abc'";
        QTest::newRow("volume ls ''") << QStringList{"volume", "ls", ""} << 2 << "BARCODE";
        QTest::newRow("backup --key nokey")
            << QStringList{"backup", "--source", src_, "--key", "nokey"} << 3 << "nokey";
        QTest::newRow("restore --path no/such")
            << QStringList{"restore", "--job", "1", "--to", to, "--path", "no/such"} << 3
            << "no/such";
    }
    void badArgumentsAreRefused() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, named);
        const int jobs = cli({"jobs", "list", "--json"}).json().array().size();
        auto r = cli(args);
        QVERIFY2(r.exit_code == code, qPrintable(args.join(' ') + " exited " +
                                                 QString::number(r.exit_code) + ": " + r.err));
        QVERIFY2(QString::fromUtf8(r.err).contains(named), r.err.constData());
        QVERIFY(!QFile::exists(dir_.path() + "/never"));
        QCOMPARE(cli({"jobs", "list", "--json"}).json().array().size(), jobs); // no job ran
        auto libs = cli({"library", "list", "--json"});
        QCOMPARE(libs.json().object().value("libraries").toArray().size(), 1);
    }

    // Item 18: a number beyond 64 bits is refused, not clamped; an id with a NUL is no id.
    void badNumbersInTheApiAreRefused() {
        auto r = tltest::raw_get(socket(), "/v1/jobs?offset=99999999999999999999", "1");
        QCOMPARE(r.status, 400);
        QVERIFY2(QString::fromStdString(r.body).contains("offset"), r.body.c_str());
        r = tltest::raw_get(socket(), "/v1/jobs/1%00", "1");
        QVERIFY2(r.status == 400 || r.status == 404, r.body.c_str());
        QCOMPARE(tltest::raw_get(socket(), "/v1/jobs/1", "1").status, 200);
    }
};

QTEST_GUILESS_MAIN(TestServiceInputs)
#include "test_service_inputs.moc"
