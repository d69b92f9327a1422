#pragma once
// Media wear in the catalog (schema step "drive health"): per cartridge the mounts, bytes
// written and read, soft errors (TapeAlert read/write warnings) and hard errors (failed reads
// and writes), and its first and last use. Sums over every job that used it; a relabel keeps
// them (they belong to the cartridge, not its contents). Functions use the caller's connection.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct VolumeWearRow {
    std::string barcode;
    std::int64_t mounts = 0;
    std::uint64_t bytes_written = 0, bytes_read = 0;
    std::int64_t soft_errors = 0, hard_errors = 0;
    long long first_use = 0, last_use = 0; // unix seconds; 0 = never
};

// Adds `delta`'s counts to the cartridge's (a row made on its first use) at `now`.
Status add_volume_wear(Db& db, const VolumeWearRow& delta, long long now);
// The cartridge's row, or every cartridge's (barcode "") in barcode order.
Result<std::vector<VolumeWearRow>> volume_wear(Db& db, const std::string& barcode);

} // namespace tl::catalog
