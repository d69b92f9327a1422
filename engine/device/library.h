#pragma once
// A tape library as the backup and restore jobs see it: a changer with its drives, as
// configured in the catalog. mount() hides the robot: it puts a cartridge (by barcode) into a
// drive, unloading whatever was there to its source slot first.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/clock.h"
#include "common/result.h"
#include "device/changer.h"
#include "device/tape_drive.h"

namespace tl::catalog {
class Db;
}

namespace tl::device {

class VirtualChanger;

// TapeAlert flags one drive reported (bit n-1 = flag n), when and with which cartridge.
struct DriveAlert {
    std::string drive;
    std::size_t index = 0;
    std::string volume; // "" when none was loaded
    std::string phase;  // load | unload | error | check
    std::uint64_t flags = 0;
};

// What one cartridge went through in one drive since it was mounted (or last taken).
struct CartridgeUse {
    std::string volume, drive;
    bool mounted = false; // this record is its mount
    std::uint64_t written = 0, read = 0, media_errors = 0;
};

class Library {
public:
    virtual ~Library() = default;
    virtual const std::string& name() const = 0;
    virtual Changer& changer() = 0;
    virtual std::size_t drive_count() const = 0;
    virtual TapeDrive& drive(std::size_t index) = 0;
    // Barcodes of every cartridge in the library (slots, drives, mail slots).
    virtual Result<std::vector<std::string>> barcodes() = 0;
    // Loads `barcode` into drive `index` (closing the drive first if open). MediaMissing when
    // the cartridge is not in the library; Busy when it is in another drive that is open.
    virtual Status mount(std::size_t index, const std::string& barcode) = 0;
    // mount() where other Library objects drive the same robot: the robot's moves are made
    // under `robot` as well, the drive's load and thread after it is released, so drives of
    // one library load at the same time while the robot serves the next (issue 39).
    virtual Status mount_sharing_robot(std::size_t index, const std::string& barcode,
                                       std::mutex& robot) {
        std::lock_guard lock(robot);
        return mount(index, barcode);
    }
    // Unloads drive `index` to its source slot (closing it first). No-op when empty.
    virtual Status unmount(std::size_t index) = 0;

    // TapeAlert: mount() reads the drive's flags after the load (phase "load", or "error" when
    // the load failed), unmount() before the unload; check_alerts() reads them now. Flags
    // raised are kept until take_alerts(). Reading clears them on the drive. Thread-safe.
    virtual void check_alerts(std::size_t index, const std::string& phase) {
        (void)index;
        (void)phase;
    }
    virtual std::vector<DriveAlert> take_alerts() { return {}; }
    // Wear: mount() starts counting a cartridge's use in its drive, unmount() and
    // check_alerts() add what it went through since; kept until taken. Thread-safe.
    virtual std::vector<CartridgeUse> take_uses() { return {}; }
};

// Opens a library configured in the catalog by name ("" = the first/default one).
// `home` is the data directory (virtual cartridges live under it).
Result<std::unique_ptr<Library>> open_library(catalog::Db& db, const std::string& home,
                                              const std::string& name, Clock& clock);

// The library to read volumes `barcodes` from: the one called `name` when given; else the
// configured library that holds the most of them (every one, normally), the first configured
// library on a tie or when none holds any (a restore then names the volumes it misses). Lets a
// job written to any library be restored, verified, cloned or scanned without --library.
Result<std::unique_ptr<Library>> open_library_holding(catalog::Db& db, const std::string& home,
                                                      const std::string& name,
                                                      const std::vector<std::string>& barcodes,
                                                      Clock& clock);

// The cartridges in `lib`'s slots and drives: those a backup or a labeling may write on. One in a
// mail slot is at the door (exported, or inserted and not imported yet): barcodes() lists it, as
// a restore or a cleaning may use it from there, but nothing is written on it.
Result<std::vector<std::string>> barcodes_inside(Library& lib);

// Names of the configured libraries, in creation order.
Result<std::vector<std::string>> library_names(catalog::Db& db);

// Creates the embedded default on a new data directory (no library configured yet): a virtual
// changer "vlib0" with 4 drives, 24 slots, 2 mail slots, 24 blank cartridges TLO001L9..TLO024L9.
Status ensure_default_library(catalog::Db& db, const std::string& home);

// The virtual changer of `lib`, for the operator's hand at its mail slots (insert, remove);
// Unsupported for a real library, whose mail slot takes cartridges by hand.
Result<VirtualChanger*> virtual_changer_of(Library& lib);

} // namespace tl::device
