#pragma once
// The times of an object. An ObjectHeader keeps them as int64 nanoseconds since the epoch
// (atime_ns, mtime_ns, ctime_ns), which holds 1677-09-21 to 2262-04-11; a time outside that
// range is kept exactly in the header's properties ("atime", "mtime": "<seconds>.<9 digits>",
// seconds signed) and its *_ns field holds the nearest end of the range. A time before 1970
// with a fraction is a negative second count with a positive nanosecond part, as in timespec.
#include <cstdint>
#include <ctime>

#include "format/object.h"

namespace tl::format {

// Nanoseconds of `t`, the nearest end of the int64 range when it does not fit.
std::int64_t time_ns(const timespec& t);
// The timespec of `ns`: seconds rounded down, nanoseconds in 0..999,999,999.
timespec timespec_of(std::int64_t ns);

// Sets h.atime_ns, h.mtime_ns and h.ctime_ns, keeping an access or modification time that
// does not fit exactly in the properties.
void set_times(ObjectHeader& h, const timespec& atime, const timespec& mtime,
               const timespec& ctime);
// The exact access and modification times of `h`.
timespec access_time(const ObjectHeader& h);
timespec modification_time(const ObjectHeader& h);

} // namespace tl::format
