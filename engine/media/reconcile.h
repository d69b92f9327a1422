#pragma once
// Volume locations against what a changer reports (docs/media.md). A volume in a library is
// recorded with its home storage slot (a cartridge in a drive counts at its source slot, so the
// robot's loads and unloads are no difference); a volume in a mail slot with that element; a
// volume outside with its site and the date it left.
#include <string>
#include <vector>

#include "catalog/db.h"
#include "device/changer.h"

namespace tl::media {

enum class DifferenceKind {
    Moved,    // the changer has it elsewhere than the catalog says (moved by hand)
    Returned, // the catalog says outside (or another library), the changer has it
    Unknown,  // the changer has a cartridge the catalog does not know
    Missing,  // the catalog says it is in this library, the changer does not have it
};
const char* to_string(DifferenceKind k);

struct Difference {
    DifferenceKind kind = DifferenceKind::Moved;
    std::string barcode;
    std::string catalog_says; // "slot 3", "mail slot 1", "outside at vault since ...", ""
    std::string changer_says; // "slot 20", "drive 1 (from slot 3)", ""
    std::string action;       // what --reconcile does / what to do
};

// Where the changer has `barcode` in words ("slot 5", "drive 0 (from slot 5)", "mail slot 1"),
// or "" when it does not have it.
std::string describe_position(const device::Inventory& inv, const std::string& barcode);

// Compares the catalog with `inv` of library `library`; with `apply`, updates the catalog's
// locations (unknown cartridges are added as 'blank', or 'cleaning' for CLN barcodes; missing
// ones are recorded outside at site "missing"), with a history row for added cartridges.
// One transaction. `now`: unix seconds.
Result<std::vector<Difference>> reconcile(catalog::Db& db, const std::string& library,
                                          const device::Inventory& inv, long long now, bool apply);

// After a robot move made by Tapeloom: records the new home of every catalog volume whose
// position differs between `before` and `after` (nothing else).
Status record_moves(catalog::Db& db, const std::string& library, const device::Inventory& before,
                    const device::Inventory& after);

} // namespace tl::media
