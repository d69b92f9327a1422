#pragma once
// Calendar arithmetic for schedules: civil dates without time zones, and the mapping of a
// local wall-clock time to an instant in the process time zone (TZ, via localtime_r/mktime).
// DST rule: a wall time that does not exist (spring forward) maps to the first valid instant
// after the gap (02:30 -> 03:00); a wall time that occurs twice (fall back) maps to the first
// occurrence. Thread-safe (localtime_r/mktime; the caller must not change TZ concurrently).
#include <string>

namespace tl::schedule {

struct Date {
    int year = 1970, month = 1, day = 1; // month 1..12, day 1..31
};

struct WallTime {
    int hour = 0, minute = 0, second = 0;
};

long long days_from_civil(Date d); // days since 1970-01-01
Date civil_from_days(long long days);
int weekday(Date d); // 0 = Sunday .. 6 = Saturday
int days_in_month(int year, int month);

// The instant (unix seconds) of `time` on local date `date`, with the DST rule above.
long long resolve_local(Date date, WallTime time);

// "YYYY-MM-DD HH:MM:SS" in local time, for listings.
std::string format_local(long long t);

// The local date and time of instant `t`.
void local_fields(long long t, Date& date, WallTime& time);

} // namespace tl::schedule
