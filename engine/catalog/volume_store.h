#pragma once
// Reads of the volumes table that the console's pages and requests need beyond
// media::VolumeRecord: mount and error counters, presence checks and counts, block sizes and
// cleaning cartridges. Nothing here writes. Functions use the caller's connection.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct VolumeCounters {
    std::int64_t mounts = 0;
    std::int64_t errors = 0;
};
// Every volume's counters, by volume id.
Result<std::map<std::int64_t, VolumeCounters>> volume_counters(Db& db);

// Whether the catalog knows the barcode as a labeled volume (any state but blank).
Result<bool> is_labeled_volume(Db& db, const std::string& barcode);
// Whether the catalog records the barcode as being in a library.
Result<bool> is_in_library(Db& db, const std::string& barcode);

// Volumes of the pool in a library that a backup could write: appendable or recyclable.
Result<std::int64_t> writable_volumes_in_library(Db& db, std::int64_t pool_id);
// Volumes of the Scratch pool (unless that is `pool_id` itself) in a library that a pool can
// take over: recyclable, or appendable and still empty.
Result<std::int64_t> scratch_volumes_in_library(Db& db, std::int64_t pool_id);

// The block size the volume was labeled with; nullopt for an unknown barcode.
Result<std::optional<std::int64_t>> volume_block_size(Db& db, const std::string& barcode);
// Barcodes recorded as cleaning cartridges of the library, sorted.
Result<std::vector<std::string>> cleaning_volumes(Db& db, const std::string& library);

} // namespace tl::catalog
