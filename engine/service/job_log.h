#pragma once
// A job's log (GET /v1/jobs/{id}/log, the console's Reports page): the lines of the data
// directory's log file written while the job ran. Every program on the data directory (service,
// CLI) logs to <home>/logs/tapeloom.log (rotated at 5 MiB into tapeloom.1.log …), one line per
// event stamped with its local time; the lines from the job's start to one second after its end
// are the job's warnings, errors and steps. Read on the service's machine, so a console on
// another one shows them too.
#include <cstddef>
#include <string>
#include <vector>

namespace tl::service {

struct JobLogWindow {
    long long job = 0;     // a line naming another job ("backup job 8: …") is left out; 0: none
    long long started = 0; // unix seconds
    long long ended = 0;   // 0 while the job runs: up to `now`
    long long now = 0;
};

// Lines of <home>/logs/tapeloom.1.log and tapeloom.log stamped within [started, ended + 1],
// oldest first, the last `max_lines` of them. A line without a stamp (a continuation) goes with
// the line before it, and is left out with it.
std::vector<std::string> job_log_lines(const std::string& home, const JobLogWindow& window,
                                       std::size_t max_lines);

// The seconds since the epoch of a line's stamp ("2026-11-30 15:20:26.561 …", local time), -1
// when the line has none.
long long log_line_stamp(const std::string& line);

} // namespace tl::service
