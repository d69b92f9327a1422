#include <QtTest>
#include <cstdlib>
#include <string>

#include "cli_runner.h"
#include "client/service_client.h"
#include "service/idle_exit.h"
#include "service_guard.h"

using tltest::run_cli;
using tltest::with_home;

// An autostarted service's idle exit (docs/service.md "Idle exit"): with --idle-exit it ends by
// itself once no client calls or follows it, no job runs or waits and no schedule is due within
// the horizon; a client following its events, or a schedule due soon, keeps it.
class TestServiceIdleExit : public QObject {
    Q_OBJECT

    static bool running(const QString& home) {
        return static_cast<bool>(tl::client::ServiceClient(home.toStdString()).service());
    }
    // Runs `args` until it succeeds (the data directory's lock goes a moment after the socket).
    static int once_free(const QString& home, const QStringList& args) {
        int code = -1;
        for (int i = 0; i < 100 && code != 0; ++i) {
            code = run_cli(with_home(home, args)).exit_code;
            if (code != 0) QTest::qWait(100);
        }
        return code;
    }
    // The event and live streams the service serves now (its /metrics), -1 when it does not
    // answer. Asking is a call: it keeps the service busy while the test waits for a stream.
    static int streams(const QString& home) {
        auto text = tl::client::ServiceClient(home.toStdString()).metrics();
        if (!text) return -1;
        const std::string key = "\ntapeloom_api_streams ";
        const auto at = text->find(key);
        return at == std::string::npos ? -1 : std::atoi(text->c_str() + at + key.size());
    }
    // Asked without calling the service (a call would keep it busy): its socket is there.
    static bool listening(const QString& home) { return QFile::exists(home + "/tapeloom.sock"); }

private Q_SLOTS:
    void whatKeepsAServiceBusy() {
        tl::service::IdleRule rule;
        rule.idle_seconds = 60;
        rule.schedule_horizon_seconds = 3600;
        tl::service::IdleFacts quiet;
        QVERIFY(!tl::service::keeps_busy(quiet, 1000, rule));
        auto f = quiet;
        f.streams = 1;
        QVERIFY(tl::service::keeps_busy(f, 1000, rule));
        f = quiet;
        f.tasks = 1;
        QVERIFY(tl::service::keeps_busy(f, 1000, rule));
        f = quiet;
        f.jobs = 1;
        QVERIFY(tl::service::keeps_busy(f, 1000, rule));
        f = quiet;
        f.next_schedule = 1000 + 3600;
        QVERIFY(tl::service::keeps_busy(f, 1000, rule));
        f.next_schedule = 1000 + 3601;
        QVERIFY(!tl::service::keeps_busy(f, 1000, rule));
    }

    void anIdleServiceEndsByItself() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        tltest::ServiceGuard guard{home};
        auto started = run_cli(with_home(home, {"service", "start", "--idle-exit", "1s"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        QVERIFY(listening(home));
        QTRY_VERIFY_WITH_TIMEOUT(!listening(home), 30000);
        // It ended as a stop does: no service answers, the data directory is free for a write.
        QVERIFY(!running(home));
        QCOMPARE(once_free(home, {"pool", "add", "Weekly"}), 0);
    }

    void aFollowingClientOrASchedulesDueSoonKeepsIt() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        tltest::ServiceGuard guard{home};
        auto started = run_cli(with_home(home, {"service", "start", "--idle-exit", "2s"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        // A client following the events: once it follows, nothing else calls the service for
        // twice its idle time, and the stream alone keeps it.
        QProcess events;
        events.start(QStringLiteral(TAPELOOM_CLI), with_home(home, {"events", "--no-autostart"}));
        QVERIFY(events.waitForStarted());
        QTRY_COMPARE_WITH_TIMEOUT(streams(home), 1, 30000);
        QTest::qWait(4000);
        QVERIFY(running(home));
        events.terminate();
        QVERIFY(events.waitForFinished(30000));
        QTRY_VERIFY_WITH_TIMEOUT(!listening(home), 30000);

        // A schedule due within the horizon (a daily one, horizon 24h): the service stays.
        QCOMPARE(once_free(home, {"job", "define", "nightly", d.path()}), 0);
        QCOMPARE(run_cli(with_home(home, {"schedule", "add", "nightly", "incr daily at 02:00"}))
                     .exit_code,
                 0);
        started = run_cli(with_home(home, {"service", "start", "--idle-exit", "1s"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        QTest::qWait(4000);
        QVERIFY(running(home));
        // With a horizon shorter than the next run it ends.
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
        started = run_cli(
            with_home(home, {"service", "start", "--idle-exit", "1s", "--idle-horizon", "1s"}));
        QVERIFY2(started.exit_code == 0, started.err.constData());
        QTRY_VERIFY_WITH_TIMEOUT(!listening(home), 30000);
    }
};

QTEST_MAIN(TestServiceIdleExit)
#include "test_service_idle_exit.moc"
