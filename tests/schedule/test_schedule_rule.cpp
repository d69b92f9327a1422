#include <QtTest>

#include "schedule/schedule_rule.h"
#include "tz_fixture.h"

using tl::schedule::ScheduleRule;
using tltest::berlin;
using tltest::utc;

// The schedule syntax, its errors with columns, and next-run times in Europe/Berlin with DST.
class TestScheduleRule : public QObject {
    Q_OBJECT

    static ScheduleRule rule(const char* text) {
        auto r = ScheduleRule::parse(text);
        if (!r) qFatal("%s", r.error().message.c_str());
        return r.value();
    }
    static QString error_of(const char* text) {
        auto r = ScheduleRule::parse(text);
        return r ? QString() : QString::fromStdString(r.error().message);
    }

private Q_SLOTS:
    void initTestCase() { tltest::use_berlin_time(); }

    void monthOfFullDiffIncr() {
        auto r = rule("full sun#1 at 23:05; diff sun at 23:05; incr mon-sat at 23:05");
        long long t = berlin(2026, 11, 1, 0, 0);
        const long long end = berlin(2026, 12, 1, 0, 0);
        int full = 0, diff = 0, incr = 0, days = 0;
        for (auto o = r.next_after(t); o && o->time < end; o = r.next_after(o->time)) {
            tl::schedule::Date d;
            tl::schedule::WallTime w;
            tl::schedule::local_fields(o->time, d, w);
            QCOMPARE(w.hour, 23);
            QCOMPARE(w.minute, 5);
            QCOMPARE(d.day, days + 1); // exactly one run per day, in order
            ++days;
            const int wd = tl::schedule::weekday(d);
            const QString expected = wd != 0 ? "incr" : d.day <= 7 ? "full" : "diff";
            QCOMPARE(QString::fromStdString(o->level), expected);
            (o->level == "full" ? full : o->level == "diff" ? diff : incr)++;
        }
        QCOMPARE(days, 30);
        QCOMPARE(full, 1); // 2026-11-01 is the first Sunday
        QCOMPARE(diff, 4); // 8, 15, 22, 29
        QCOMPARE(incr, 25);
    }

    void springForwardRunsOnceAtTheNextValidTime() {
        auto r = rule("daily at 02:30");
        auto o = r.next_after(berlin(2026, 3, 28, 12, 0));
        QVERIFY(o);
        QCOMPARE(o->time, utc(2026, 3, 29, 1, 0)); // 03:00 CEST: the first valid time
        auto n = r.next_after(o->time);
        QVERIFY(n);
        QCOMPARE(n->time, utc(2026, 3, 30, 0, 30)); // 02:30 CEST the next day
        // A cron every 15 minutes of hour 2 runs once that night, at 03:00.
        auto c = rule("*/15 2 * * *");
        auto c1 = c.next_after(berlin(2026, 3, 29, 0, 0));
        QVERIFY(c1);
        QCOMPARE(c1->time, utc(2026, 3, 29, 1, 0));
        auto c2 = c.next_after(c1->time);
        QVERIFY(c2);
        QCOMPARE(c2->time, utc(2026, 3, 30, 0, 0)); // 02:00 CEST on the 30th
    }

    void fallBackRunsOnce() {
        auto r = rule("daily at 02:30");
        auto o = r.next_after(berlin(2026, 10, 24, 12, 0));
        QVERIFY(o);
        QCOMPARE(o->time, utc(2026, 10, 25, 0, 30)); // the first 02:30 (CEST)
        auto n = r.next_after(o->time);
        QVERIFY(n);
        QCOMPARE(n->time, utc(2026, 10, 26, 1, 30)); // not the second 02:30 (CET) that night
        // Hourly cron across the repeated hour: 02:00 once, then 03:00.
        auto c = rule("0 * * * *");
        auto c1 = c.next_after(utc(2026, 10, 24, 23, 30)); // 01:30 CEST
        QCOMPARE(c1->time, utc(2026, 10, 25, 0, 0));       // 02:00 CEST
        auto c2 = c.next_after(c1->time);
        QCOMPARE(c2->time, utc(2026, 10, 25, 2, 0)); // 03:00 CET; 02:00 CET is not run again
    }

