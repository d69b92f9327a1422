#pragma once
// A job's cartridge wear into the catalog (catalog/volume_wear_store.h): each cartridge's
// mounts, bytes written and read and failed reads and writes (hard errors) as its library
// counted them, and its soft errors: the TapeAlert read/write warnings (flags 1-3) its drive
// raised while it was mounted.
#include <vector>

#include "device/library.h"

namespace tl::catalog {
class Db;
}

namespace tl::job {

Status record_volume_wear(catalog::Db& db, const std::vector<device::CartridgeUse>& uses,
                          const std::vector<device::DriveAlert>& alerts, long long now);

} // namespace tl::job
