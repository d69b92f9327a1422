#pragma once
// Where a library's cartridges are right now, as the changers say (the one source of where a
// cartridge is, as `library inventory` shows it): which volume sits in which drive. Shared by
// `tapeloom-cli volume list` and the service's GET /v1/volumes, so both show a cartridge in a
// drive in its drive, not in the home slot the catalog keeps for it.
#include <map>
#include <string>
#include <vector>

#include "common/clock.h"
#include "media/volume_catalog.h"

namespace tl::catalog {
class Db;
}

namespace tl::media {

struct DrivePlace {
    std::string library;
    int drive = 0; // the changer's drive number
};

// Barcode -> drive, for the volumes of `vols` that the catalog places in a library. A library
// that cannot be opened or asked (a changer offline) leaves its volumes at their catalogued
// place: nothing is made up.
std::map<std::string, DrivePlace> volumes_in_drives(catalog::Db& db, const std::string& home,
                                                    Clock& clock,
                                                    const std::vector<VolumeRecord>& vols);

} // namespace tl::media
