#include "media/volume_health.h"

#include <algorithm>
#include <cmath>

#include "catalog/volume_store.h"
#include "catalog/volume_wear_store.h"
#include "device/drive_type.h"

namespace tl::media {

namespace {
constexpr double kSecondsPerDay = 86400;

// Soft errors per mount above which a cartridge is watched.
constexpr double kSoftErrorsPerMount = 0.2;

void judge(VolumeHealth& h, long long now) {
    if (h.full_passes > 0 && h.last_use > h.first_use && h.full_passes < h.rated_passes) {
        const double days = std::max(1.0, (h.last_use - h.first_use) / kSecondsPerDay);
        const double per_day = h.full_passes / days;
        h.retire_by = now + static_cast<long long>((h.rated_passes - h.full_passes) / per_day *
                                                   kSecondsPerDay);
    }
    if (h.hard_errors > 0) {
        h.verdict = "retire";
        h.reason = std::to_string(h.hard_errors) + " hard error(s): copy what it holds (clone) "
                                                   "and retire it";
    } else if (h.rated_passes > 0 && h.full_passes >= h.rated_passes) {
        h.verdict = "retire";
        h.reason = "it reached its rated full passes";
    } else if (h.rated_loads > 0 && h.mounts >= h.rated_loads) {
        h.verdict = "retire";
        h.reason = "it reached its rated loads";
    } else if (h.mounts > 0 &&
               h.soft_errors / static_cast<double>(h.mounts) >= kSoftErrorsPerMount) {
        h.verdict = "watch";
        h.reason = "its soft error rate rises: " + std::to_string(h.soft_errors) +
                   " soft error(s) in " + std::to_string(h.mounts) + " mount(s)";
    } else {
        h.verdict = "ok";
        h.reason = "within its ratings";
    }
}
} // namespace

Result<std::vector<VolumeHealth>> volume_health(catalog::Db& db, const std::string& barcode,
                                                long long now) {
    auto rows = catalog::volume_wear(db, barcode);
    if (!rows) return rows.error();
    if (!barcode.empty() && rows->empty())
        return make_error(ErrorKind::NotFound, "volume " + barcode +
                                                   " has no recorded use yet; see 'tapeloom-cli "
                                                   "volume list'");
    const auto lto = device::find_drive_type("lto9").value();
    std::vector<VolumeHealth> out;
    for (const auto& w : rows.value()) {
        VolumeHealth h{w.barcode,
                       w.mounts,
                       w.bytes_written,
                       w.bytes_read,
                       w.soft_errors,
                       w.hard_errors,
                       w.first_use,
                       w.last_use,
                       0,
                       0,
                       lto.rated_full_passes,
                       lto.rated_loads,
                       std::nullopt,
                       "",
                       ""};
        if (auto v = catalog::find_volume_row(db, w.barcode); v && v.value() && (*v)->capacity > 0)
            h.capacity = static_cast<std::uint64_t>((*v)->capacity);
        if (h.capacity > 0)
            h.full_passes = static_cast<double>(h.bytes_written + h.bytes_read) /
                            static_cast<double>(h.capacity);
        judge(h, now);
        out.push_back(std::move(h));
    }
    return out;
}

} // namespace tl::media
