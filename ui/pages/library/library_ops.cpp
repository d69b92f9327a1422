#include "pages/library/library_ops.h"

#include "device/virtual_changer.h"

namespace tl::ui {

Status run_move(catalog::Db& db, device::Library& lib, const LibraryMove& m) {
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

Status mark_offsite(catalog::Db& db, device::Library* lib, const std::string& barcode,
                    const std::string& site, long long now) {
    if (site.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "volume mark offsite needs a location (vault, off-site name)");
    auto v = media::find_volume(db, barcode);
    if (!v) return v.error();
    if (lib) {
        auto inv = lib->changer().inventory();
        if (!inv) return inv.error();
        const std::string pos = media::describe_position(inv.value(), barcode);
        if (!pos.empty() && pos.rfind("mail", 0) != 0)
            return make_error(ErrorKind::InvalidArgument,
                              "volume " + barcode + " is in " + pos + " of library " + lib->name() +
                                  "; export it to a mail slot first, then mark it " + "offsite");
        if (pos.empty() && v->location != media::Location::Outside && v->library == lib->name())
            return make_error(ErrorKind::InvalidArgument,
                              "the catalog has volume " + barcode + " in library " + lib->name() +
                                  " but the changer does not; run the inventory with reconcile "
                                  "and check where it is; nothing was changed");
        if (!pos.empty())
            if (auto* vc = dynamic_cast<device::VirtualChanger*>(&lib->changer()))
                for (const auto& mail : inv->mail_slots)
                    if (mail.full && mail.barcode == barcode) TL_TRY(vc->remove(mail.number));
    }
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    TL_TRY(media::set_location(db, v->id, media::Location::Outside, "", 0, site, now));
    TL_TRY(media::record_history(db, v->id, v->state, v->state, "left for " + site, now));
    return tx->commit();
}

Result<std::vector<media::Difference>> inventory_reconcile(catalog::Db& db, device::Library& lib,
                                                           long long now, bool apply) {
    auto inv = lib.changer().inventory();
    if (!inv) return inv.error();
    return media::reconcile(db, lib.name(), inv.value(), now, apply);
}

} // namespace tl::ui