    void cronFields() {
        auto r = rule("incr 5 23 * * 1-6");
        QCOMPARE(r.clauses().front().level, std::string("incr"));
        auto o = r.next_after(berlin(2026, 11, 28, 23, 6)); // Saturday, after the run
        QVERIFY(o);
        QCOMPARE(o->time, berlin(2026, 11, 30, 23, 5)); // Sunday skipped
        auto names = rule("cron 0 6 1 jan,jul *");
        auto n = names.next_after(berlin(2026, 2, 1, 0, 0));
        QCOMPARE(n->time, berlin(2026, 7, 1, 6, 0));
        // Both day fields restricted: either matches (cron's rule).
        auto both = rule("0 12 13 * fri");
        auto b = both.next_after(berlin(2026, 11, 1, 0, 0));
        QCOMPARE(b->time, berlin(2026, 11, 6, 12, 0)); // Friday 6th before the 13th
    }

    void calendarTerms() {
        auto r = rule("last in mar,jun at 18:00:15");
        QCOMPARE(r.next_after(berlin(2026, 1, 1, 0, 0))->time, berlin(2026, 3, 31, 18, 0, 15));
        auto l = rule("fri#last at 07:00");
        QCOMPARE(l.next_after(berlin(2026, 11, 1, 0, 0))->time, berlin(2026, 11, 27, 7, 0));
        auto m = rule("1,15 at 01:00, 13:00");
        auto m1 = m.next_after(berlin(2026, 11, 1, 1, 0));
        QCOMPARE(m1->time, berlin(2026, 11, 1, 13, 0));
        QCOMPARE(m.next_after(m1->time)->time, berlin(2026, 11, 15, 1, 0));
        auto once = rule("diff once 2026-12-24 18:00:30");
        QCOMPARE(once.next_after(0)->time, berlin(2026, 12, 24, 18, 0, 30));
        QCOMPARE(once.next_after(once.next_after(0)->time).has_value(), false);
    }

    void errorsPointAtTheColumn() {
        QVERIFY2(error_of("full sunn at 23:05").contains("column 6:"),
                 qPrintable(error_of("full sunn at 23:05")));
        QVERIFY(error_of("incr mon-sat at 25:00").contains("column 17:"));
        QVERIFY(error_of("daily 23:05").contains("column 7:")); // a time where days belong
        QVERIFY(error_of("mon-fri").contains("column 8:"));     // 'at' missing at the end
        QVERIFY(error_of("61 * * * *").contains("column 1:"));
        QVERIFY(error_of("full sun#6 at 23:05").contains("column 10:"));
        QVERIFY(error_of("daily at 01:00;").contains("column 16:"));
        QVERIFY(error_of("once 2026-02-30 10:00").contains("column 14:"));
        QVERIFY(error_of("daily at 01:00").isEmpty());
    }

    void neverFiringIsRefused() {
        const long long now = berlin(2026, 11, 30, 12, 0);
        auto feb30 = rule("incr daily at 01:00; full 30 in feb at 02:00");
        auto st = feb30.check_fires(now);
        QVERIFY(!st);
        QVERIFY2(QString::fromStdString(st.error().message).contains("column 22:"),
                 st.error().message.c_str());
        QVERIFY(rule("29 in feb at 01:00").check_fires(now)); // leap years: 2028
        QCOMPARE(rule("29 in feb at 01:00").next_after(now)->time, berlin(2028, 2, 29, 1, 0));
        QVERIFY(!rule("once 2020-01-01 00:00").check_fires(now));
        QVERIFY(rule("once 2027-01-01 00:00").check_fires(now));
    }
};

QTEST_GUILESS_MAIN(TestScheduleRule)
#include "test_schedule_rule.moc"
