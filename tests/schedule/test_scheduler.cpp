#include <QtTest>

#include <chrono>

#include "common/clock.h"
#include "fake_runner.h"
#include "schedule/scheduler.h"
#include "tz_fixture.h"

using namespace tl::schedule;
using tltest::berlin;
using tltest::FakeRunner;
using tltest::utc;

// The scheduler's decisions with an injected clock and a fake runner: a month of a
// full/diff/incr schedule, DST nights, missed runs, retries, cancellation and the limits.
class TestScheduler : public QObject {
    Q_OBJECT

    static tl::Clock::Wall at(long long unix_seconds) {
        return tl::Clock::Wall{std::chrono::seconds(unix_seconds)};
    }
    static JobDefinition def(const std::string& name, int priority = 50, std::size_t drives = 1,
                             const std::string& library = "lib",
                             const std::string& pool = "Default") {
        JobDefinition d;
        d.name = name;
        d.sources = {"/srv/" + name};
        d.priority = priority;
        d.drives = drives;
        d.library = library;
        d.pool = pool;
        return d;
    }
    static ScheduleEntry sched(std::int64_t id, const std::string& name, const char* rule,
                               long long checked_until) {
        auto r = ScheduleRule::parse(rule);
        if (!r) qFatal("%s", r.error().message.c_str());
        return {id, name, r.value(), checked_until};
    }
    // Ticks every `step` seconds until `end`, finishing every run one tick after it started.
    static void run_until(tl::ManualClock& clock, Scheduler& s, FakeRunner& runner, long long end,
                          long long step) {
        while (tl::to_unix_seconds(clock.wall()) < end) {
            runner.finish_all();
            s.tick();
            clock.advance(std::chrono::seconds(step));
        }
    }

private Q_SLOTS:
    void initTestCase() { tltest::use_berlin_time(); }

    void monthOfFullDiffIncr() {
        const long long start = berlin(2026, 11, 1, 0, 0);
        tl::ManualClock clock(at(start));
        FakeRunner runner;
        runner.clock = &clock;
        Scheduler s(clock, runner, {}, {{"lib", 4}}, "lib");
        s.set_definitions({def("nightly")});
        s.set_schedules({sched(
            1, "nightly", "full sun#1 at 23:05; diff sun at 23:05; incr mon-sat at 23:05", start)});
        run_until(clock, s, runner, berlin(2026, 12, 1, 0, 0), 300);
        QCOMPARE(runner.starts.size(), std::size_t(30));
        int full = 0, diff = 0, incr = 0;
        for (std::size_t i = 0; i < runner.starts.size(); ++i) {
            const auto& st = runner.starts[i];
            Date d;
            WallTime w;
            local_fields(st.at, d, w);
            QCOMPARE(d.day, int(i) + 1); // one run a day
            QCOMPARE(w.hour, 23);
            QVERIFY(w.minute >= 5 && w.minute < 10); // the first tick at or after 23:05
            const int wd = weekday(d);
            const std::string want = wd != 0 ? "incr" : d.day <= 7 ? "full" : "diff";
            QCOMPARE(st.request.level, want);
            QCOMPARE(st.request.definition.name, std::string("nightly"));
            (want == "full" ? full : want == "diff" ? diff : incr)++;
        }
        QCOMPARE(full, 1);
        QCOMPARE(diff, 4);
        QCOMPARE(incr, 25);
    }

    void springForwardNight() {
        const long long start = berlin(2026, 3, 28, 0, 0);
        tl::ManualClock clock(at(start));
        FakeRunner runner;
        runner.clock = &clock;
        Scheduler s(clock, runner, {}, {{"lib", 4}}, "lib");
        s.set_definitions({def("db")});
        s.set_schedules({sched(1, "db", "incr daily at 02:30", start)});
        run_until(clock, s, runner, berlin(2026, 3, 31, 0, 0), 60);
        QCOMPARE(runner.starts.size(), std::size_t(3));
        QCOMPARE(runner.starts[0].at, utc(2026, 3, 28, 1, 30)); // 02:30 CET
        QCOMPARE(runner.starts[1].at, utc(2026, 3, 29, 1, 0));  // 03:00 CEST: no 02:30 that day
        QCOMPARE(runner.starts[2].at, utc(2026, 3, 30, 0, 30)); // 02:30 CEST
    }

