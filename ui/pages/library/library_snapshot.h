#pragma once
// What the Library page draws, read in one go off the GUI thread through the typed door of the
// service the console shows (typed_door.h; never the Engine nor the catalog): the configured
// libraries (GET /v1/libraries), the chosen library's changer inventory (.../inventory), its
// drives with the job using each and its activity there (GET /v1/libraries/{name}) and the
// catalog's record of every cartridge (GET /v1/volumes: pool, state, bytes, location). Errors
// land in `error`, never thrown.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bridge/typed_door.h"
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

// Reads library `library` ("" or one removed meanwhile: the first configured) through the
// service at `door`. Blocking: on a worker thread.
LibrarySnapshot load_library_snapshot(const DoorAddress& door, const std::string& library);

} // namespace tl::ui
