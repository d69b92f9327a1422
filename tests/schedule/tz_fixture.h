#pragma once
// Schedule tests run in Europe/Berlin so DST changes are exercised (spring forward on
// 2026-03-29 02:00 -> 03:00, fall back on 2026-10-25 03:00 -> 02:00).
#include <cstdlib>
#include <ctime>

#include "schedule/calendar.h"

namespace tltest {

inline void use_berlin_time() {
    setenv("TZ", "Europe/Berlin", 1);
    tzset();
}

// Unix seconds of a local Berlin wall time (unambiguous times only).
inline long long berlin(int y, int mo, int d, int h, int mi, int s = 0) {
    return tl::schedule::resolve_local({y, mo, d}, {h, mi, s});
}

// Unix seconds of a UTC time, independent of TZ.
inline long long utc(int y, int mo, int d, int h, int mi, int s = 0) {
    return tl::schedule::days_from_civil({y, mo, d}) * 86400 + h * 3600 + mi * 60 + s;
}

} // namespace tltest
