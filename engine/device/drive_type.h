#pragma once
// The timing figures of a tape drive type, for the virtual library's model (docs/devices.md
// "Drive models"): native rate and capacity, the speed-matching steps, the drive buffer, the
// reposition (backhitch) penalty, load/thread and unload times, the tape's length and wraps
// (serpentine: even wraps run from BOT to EOT, odd ones back) and the locate speed along it,
// the cleaning time and what the cartridge is rated for. Figures from vendor datasheets where
// they give them; the rest are marked as assumptions in drive_type.cpp.
#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"

namespace tl::device {

struct DriveType {
    std::string name;                // "lto9"
    double native_rate = 0;          // bytes per second (decimal, as rated)
    std::vector<double> speed_steps; // ascending, the last one = native_rate
    std::uint64_t native_capacity = 0;
    double buffer = 0;            // drive buffer, bytes
    double start_fill = 1.0;      // the tape starts once the buffer holds this part of it
    double reposition_s = 0;      // one backhitch: stop, rewind a little, restart
    double load_s = 0;            // load and thread until ready
    double unload_s = 0;          // unthread and eject, after the rewind
    double tape_length_m = 0;     // length of one wrap
    int wraps = 0;                // passes along the tape that fill it
    double locate_speed_mps = 0;  // high-speed locate and rewind, metres per second
    double settle_s = 0;          // stopping and settling at a located position
    double wrap_change_s = 0;     // stepping the head to another wrap
    double cleaning_s = 0;        // one cleaning cycle with a CLN cartridge
    double rated_full_passes = 0; // full-cartridge writes the media is rated for
    double rated_loads = 0;       // load/unload cycles the media is rated for
};

// The types the virtual library knows: "lto8", "lto9".
std::vector<std::string> drive_type_names();
// NotFound naming the known types when `name` is not one of them.
Result<DriveType> find_drive_type(const std::string& name);
// `count` rates evenly spaced from `lowest` to `highest`, both included.
std::vector<double> even_steps(double lowest, double highest, int count);

} // namespace tl::device
