#include "schedule/calendar.h"

#include <cstdio>
#include <ctime>

namespace tl::schedule {

// Howard Hinnant's civil-date algorithms (proleptic Gregorian calendar).
long long days_from_civil(Date d) {
    const long long y = d.year - (d.month <= 2 ? 1 : 0);
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const long long yoe = y - era * 400;
    const long long mp = (d.month + 9) % 12;
    const long long doy = (153 * mp + 2) / 5 + d.day - 1;
    const long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

Date civil_from_days(long long z) {
    z += 719468;
    const long long era = (z >= 0 ? z : z - 146096) / 146097;
    const long long doe = z - era * 146097;
    const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const long long mp = (5 * doy + 2) / 153;
    const int day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    const int month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    return Date{static_cast<int>(yoe + era * 400 + (month <= 2 ? 1 : 0)), month, day};
}

int weekday(Date d) {
    const long long z = days_from_civil(d);
    return static_cast<int>(z >= -4 ? (z + 4) % 7 : (z + 5) % 7 + 6);
}

int days_in_month(int year, int month) {
    static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : kDays[month - 1];
}

void local_fields(long long t, Date& date, WallTime& time) {
    const std::time_t tt = static_cast<std::time_t>(t);
    std::tm tm{};
    localtime_r(&tt, &tm);
    date = Date{tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday};
    time = WallTime{tm.tm_hour, tm.tm_min, tm.tm_sec};
}

std::string format_local(long long t) {
    Date d;
    WallTime w;
    local_fields(t, d, w);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d", d.year, d.month, d.day, w.hour,
                  w.minute, w.second);
    return buf;
}

namespace {
// Local wall time of t as comparable seconds (days * 86400 + seconds of day).
long long wall_key(long long t) {
    Date d;
    WallTime w;
    local_fields(t, d, w);
    return days_from_civil(d) * 86400 + w.hour * 3600 + w.minute * 60 + w.second;
}

long long make_time(Date date, WallTime time, int isdst) {
    std::tm tm{};
    tm.tm_year = date.year - 1900;
    tm.tm_mon = date.month - 1;
    tm.tm_mday = date.day;
    tm.tm_hour = time.hour;
    tm.tm_min = time.minute;
    tm.tm_sec = time.second;
    tm.tm_isdst = isdst;
    return static_cast<long long>(std::mktime(&tm));
}
} // namespace

long long resolve_local(Date date, WallTime time) {
    const long long want =
        days_from_civil(date) * 86400 + time.hour * 3600 + time.minute * 60 + time.second;
    // mktime with either DST flag: the candidates that round-trip are the real occurrences.
    const long long a = make_time(date, time, 0), b = make_time(date, time, 1);
    const bool a_ok = wall_key(a) == want, b_ok = wall_key(b) == want;
    if (a_ok && b_ok) return a < b ? a : b; // occurs twice: the first one
    if (a_ok) return a;
    if (b_ok) return b;
    // In a gap: the first instant whose wall time is at or past the wanted one. Local time is
    // monotonic across a spring-forward gap, so bisect between the two candidates.
    long long lo = (a < b ? a : b) - 7200, hi = (a < b ? b : a) + 7200;
    while (hi - lo > 1) {
        const long long mid = lo + (hi - lo) / 2;
        if (wall_key(mid) >= want)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

} // namespace tl::schedule