    void fallBackNight() {
        const long long start = berlin(2026, 10, 24, 0, 0);
        tl::ManualClock clock(at(start));
        FakeRunner runner;
        runner.clock = &clock;
        Scheduler s(clock, runner, {}, {{"lib", 4}}, "lib");
        s.set_definitions({def("db")});
        s.set_schedules({sched(1, "db", "incr daily at 02:30", start)});
        run_until(clock, s, runner, berlin(2026, 10, 27, 0, 0), 60);
        QCOMPARE(runner.starts.size(), std::size_t(3)); // 02:30 happens twice on the 25th: once
        QCOMPARE(runner.starts[0].at, utc(2026, 10, 24, 0, 30));
        QCOMPARE(runner.starts[1].at, utc(2026, 10, 25, 0, 30)); // the first 02:30 (CEST)
        QCOMPARE(runner.starts[2].at, utc(2026, 10, 26, 1, 30));
    }

    void missedRunsRunOnceOrAreSkipped() {
        const long long now = berlin(2026, 11, 12, 12, 0);
        tl::ManualClock clock(at(now));
        FakeRunner runner;
        Scheduler s(clock, runner, SchedulerLimits{0, 0, 0}, {{"lib", 4}}, "lib");
        auto keep = def("keep");
        auto skip = def("skip");
        skip.missed = "skip";
        s.set_definitions({keep, skip});
        // The service was down since the 7th: a full on Sunday the 8th and incrs were missed.
        const long long down = berlin(2026, 11, 7, 12, 0);
        const char* rule = "full sun at 01:00; incr mon-sat at 01:00";
        s.set_schedules({sched(1, "keep", rule, down), sched(2, "skip", rule, down)});
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(1));
        QCOMPARE(runner.starts[0].request.definition.name, std::string("keep"));
        QCOMPARE(runner.starts[0].request.level, std::string("full")); // the highest level missed
        QCOMPARE(s.queue().front().reason, std::string("missed"));
        runner.finish_all();
        clock.advance(std::chrono::minutes(1));
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(1)); // caught up: nothing more until tomorrow
        QVERIFY(s.queue().empty());
        for (const auto& e : s.schedules())
            QCOMPARE(e.checked_until, tl::to_unix_seconds(clock.wall()));
        // Next night both run as usual.
        clock.advance(std::chrono::hours(14));
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(3));
        QCOMPARE(runner.starts[1].request.level, std::string("incr"));
    }

    void failedRunIsRetriedAfterTheDelay() {
        const long long now = berlin(2026, 11, 12, 12, 0);
        tl::ManualClock clock(at(now));
        FakeRunner runner;
        Scheduler s(clock, runner, {}, {{"lib", 4}}, "lib");
        auto d = def("flaky");
        d.retries = 2;
        d.retry_delay = 600;
        s.set_definitions({d});
        QVERIFY(s.enqueue("flaky", "incr").ok());
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(1));
        for (int attempt = 2; attempt <= 3; ++attempt) {
            runner.finish_all("failed");
            s.tick();
            QCOMPARE(s.queue().size(), std::size_t(1));
            QCOMPARE(s.queue().front().reason, std::string("retry"));
            clock.advance(std::chrono::seconds(599));
            s.tick();
            QCOMPARE(runner.starts.size(), std::size_t(attempt - 1)); // not before the delay
            clock.advance(std::chrono::seconds(1));
            s.tick();
            QCOMPARE(runner.starts.size(), std::size_t(attempt));
            QCOMPARE(runner.starts.back().request.attempt, attempt);
            QCOMPARE(runner.starts.back().request.level, std::string("incr"));
        }
        runner.finish_all("failed"); // the third failure is the last
        s.tick();
        clock.advance(std::chrono::hours(1));
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(3));
        QVERIFY(s.queue().empty());
        // A run that completes (or warns) is not retried.
        QVERIFY(s.enqueue("flaky", "full").ok());
        s.tick();
        runner.finish_all("warnings");
        s.tick();
        clock.advance(std::chrono::hours(1));
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(4));
    }

    void cancelQueuedAndRunning() {
        tl::ManualClock clock(at(berlin(2026, 11, 12, 12, 0)));
        FakeRunner runner;
        Scheduler s(clock, runner, {}, {{"lib", 4}}, "lib");
        auto a = def("a");
        a.retries = 3;
        s.set_definitions({a, def("b")});
        auto qa = s.enqueue("a", "full");
        auto qb = s.enqueue("b", "full");
        QVERIFY(qa && qb);
        QVERIFY(s.cancel(qb.value()).ok()); // queued: gone, never starts
        s.tick();
        QCOMPARE(runner.started_names(), std::vector<std::string>{"a"});
        QVERIFY(s.cancel(qa.value()).ok()); // running: the runner is asked to stop it
        QCOMPARE(runner.cancels, std::vector<std::int64_t>{qa.value()});
        QCOMPARE(s.queue().size(), std::size_t(1)); // still running until it stops
        runner.finish(qa.value(), "failed");        // stopped: no retry for a cancelled run
        s.tick();
        QVERIFY(s.queue().empty());
        QCOMPARE(s.cancel(qa.value()).error().kind, tl::ErrorKind::NotFound);
        QCOMPARE(runner.starts.size(), std::size_t(1));
    }

    void drivesAndPrioritiesDecideWhoStarts() {
        tl::ManualClock clock(at(berlin(2026, 11, 12, 12, 0)));
        FakeRunner runner;
        SchedulerLimits unlimited{0, 0, 0};
        Scheduler s(clock, runner, unlimited, {{"lib", 2}}, "lib");
        s.set_definitions(
            {def("big", 10, 2), def("urgent", 90, 1), def("normal", 50, 1), def("low", 5, 1)});
        const auto big = s.enqueue("big", "full").value();
        const auto urgent = s.enqueue("urgent", "full").value();
        const auto normal = s.enqueue("normal", "full").value();
        s.tick(); // both drives taken by the higher priorities
        QCOMPARE(runner.started_names(), (std::vector<std::string>{"urgent", "normal"}));
        QVERIFY(s.enqueue("low", "full").ok());
        runner.finish(urgent, "completed");
        s.tick(); // one drive free: big needs two and waits; low may not overtake it
        QCOMPARE(runner.starts.size(), std::size_t(2));
        runner.finish(normal, "completed");
        s.tick();
        QCOMPARE(runner.started_names().back(), std::string("big"));
        QCOMPARE(runner.starts.back().request.queue_id, big);
        runner.finish(big, "completed");
        s.tick();
        QCOMPARE(runner.started_names().back(), std::string("low"));
    }

    void perLibraryPoolAndTotalLimits() {
        tl::ManualClock clock(at(berlin(2026, 11, 12, 12, 0)));
        {
            // Default: no job limit per library; the drives decide (and in the engine, its
            // reservations: docs/reservations.md).
            FakeRunner runner;
            Scheduler s(clock, runner, SchedulerLimits{}, {{"lib", 4}, {"other", 4}}, "lib");
            s.set_definitions({def("a"), def("b"), def("c", 50, 1, "other")});
            for (auto n : {"a", "b", "c"})
                QVERIFY(s.enqueue(n, "full").ok());
            s.tick();
            QCOMPARE(runner.started_names(), (std::vector<std::string>{"a", "b", "c"}));
        }
        {
            FakeRunner runner; // --max-jobs-per-library 1
            Scheduler s(clock, runner, SchedulerLimits{0, 1, 0}, {{"lib", 4}, {"other", 4}}, "lib");
            s.set_definitions({def("a"), def("b"), def("c", 50, 1, "other")});
            for (auto n : {"a", "b", "c"})
                QVERIFY(s.enqueue(n, "full").ok());
            s.tick();
            QCOMPARE(runner.started_names(), (std::vector<std::string>{"a", "c"}));
        }
        {
            FakeRunner runner;
            Scheduler s(clock, runner, SchedulerLimits{0, 0, 1}, {{"lib", 4}, {"other", 4}}, "lib");
            s.set_definitions({def("a", 50, 1, "lib", "P1"), def("b", 50, 1, "other", "P1"),
                               def("c", 50, 1, "other", "P2")});
            for (auto n : {"a", "b", "c"})
                QVERIFY(s.enqueue(n, "full").ok());
            s.tick();
            QCOMPARE(runner.started_names(), (std::vector<std::string>{"a", "c"}));
        }
        {
            FakeRunner runner;
            Scheduler s(clock, runner, SchedulerLimits{2, 0, 0}, {{"lib", 4}}, "lib");
            s.set_definitions({def("a"), def("b"), def("c")});
            for (auto n : {"a", "b", "c"})
                QVERIFY(s.enqueue(n, "full").ok());
            s.tick();
            QCOMPARE(runner.starts.size(), std::size_t(2));
            runner.finish_all();
            s.tick();
            QCOMPARE(runner.started_names().back(), std::string("c"));
        }
    }

    void oneRunPerDefinitionUnlessAllowed() {
        const long long now = berlin(2026, 11, 12, 22, 0);
        tl::ManualClock clock(at(now));
        FakeRunner runner;
        Scheduler s(clock, runner, SchedulerLimits{0, 0, 0}, {{"lib", 4}}, "lib");
        auto many = def("many");
        many.allow_concurrent = true;
        s.set_definitions({def("once"), many});
        s.set_schedules({sched(1, "once", "incr daily at 23:00; full 12 at 23:30", now)});
        QVERIFY(s.enqueue("once", "incr").ok());
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(1));
        clock.advance(std::chrono::hours(1)); // 23:00: due, but the first run still runs
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(1));
        QCOMPARE(s.queue().size(), std::size_t(2));
        QCOMPARE(s.enqueue("once", "incr").error().kind, tl::ErrorKind::Busy);
        clock.advance(std::chrono::minutes(30)); // 23:30 full: joins the queued run as a full
        s.tick();
        QCOMPARE(s.queue().size(), std::size_t(2));
        QCOMPARE(s.queue().back().level, std::string("full"));
        runner.finish_all();
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(2));
        QCOMPARE(runner.starts.back().request.level, std::string("full"));
        // Allowed: two runs of one definition at once.
        QVERIFY(s.enqueue("many", "full").ok());
        s.tick();
        QVERIFY(s.enqueue("many", "full").ok());
        s.tick();
        QCOMPARE(runner.started_names().back(), std::string("many"));
        QCOMPARE(runner.starts.size(), std::size_t(4));
    }

    void busyDataDirectoryKeepsTheRunQueued() {
        tl::ManualClock clock(at(berlin(2026, 11, 12, 12, 0)));
        FakeRunner runner;
        Scheduler s(clock, runner, {}, {{"lib", 4}}, "lib");
        s.set_definitions({def("a")});
        QVERIFY(s.enqueue("a", "full").ok());
        runner.busy = true;
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(0));
        QCOMPARE(s.queue().front().state, QueueEntry::State::Queued);
        runner.busy = false;
        s.tick();
        QCOMPARE(runner.starts.size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestScheduler)
#include "test_scheduler.moc"
