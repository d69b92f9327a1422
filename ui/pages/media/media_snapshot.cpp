#include "pages/media/media_snapshot.h"

#include <algorithm>
#include <map>

#include "api/catalog_ops.h"
#include "api/device_ops.h"
#include "api/media_ops.h"
#include "catalog/volume_store.h"
#include "common/clock.h"
#include "device/library.h"
#include "media/prune.h"
#include "pages/media/media_text.h"

namespace tl::ui {

namespace {
// Mounts and errors are counters of the catalog that VolumeRecord does not carry.
void add_counters(const CatalogHandle& db, std::vector<VolumeRow>& rows) {
    auto counters = catalog::volume_counters(db);
    if (!counters) return;
    for (auto& r : rows)
        if (auto it = counters->find(r.volume.id); it != counters->end()) {
            r.mounts = it->second.mounts;
            r.errors = it->second.errors;
        }
}

void add_library(const CatalogHandle& db, const QString& home, MediaSnapshot& snap) {
    SystemClock clock;
    auto names = device::library_names(db);
    if (!names) {
        snap.libraryError = QString::fromStdString(names.error().message);
        return;
    }
    for (const auto& name : names.value()) {
        auto lib = device::open_library(db, home.toStdString(), name, clock);
        if (!lib) {
            snap.libraryError = QString::fromStdString(lib.error().message);
            continue;
        }
        auto inv = lib.value()->changer().inventory();
        if (!inv) {
            snap.libraryError = QString::fromStdString(inv.error().message);
            continue;
        }
        auto present = lib.value()->barcodes();
        if (!present) continue;
        for (const auto& bc : present.value()) {
            if (bc.empty()) continue;
            auto it = std::find_if(snap.volumes.begin(), snap.volumes.end(),
                                   [&](const VolumeRow& r) { return r.volume.barcode == bc; });
            if (it != snap.volumes.end()) {
                if (it->volume.library == name || it->volume.library.empty())
                    it->position = MediaText::changerPosition(inv.value(), bc);
                continue;
            }
            VolumeRow r; // unknown to the catalog: a blank cartridge (or cleaning, by barcode)
            r.known = false;
            r.volume.barcode = bc;
            r.volume.library = name;
            r.volume.state =
                bc.rfind("CLN", 0) == 0 ? media::VolumeState::Cleaning : media::VolumeState::Blank;
            r.position = MediaText::changerPosition(inv.value(), bc);
            snap.volumes.push_back(std::move(r));
        }
    }
}
} // namespace

MediaSnapshot MediaSnapshot::load(const QString& catalogPath, const QString& home, long long now) {
    MediaSnapshot snap;
    auto db = CatalogHandle::open(catalogPath.toStdString(), false);
    if (!db) {
        snap.error = QString::fromStdString(db.error().message);
        return snap;
    }
    auto pools = media::list_pools(db.value());
    auto vols = media::list_volumes(db.value());
    if (!pools || !vols) {
        snap.error = QString::fromStdString(!pools ? pools.error().message : vols.error().message);
        return snap;
    }
    snap.pools = std::move(pools.value());
    for (auto& v : vols.value()) {
        VolumeRow r;
        r.volume = std::move(v);
        if (r.volume.has_data())
            if (auto kept = media::kept_jobs_on_volume(db.value(), r.volume.id, now); kept)
                for (const auto& k : kept.value())
                    r.expires = std::max(r.expires, k.kept_until);
        snap.volumes.push_back(std::move(r));
    }
    add_counters(db.value(), snap.volumes);
    add_library(db.value(), home, snap);
    return snap;
}

} // namespace tl::ui
