#include "pages/library/library_ops.h"

#include <nlohmann/json.hpp>

#include "api/media_ops.h"
#include "media/volume_actions.h"

namespace tl::ui {

Status run_move(const CatalogHandle& db, device::Library& lib, const LibraryMove& m) {
    auto before = lib.changer().inventory();
    if (!before) return before.error();
    Status moved;
    switch (m.kind) {
    case MoveKind::Load:
        moved = lib.changer().load(m.slot, m.drive);
        break;
    case MoveKind::Unload:
        moved = lib.changer().unload(m.drive, m.to_slot);
        break;
    case MoveKind::Transfer:
    case MoveKind::Export:
    case MoveKind::Import:
        if (!m.to_slot)
            return make_error(ErrorKind::InvalidArgument,
                              "library " + lib.name() + ": a transfer needs a destination slot");
        moved = lib.changer().transfer(m.slot, *m.to_slot);
        break;
    }
    if (!moved) return moved;
    // The catalog follows the cartridges Tapeloom moved (only those: a hand move stays a
    // difference for the reconcile).
    auto after = lib.changer().inventory();
    if (!after) return after.error();
    return media::record_moves(db, lib.name(), before.value(), after.value());
}

Status mark_offsite(const CatalogHandle& db, device::Library* lib, const std::string& barcode,
                    const std::string& site, long long now) {
    media::Refusal why;
    auto st = media::mark_offsite(db, lib, barcode, site, now, &why);
    if (st) return st;
    // This page's words: no CLI options to name.
    switch (why.what) {
    case media::Refused::NoLocation:
        return make_error(st.error().kind,
                          "volume mark offsite needs a location (vault, off-site name)");
    case media::Refused::InLibrary:
        return make_error(st.error().kind, "volume " + barcode + " is in " + why.position +
                                               " of library " + why.library +
                                               "; export it to a mail slot first, then mark it "
                                               "offsite");
    case media::Refused::CatalogDisagrees:
        return make_error(st.error().kind,
                          "the catalog has volume " + barcode + " in library " + why.library +
                              " but the changer does not; run the inventory with reconcile "
                              "and check where it is; nothing was changed");
    default:
        return st;
    }
}

Result<std::vector<media::Difference>>
inventory_reconcile(const CatalogHandle& db, device::Library& lib, long long now, bool apply) {
    auto inv = lib.changer().inventory();
    if (!inv) return inv.error();
    return media::reconcile(db, lib.name(), inv.value(), now, apply);
}

} // namespace tl::ui
