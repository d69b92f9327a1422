#include <QtTest>

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include "cli_runner.h"
#include "client/service_client.h"
#include "fixture_tree.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// /metrics by Prometheus' conventions (docs/api.md "Metrics"): a real service's answer after
// real backups passes `promtool check metrics`; its counters grow by each job and never go back;
// the alert rules pass their promtool test; the Grafana dashboard asks for metrics that exist.
class TestServiceMetrics : public QObject {
    Q_OBJECT

    static QString promtool() { return QStandardPaths::findExecutable(QStringLiteral("promtool")); }

    static QString metrics(const QString& home) {
        tl::client::ServiceClient c(home.toStdString());
        auto text = c.metrics();
        return text ? QString::fromStdString(text.value()) : QString();
    }

    // Sample lines: "name{labels}" -> value.
    static QMap<QString, double> samples(const QString& text) {
        QMap<QString, double> out;
        for (const auto& line : text.split('\n', Qt::SkipEmptyParts)) {
            if (line.startsWith('#')) continue;
            const auto space = line.lastIndexOf(' ');
            out.insert(line.left(space), line.mid(space + 1).toDouble());
        }
        return out;
    }

    static int run(const QString& program, const QStringList& args, const QByteArray& in,
                   QByteArray* out) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(program, args);
        p.write(in);
        p.closeWriteChannel();
        if (!p.waitForFinished(120000)) return -1;
        *out = p.readAll();
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }

    // The report of a backup through the service, with its drive's bytes.
    static QJsonObject back_up(const QString& home, const QString& src) {
        auto r = run_cli(with_home(
            home, {"backup", "--source", src, "--drives", "1", "--name", "web", "--json"}));
        if (r.exit_code != 0) qWarning() << r.err;
        return r.json().object();
    }

    static double drive_bytes(const QJsonObject& report) {
        double sum = 0;
        for (const auto& d : report.value("drives").toArray())
            sum += d.toObject().value("bytes").toDouble();
        return sum;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY2(!promtool().isEmpty(),
                 "promtool is missing: scripts/setup.sh installs Debian's prometheus package");
    }

    void countersGrowAcrossJobsAndPassPromtool() {
        QTemporaryDir d;
        const QString home = d.path() + "/home", src = d.path() + "/src";
        QVERIFY(tltest::write_file(src + "/a.bin", tltest::random_bytes(200000, 3)));
        auto started = run_cli(with_home(home, {"service", "start"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        tltest::ServiceGuard guard{home};

        const auto first = back_up(home, src);
        QCOMPARE(first.value("status").toString(), QStringLiteral("completed"));
        const QString drive =
            first.value("drives").toArray().at(0).toObject().value("name").toString();
        QVERIFY(!drive.isEmpty());
        const QString text = metrics(home);
        QByteArray lint;
        QCOMPARE(run(promtool(), {"check", "metrics"}, text.toUtf8(), &lint), 0);
        QVERIFY2(lint.trimmed().isEmpty(), lint.constData()); // no lint finding either
        auto one = samples(text);
        const QString completed = "tapeloom_jobs_total{kind=\"backup\",status=\"completed\"}";
        const QString written = "tapeloom_drive_written_bytes_total{drive=\"" + drive + "\"}";
        const QString mounts = "tapeloom_drive_mounts_total{drive=\"" + drive + "\"}";
        const QString last =
            "tapeloom_backup_last_success_timestamp_seconds{definition=\"web\",client=\"local\"}";
        QCOMPARE(one.value(completed), 1.0);
        QCOMPARE(one.value(written), drive_bytes(first));
        QVERIFY(one.value(written) > 0);
        QCOMPARE(one.value("tapeloom_jobs_total{kind=\"backup\",status=\"failed\"}"), 0.0);

        // A second job adds to every counter: nothing starts again from 0.
        QVERIFY(tltest::write_file(src + "/b.bin", tltest::random_bytes(150000, 4)));
        const auto second = back_up(home, src);
        QCOMPARE(second.value("status").toString(), QStringLiteral("completed"));
        auto two = samples(metrics(home));
        QCOMPARE(two.value(completed), 2.0);
        QCOMPARE(two.value(written), one.value(written) + drive_bytes(second));
        QVERIFY(two.value(mounts) >= one.value(mounts));
        QVERIFY(two.value(last) >= one.value(last));
        auto job = run_cli(with_home(home, {"jobs", "list", "--json"}));
        double newest_end = 0;
        for (const auto& j : job.json().array())
            newest_end = std::max(newest_end, j.toObject().value("ended").toDouble());
        QCOMPARE(two.value(last), newest_end);
    }

    void alertRulesPassTheirTest() {
        QByteArray out;
        const QString dir = QStringLiteral(TAPELOOM_SOURCE_DIR);
        QCOMPARE(run(promtool(), {"check", "rules", dir + "/resources/alerts.yml"}, {}, &out), 0);
        QProcess p;
        p.setWorkingDirectory(dir + "/tests/service/rules");
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(promtool(), {"test", "rules", "alerts_test.yml"});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAll().constData());
    }

    // Every tapeloom_ metric a panel or a rule names is one the service exports.
    void dashboardAndRulesNameRealMetrics() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        auto started = run_cli(with_home(home, {"service", "start"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        tltest::ServiceGuard guard{home};
        const QString text = metrics(home);
        const QString dir = QStringLiteral(TAPELOOM_SOURCE_DIR) + "/resources/";
        for (const QString file : {"grafana-dashboard.json", "alerts.yml"}) {
            QFile f(dir + file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray body = f.readAll();
            if (file.endsWith(".json")) {
                QJsonParseError error{};
                QJsonDocument::fromJson(body, &error);
                QCOMPARE(error.error, QJsonParseError::NoError);
            }
            const QString content = QString::fromUtf8(body);
            static const QRegularExpression name("tapeloom_[a-z_]+");
            int names = 0;
            for (auto it = name.globalMatch(content); it.hasNext(); ++names) {
                const QString metric = it.next().captured(0);
                QVERIFY2(text.contains("# TYPE " + metric + " "), qPrintable(file + ": " + metric));
            }
            QVERIFY2(names >= 3, qPrintable(file));
        }
    }
};

QTEST_GUILESS_MAIN(TestServiceMetrics)
#include "test_service_metrics.moc"
