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
    // Runs `args` until it succeeds (the data directory's lock goes a moment after the socket;
    // how long that moment is depends on the build, so the loop has a deadline, not a count).
    static int once_free(const QString& home, const QStringList& args) {
        int code = -1;
        for (QDeadlineTimer deadline(120000); code != 0 && !deadline.hasExpired();) {
            code = run_cli(with_home(home, args)).exit_code;
            if (code != 0) QTest::qWait(100);
        }
        return code;
    }
    // The service in the foreground, as the detached one runs: the test follows the process
    // itself, so it sees the service end by itself (its exit) instead of guessing a time.
    static void start_foreground(QProcess& service, const QString& home, const QStringList& idle) {
        service.start(QStringLiteral(TAPELOOM_CLI),
                      with_home(home, QStringList{"service", "start", "--foreground"} + idle));
    }
    // Calls the service until it answers: each call keeps it busy, so no idle time passes
    // between its start and the test's next step, however slow the build.
    static bool answers(const QString& home, QProcess& service) {
        for (QDeadlineTimer deadline(120000); !deadline.hasExpired(); QTest::qWait(20)) {
            if (running(home)) return true;
            if (service.state() == QProcess::NotRunning) return false;
        }
        return false;
    }
    // The service process ends by itself, with exit 0, before the deadline.
    static bool ends_by_itself(QProcess& service) {
        return service.waitForFinished(120000) && service.exitStatus() == QProcess::NormalExit &&
               service.exitCode() == 0;
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
        QProcess service;
        start_foreground(service, home, {"--idle-exit", "1s", "--log-level", "info"});
        QVERIFY(answers(home, service));
        QVERIFY(listening(home));
        // Nobody calls it any more: it ends by itself, as a stop ends it, and says why.
        const bool ended = ends_by_itself(service);
        const QByteArray log = service.readAllStandardError();
        QVERIFY2(ended, log.constData());
        QVERIFY2(log.contains("idle for"), log.constData());
        QVERIFY(!listening(home));
        QVERIFY(!running(home));
        QCOMPARE(once_free(home, {"pool", "add", "Weekly"}), 0);
    }

    void aFollowingClientOrASchedulesDueSoonKeepsIt() {
        QTemporaryDir d;
        const QString home = d.path() + "/home";
        tltest::ServiceGuard guard{home};
        QProcess service;
        start_foreground(service, home, {"--idle-exit", "2s", "--log-level", "info"});
        QVERIFY2(answers(home, service), service.readAllStandardError().constData());
        // A client following the events: the test calls the service until the stream is
        // counted, then nothing calls it for twice its idle time, and the stream alone keeps it.
        QProcess events;
        events.start(QStringLiteral(TAPELOOM_CLI), with_home(home, {"events", "--no-autostart"}));
        QVERIFY(events.waitForStarted());
        QTRY_COMPARE_WITH_TIMEOUT(streams(home), 1, 120000);
        QTest::qWait(4000);
        QCOMPARE(service.state(), QProcess::Running);
        QVERIFY(running(home));
        events.terminate();
        QVERIFY(events.waitForFinished(120000));
        QVERIFY2(ends_by_itself(service), service.readAllStandardError().constData());

        // A schedule due within the horizon (a daily one, horizon 24h): the service stays.
        QCOMPARE(once_free(home, {"job", "define", "nightly", d.path()}), 0);
        QCOMPARE(run_cli(with_home(home, {"schedule", "add", "nightly", "incr daily at 02:00"}))
                     .exit_code,
                 0);
        QProcess kept;
        start_foreground(kept, home, {"--idle-exit", "1s"});
        QVERIFY2(answers(home, kept), kept.readAllStandardError().constData());
        QTest::qWait(4000);
        QCOMPARE(kept.state(), QProcess::Running);
        QCOMPARE(run_cli(with_home(home, {"service", "stop"})).exit_code, 0);
        QVERIFY(kept.waitForFinished(120000));
        // With a horizon shorter than the next run it ends.
        QProcess ends;
        start_foreground(ends, home, {"--idle-exit", "1s", "--idle-horizon", "1s"});
        QVERIFY2(answers(home, ends), ends.readAllStandardError().constData());
        QVERIFY2(ends_by_itself(ends), ends.readAllStandardError().constData());
    }
};

QTEST_MAIN(TestServiceIdleExit)
#include "test_service_idle_exit.moc"
