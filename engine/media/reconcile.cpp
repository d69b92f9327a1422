#include "media/reconcile.h"

#include <map>
#include <optional>

#include "catalog/volume_store.h"
#include "media/volume_catalog.h"

namespace tl::media {

namespace {
// Where a cartridge lives in a library, as the catalog records it.
struct Home {
    Location where = Location::Library;
    int slot = 0; // 0 = unknown (in a drive without a source slot)
};

std::map<std::string, Home> homes(const device::Inventory& inv) {
    std::map<std::string, Home> out;
    for (const auto& e : inv.storage)
        if (e.full && !e.barcode.empty()) out[e.barcode] = {Location::Library, e.number};
    for (const auto& e : inv.drives)
        if (e.full && !e.barcode.empty())
            out[e.barcode] = {Location::Library, e.source_slot.value_or(0)};
    for (const auto& e : inv.mail_slots)
        if (e.full && !e.barcode.empty()) out[e.barcode] = {Location::Mail, e.number};
    return out;
}

std::string home_text(const Home& h, int storage_slots) {
    if (h.where == Location::Mail) return "mail slot " + std::to_string(h.slot - storage_slots);
    return h.slot ? "slot " + std::to_string(h.slot) : "a drive";
}

std::string catalog_text(const VolumeRecord& v, int storage_slots) {
    if (v.location == Location::Outside)
        return "outside at " + (v.site.empty() ? std::string("an unnamed site") : v.site);
    const std::string lib = v.library.empty() ? "" : " of " + v.library;
    return home_text({v.location, v.slot}, storage_slots) + lib;
}
} // namespace

const char* to_string(DifferenceKind k) {
    switch (k) {
    case DifferenceKind::Moved:
        return "moved";
    case DifferenceKind::Returned:
        return "returned";
    case DifferenceKind::Unknown:
        return "unknown";
    case DifferenceKind::Missing:
        return "missing";
    }
    return "?";
}

std::string describe_position(const device::Inventory& inv, const std::string& barcode) {
    const int storage = static_cast<int>(inv.storage.size());
    for (const auto& e : inv.drives)
        if (e.full && e.barcode == barcode)
            return "drive " + std::to_string(e.number) +
                   (e.source_slot ? " (from slot " + std::to_string(*e.source_slot) + ")" : "");
    for (const auto& e : inv.storage)
        if (e.full && e.barcode == barcode) return "slot " + std::to_string(e.number);
    for (const auto& e : inv.mail_slots)
        if (e.full && e.barcode == barcode)
            return "mail slot " + std::to_string(e.number - storage);
    return "";
}

Result<std::vector<Difference>> reconcile(catalog::Db& db, const std::string& library,
                                          const device::Inventory& inv, long long now, bool apply) {
    const int storage = static_cast<int>(inv.storage.size());
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    auto vols = list_volumes(db);
    if (!vols) return vols.error();
    std::map<std::string, const VolumeRecord*> by_barcode;
    for (const auto& v : vols.value())
        by_barcode[v.barcode] = &v;
    const auto present = homes(inv);
    std::vector<Difference> out;

    for (const auto& [barcode, home] : present) {
        auto it = by_barcode.find(barcode);
        if (it == by_barcode.end()) {
            const bool cleaning = barcode.rfind("CLN", 0) == 0;
            out.push_back({DifferenceKind::Unknown, barcode, "", describe_position(inv, barcode),
                           cleaning ? "recorded as a cleaning cartridge"
                                    : "recorded as blank; label it (volume label --barcode " +
                                          barcode + " --pool POOL) or scan it if it holds data"});
            if (!apply) continue;
            const auto st = cleaning ? VolumeState::Cleaning : VolumeState::Blank;
            auto id = catalog::insert_unlabeled_volume(
                db, barcode, to_string(st), {to_string(home.where), library, home.slot, "", 0});
            if (!id) return id.error();
            TL_TRY(record_history(db, id.value(), std::nullopt, st,
                                  "found by library inventory --reconcile in " + library, now));
            continue;
        }
        const VolumeRecord& v = *it->second;
        const bool elsewhere =
            v.location == Location::Outside || (!v.library.empty() && v.library != library);
        const bool moved =
            !elsewhere && (v.location != home.where || (home.slot != 0 && v.slot != home.slot));
        if (!elsewhere && !moved) continue;
        out.push_back({elsewhere ? DifferenceKind::Returned : DifferenceKind::Moved, barcode,
                       catalog_text(v, storage), describe_position(inv, barcode),
                       "catalog location set to " + home_text(home, storage) + " of " + library});
        if (apply) TL_TRY(set_location(db, v.id, home.where, library, home.slot, "", 0));
    }
    for (const auto& v : vols.value()) {
        if (v.location == Location::Outside || v.library != library) continue;
        if (present.count(v.barcode)) continue;
        out.push_back({DifferenceKind::Missing, v.barcode, catalog_text(v, storage), "",
                       "recorded outside at site 'missing'; find it, or record where it is "
                       "with volume mark offsite " +
                           v.barcode + " --location L"});
        if (apply) TL_TRY(set_location(db, v.id, Location::Outside, "", 0, "missing", now));
    }
    if (apply) TL_TRY(tx->commit());
    return out;
}

Status record_moves(catalog::Db& db, const std::string& library, const device::Inventory& before,
                    const device::Inventory& after) {
    const auto a = homes(before), b = homes(after);
    for (const auto& [barcode, home] : b) {
        auto it = a.find(barcode);
        if (it != a.end() && it->second.where == home.where && it->second.slot == home.slot)
            continue;
        auto v = lookup_volume(db, barcode);
        if (!v) return v.error();
        if (!v.value()) continue;
        TL_TRY(set_location(db, v.value()->id, home.where, library,
                            home.slot ? home.slot : v.value()->slot, "", 0));
    }
    return {};
}

} // namespace tl::media
