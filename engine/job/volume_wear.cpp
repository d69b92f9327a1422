#include "job/volume_wear.h"

#include <map>

#include "catalog/volume_wear_store.h"
#include "device/tape_drive.h"

namespace tl::job {

Status record_volume_wear(catalog::Db& db, const std::vector<device::CartridgeUse>& uses,
                          const std::vector<device::DriveAlert>& alerts, long long now) {
    std::map<std::string, catalog::VolumeWearRow> by_volume;
    for (const auto& u : uses) {
        if (u.volume.empty() || u.volume.rfind("CLN", 0) == 0) continue;
        auto& w = by_volume[u.volume];
        w.barcode = u.volume;
        w.mounts += u.mounted ? 1 : 0;
        w.bytes_written += u.written;
        w.bytes_read += u.read;
        w.hard_errors += static_cast<std::int64_t>(u.media_errors);
    }
    const std::uint64_t soft =
        device::tape_alert_bit(1) | device::tape_alert_bit(2) | device::tape_alert_bit(3);
    for (const auto& a : alerts) {
        if (a.volume.empty() || a.volume.rfind("CLN", 0) == 0) continue;
        const auto n = __builtin_popcountll(a.flags & soft);
        if (n == 0) continue;
        auto& w = by_volume[a.volume];
        w.barcode = a.volume;
        w.soft_errors += n;
    }
    for (const auto& [barcode, w] : by_volume)
        TL_TRY(catalog::add_volume_wear(db, w, now));
    return {};
}

} // namespace tl::job
