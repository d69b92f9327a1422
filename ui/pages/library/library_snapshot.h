#pragma once
// What the Library page draws, read in one go off the GUI thread: the configured libraries,
// the chosen library's changer inventory, its drives (name and activity from the LiveBoard) and
// the catalog's record of every cartridge it holds (pool, state, bytes, location). No Qt: plain
// engine reads on a read-only catalog connection of the caller's thread, so a refresh never
// touches the Engine's own connection while a job runs. Errors land in `error`, never thrown.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "device/changer.h"
#include "media/volume_catalog.h"

namespace tl::ui {

struct LibraryDrive {
    std::string name;     // "vlib0-drive0"
    std::string state;    // "empty", "loaded", or the running job's activity ("writing"...)
    std::int64_t job = 0; // the running job that uses the drive (its live snapshot), else 0
};

struct LibrarySnapshot {
    std::vector<std::string> libraries; // every configured library, in creation order
    std::string library;                // the one read ("" when none is configured)
    std::string kind;                   // "virtual" | "mtx"
    device::Inventory inventory;
    std::vector<LibraryDrive> drives;                   // by drive element number
    std::map<std::string, media::VolumeRecord> volumes; // catalog volumes by barcode
    std::string error;                                  // "" when everything was read

    // The catalog's volume for `barcode`, or nullptr when the catalog does not know it.
    const media::VolumeRecord* volume(const std::string& barcode) const;
};

// Reads library `library` ("" = the first configured) from the catalog at `catalog_path`
// (opened read-only here) and its changer under data directory `home`.
LibrarySnapshot load_library_snapshot(const std::string& catalog_path, const std::string& home,
                                      const std::string& library);

} // namespace tl::ui
