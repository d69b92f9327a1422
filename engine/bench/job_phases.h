#pragma once
// How a backup's time divides, from its drives' traces (job::DriveTimes): what the drives'
// native rate is held against (docs/benchmarks.md "What % of the drives' rate measures").
//   before the data  the job's start to the first block handed to a drive: the reservation,
//                    the mounts (robot, load and thread, label read, positioning)
//   the data         the first block handed to a drive to the last byte on tape (the last
//                    drive's closing synchronous filemark): the host's first fill of each
//                    drive's buffer, the tapes' motion, the drives' staggered starts and ends
//   after the data   the last byte on tape to the job's end: the volumes closed (and, where a
//                    model charges them, rewound and unloaded), the catalog's last rows
// The drives' data rate - each drive's tape bytes over its own span from its first block to
// its last byte on tape, summed over the drives - is the figure the drives' rated speed is held
// against; the job's data rate (all tape bytes over the span above, the drives' staggered
// starts included) and its wall rate (over all three spans) are printed beside it, never
// instead of it.
#include <string>

#include <nlohmann/json.hpp>

#include "job/job_report.h"

namespace tl::bench {

struct JobPhases {
    bool known = false;                                 // every drive that wrote left its trace
    double reserved = -1;                               // seconds since the job's start
    double mount_first = -1;                            // the first drive's mount began
    double mounted_last = -1;                           // the last drive ready to write
    double first_block = -1;                            // the first block handed to any drive
    double first_block_last = -1;                       // the last drive's first block
    double tape_start_first = -1, tape_start_last = -1; // -1: no streaming model
    double on_tape = -1;                                // every byte on tape
    double released = -1;                               // the last volume given back
    double end = 0;                                     // the job's end (its elapsed)
    std::uint64_t tape_bytes = 0;

    double before_data() const { return first_block; }
    double data_seconds() const { return on_tape - first_block; }
    double after_data() const { return end - on_tape; }
    double data_rate() const;    // tape bytes / data_seconds(), 0 when unknown
    double drives_data_rate = 0; // each drive's bytes / (on tape - first block), summed
};

JobPhases job_phases(const job::JobReport& r);
nlohmann::json to_json(const JobPhases& p, double drives_rate);
// The lines of a bench's text report: every span, the data and wall rates, and the share of
// `drives_rate` (the drives' native rates summed) each reaches.
std::string format_phases(const JobPhases& p, double drives_rate, double wall_rate);
// One line per drive: its trace.
std::string format_drive_times(const job::JobReport& r);

} // namespace tl::bench
