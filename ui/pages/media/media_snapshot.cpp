#include "pages/media/media_snapshot.h"

#include <algorithm>

#include "pages/door_records.h"
#include "pages/media/media_text.h"

namespace tl::ui {

namespace {
// The cartridges each library holds now: where the known ones are, and the ones the catalog
// does not know as blank (or cleaning, by barcode) rows.
void add_library(client::Api& api, MediaSnapshot& snap) {
    auto libraries = api.libraries();
    if (!libraries) {
        snap.libraryError = QString::fromStdString(libraries.error().message);
        return;
    }
    for (const auto& library : libraries.value()) {
        auto typed = api.library_inventory(library.name);
        if (!typed) {
            snap.libraryError = QString::fromStdString(typed.error().message);
            continue;
        }
        const auto inv = inventoryOf(typed.value());
        for (const auto* elements : {&inv.drives, &inv.storage, &inv.mail_slots})
            for (const auto& e : *elements) {
                const std::string& bc = e.barcode;
                if (!e.full || bc.empty()) continue;
                auto it = std::find_if(snap.volumes.begin(), snap.volumes.end(),
                                       [&](const VolumeRow& r) { return r.volume.barcode == bc; });
                if (it != snap.volumes.end()) {
                    if (it->volume.library == library.name || it->volume.library.empty())
                        it->position = MediaText::changerPosition(inv, bc);
                    continue;
                }
                VolumeRow r;
                r.known = false;
                r.volume.barcode = bc;
                r.volume.library = library.name;
                r.volume.state = bc.rfind("CLN", 0) == 0 ? media::VolumeState::Cleaning
                                                         : media::VolumeState::Blank;
                r.position = MediaText::changerPosition(inv, bc);
                snap.volumes.push_back(std::move(r));
            }
    }
}
} // namespace

MediaSnapshot MediaSnapshot::load(const DoorAddress& door) {
    MediaSnapshot snap;
    auto c = openClient(door);
    client::ServiceApi api(c);
    const auto failed = [&snap, &door](const Error& e) {
        snap.error = QString::fromStdString(doorReadFailed(door, "media page", e).message);
        return snap;
    };
    auto pools = api.pools();
    if (!pools) return failed(pools.error());
    auto vols = api.volumes_with_usage();
    if (!vols) return failed(vols.error());
    for (const auto& p : pools.value())
        snap.pools.push_back(poolRecord(p));
    for (const auto& v : vols.value()) {
        VolumeRow r;
        r.volume = volumeRecord(v);
        if (v.usage) {
            r.mounts = v.usage->mounts;
            r.errors = v.usage->errors;
            r.expires = v.usage->kept_until;
        }
        snap.volumes.push_back(std::move(r));
    }
    if (auto keys = api.keys())
        for (const auto& k : keys.value())
            snap.keyNames << QString::fromStdString(k.name);
    add_library(api, snap);
    doorReadSucceeded(door, "media page");
    return snap;
}

} // namespace tl::ui
