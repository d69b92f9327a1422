#pragma once
// Cleaning a drive with a cleaning cartridge (docs/devices.md "Cleaning"): the first CLN
// cartridge of the library with uses left is loaded into the drive, the drive cleans (the model's
// cleaning time on a modelled virtual drive; a real drive cleans and ejects by itself), the
// cartridge goes back and its use is counted in the catalog. With none usable: NoMedium, an
// operator request naming the library and what to do (logged as a warning: the event stream
// shows it). `drive clean DRIVE` runs it as a job of its own; a job whose drive asked for
// cleaning (TapeAlert 20/21) runs it at its end on the drive it holds.
#include <cstddef>
#include <string>

#include "context/engine.h"
#include "device/library.h"

namespace tl::catalog {
class Db;
}

namespace tl::job {

constexpr int kCleaningUses = 50; // an LTO universal cleaning cartridge's rated uses

struct CleaningDone {
    std::string drive, cartridge;
    int uses_left = 0;
    double seconds = 0; // on the engine's clock
};

// Cleans drive `index` of `library`, which the caller holds (reserved).
Result<CleaningDone> clean_reserved_drive(catalog::Db& db, device::Library& library,
                                          std::size_t index, Clock& clock);
// `drive clean NAME`: reserves the drive (waiting while a job uses it), then cleans it.
Result<CleaningDone> clean_drive(Engine& engine, const std::string& drive);

} // namespace tl::job
