#pragma once
// What GET /v1/drives?usage=true adds to each drive (the console's Devices page shows it):
// {"usage": {"bytes_written", "bytes_read", "mounts", "failed_sessions", "block_size",
// "codec"}}: its counters summed over the job reports of the catalog, the block size of the
// cartridge in it (else of its last session, 0 when none) and the codec of the last save set
// written through it ("" when none).
#include <nlohmann/json.hpp>

#include "catalog/db.h"
#include "common/result.h"

namespace tl::service {

// Adds "usage" to every drive of `drives` (GET /v1/drives's "drives" list).
Status add_drive_usage(catalog::Db& db, nlohmann::json& drives);

} // namespace tl::service
