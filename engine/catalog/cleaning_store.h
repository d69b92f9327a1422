#pragma once
// Cleaning cartridges (CLN barcodes) in the catalog (schema step "drive health"): how often
// each was used, how often it may be, and when it was last. Functions use the caller's
// connection.
#include <optional>
#include <string>

#include "catalog/db.h"

namespace tl::catalog {

struct CleaningCartridgeRow {
    std::string barcode;
    int uses = 0, max_uses = 0;
    long long last_used = 0; // 0 = never
};

// The row of `barcode`, added with `max_uses` and no use when the catalog has none yet.
Result<CleaningCartridgeRow> cleaning_cartridge(Db& db, const std::string& barcode, int max_uses);
// One more use at `now`.
Status count_cleaning_use(Db& db, const std::string& barcode, long long now);

} // namespace tl::catalog
