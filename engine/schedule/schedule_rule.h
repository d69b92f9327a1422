#pragma once
// A schedule rule: when a job definition runs, and at which backup level. The compact syntax
// is documented in docs/schedules.md, e.g.
//   full sun#1 at 23:05; diff sun at 23:05; incr mon-sat at 23:05
//   incr cron 5 23 * * 1-6          (or a plain 5-field cron expression)
//   once 2026-12-24 18:00:30
// Clauses are separated by ';'. When several clauses fire at the same instant the first one
// listed wins and the job runs once. Times are local wall-clock times in the process time
// zone (TZ); see calendar.h for the DST rule. Immutable after parse; thread-safe to read.
#include <bitset>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"
#include "schedule/calendar.h"

namespace tl::schedule {

struct Occurrence {
    long long time = 0; // unix seconds
    std::string level;  // full | diff | incr
};

struct Clause {
    enum class Kind { Calendar, Cron, Once };
    Kind kind = Kind::Calendar;
    std::string level = "full";
    int column = 1; // where the clause starts in the rule text (1-based)
    // Calendar: the day matches when any of the day terms matches (or any_day), and the month.
    bool any_day = false;
    std::bitset<7> weekdays;              // 0 = Sunday
    std::vector<std::pair<int, int>> nth; // (weekday, n): n 1..5, -1 = last in the month
    std::bitset<32> monthdays;            // 1..31
    bool last_monthday = false;
    std::bitset<13> months;      // 1..12
    std::vector<WallTime> times; // sorted
    // Cron: minute/hour sets give the times; day-of-month and weekday follow cron's rule
    // (both restricted: either matches).
    bool cron_dom_any = true, cron_dow_any = true;
    // Once: a single local date and time.
    Date once_date;
    WallTime once_time;

    bool day_matches(Date d) const;
};

class ScheduleRule {
public:
    // Parses `text`. Errors are InvalidArgument and say "column N: ..." pointing into `text`.
    static Result<ScheduleRule> parse(const std::string& text);

    // The first occurrence strictly after `after` (unix seconds), within about eight years;
    // nullopt when there is none.
    std::optional<Occurrence> next_after(long long after) const;

    // Definition-time check: every clause fires at least once after `now` (catches Feb 30 or
    // a one-shot time in the past). The error names the clause's column.
    Status check_fires(long long now) const;

    const std::string& text() const { return text_; }
    const std::vector<Clause>& clauses() const { return clauses_; }

private:
    std::string text_;
    std::vector<Clause> clauses_;
};

} // namespace tl::schedule
