#include "shapes/volume_health_json.h"

namespace tl::shapes {

nlohmann::json volume_health_json(const media::VolumeHealth& h) {
    auto when = [](long long t) { return t > 0 ? nlohmann::json(t) : nlohmann::json(); };
    return {{"barcode", h.barcode},
            {"mounts", h.mounts},
            {"bytes_written", h.bytes_written},
            {"bytes_read", h.bytes_read},
            {"full_passes", h.full_passes},
            {"rated_full_passes", h.rated_passes},
            {"rated_loads", h.rated_loads},
            {"soft_errors", h.soft_errors},
            {"hard_errors", h.hard_errors},
            {"first_use", when(h.first_use)},
            {"last_use", when(h.last_use)},
            {"capacity", h.capacity},
            {"retire_by", h.retire_by ? nlohmann::json(*h.retire_by) : nlohmann::json()},
            {"verdict", h.verdict},
            {"reason", h.reason}};
}

} // namespace tl::shapes
