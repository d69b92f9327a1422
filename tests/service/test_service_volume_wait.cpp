#include <QtTest>

#include <QDeadlineTimer>

#include "cli_runner.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// A backup through the service to a pool with no volume to write on (issue 42 item 20): it
// does not fail at once while blank cartridges sit in the library, it waits with an operator
// request ("label or move a volume into pool Vault") that `jobs list` shows, and goes on when
// the operator labels a cartridge into that pool; cancelled while it waits, it ends cancelled.
class TestServiceVolumeWait : public QObject {
    Q_OBJECT

    static bool start(const QString& home) {
        auto r = run_cli(with_home(home, {"service", "start"}));
        if (r.exit_code != 0) qWarning() << r.err;
        return r.exit_code == 0;
    }

    // Starts `tapeloom-cli backup` without waiting for it.
    static void launch(QProcess& p, const QString& home, const QStringList& args) {
        p.setProcessEnvironment(tltest::cli_environment(home));
        p.setProgram(QStringLiteral(TAPELOOM_CLI));
        p.setArguments(with_home(home, args));
        p.start();
        p.waitForStarted();
    }

    // The job of pool POOL's backup once it waits for a volume, with its reason; 0 when it
    // did not within a minute or the client ended first.
    static int waiting_job(const QString& home, QProcess& client, QString* reason) {
        QDeadlineTimer deadline(60000);
        while (!deadline.hasExpired() && client.state() == QProcess::Running) {
            auto list = run_cli(with_home(home, {"jobs", "list", "--status", "waiting", "--json"}));
            for (const auto& v : list.json().array()) {
                const auto o = v.toObject();
                *reason = o.value("waiting_for").toString();
                if (reason->contains("volume")) return o.value("id").toInt();
            }
            client.waitForFinished(200);
        }
        return 0;
    }

    // A cartridge in a slot that the catalog does not know.
    static QString blank_cartridge(const QString& home) {
        QSet<QString> known;
        for (const auto& v : run_cli(with_home(home, {"volume", "list", "--json"})).json().array())
            known.insert(v.toObject().value("barcode").toString());
        auto inv = run_cli(with_home(home, {"library", "inventory", "--json"}));
        for (const auto& v : inv.json().object().value("slots").toArray()) {
            const auto barcode = v.toObject().value("barcode").toString();
            if (!barcode.isEmpty() && !barcode.startsWith("CLN") && !known.contains(barcode))
                return barcode;
        }
        return {};
    }

private Q_SLOTS:
    void aBackupWaitsForTheOperatorToLabelAVolume() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.bin", tltest::random_bytes(40000, 1)));
        QVERIFY(start(home));
        tltest::ServiceGuard guard{home};
        QCOMPARE(run_cli(with_home(home, {"pool", "add", "Vault", "--auto-label", "no"})).exit_code,
                 0);

        QProcess client;
        launch(client, home,
               {"backup", "--source", src, "--pool", "Vault", "--drives", "1", "--json"});
        QString reason;
        const int job = waiting_job(home, client, &reason);
        QVERIFY2(job > 0, client.readAllStandardError().constData());
        QVERIFY2(reason.contains("label or move a volume into pool Vault"), qPrintable(reason));
        QCOMPARE(client.state(), QProcess::Running); // waiting, not failed

        const QString barcode = blank_cartridge(home);
        QVERIFY(!barcode.isEmpty());
        auto label =
            run_cli(with_home(home, {"volume", "label", "--barcode", barcode, "--pool", "Vault"}));
        QVERIFY2(label.exit_code == 0, label.err.constData());

        QVERIFY(client.waitForFinished(120000));
        const auto out = client.readAllStandardOutput();
        QVERIFY2(client.exitCode() == 0, client.readAllStandardError().constData());
        const auto report = QJsonDocument::fromJson(out).object();
        QCOMPARE(report.value("job_id").toInt(), job);
        QCOMPARE(report.value("status").toString(), QString("completed"));
        QVERIFY(report.value("volumes").toArray().contains(barcode));
    }

    void aWaitingBackupIsCancelled() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.bin", tltest::random_bytes(20000, 2)));
        QVERIFY(start(home));
        tltest::ServiceGuard guard{home};
        QCOMPARE(run_cli(with_home(home, {"pool", "add", "Vault", "--auto-label", "no"})).exit_code,
                 0);
        QProcess client;
        launch(client, home, {"backup", "--source", src, "--pool", "Vault", "--drives", "1"});
        QString reason;
        const int job = waiting_job(home, client, &reason);
        QVERIFY2(job > 0, client.readAllStandardError().constData());
        client.terminate(); // SIGTERM: the client cancels the job through the API
        QVERIFY(client.waitForFinished(60000));
        QCOMPARE(client.exitCode(), 10); // cancelled (docs/cli.md)
        auto shown = run_cli(with_home(home, {"jobs", "show", QString::number(job), "--json"}));
        QCOMPARE(shown.json().object().value("status").toString(), QString("cancelled"));
    }
};

QTEST_GUILESS_MAIN(TestServiceVolumeWait)
#include "test_service_volume_wait.moc"
