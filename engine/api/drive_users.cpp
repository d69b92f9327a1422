#include "api/drive_users.h"

#include "context/reservations.h"
#include "metrics/live_board.h"

namespace tl::device {

namespace {
DriveUser user(std::int64_t job_id, const std::string& name) {
    return {job_id, job_id > 0 ? "job " + std::to_string(job_id) : name, ""};
}
} // namespace

DriveUsers::DriveUsers(Engine& engine) {
    for (const auto& h : engine.reservations().snapshot().holders) {
        for (auto d : h.drives)
            booked_[{h.library, d}] = user(h.job_id, h.job_name);
        for (const auto& v : h.volumes)
            volumes_[v] = user(h.job_id, h.job_name);
    }
    auto live = metrics::LiveBoard(engine.home()).read();
    if (!live) return;
    for (const auto& s : live.value())
        if (!s.ended)
            for (const auto& d : s.drives)
                if (d.state != "done") {
                    live_[d.name] = user(s.job_id, s.name);
                    live_[d.name].activity = d.state;
                    if (!d.volume.empty()) volumes_.emplace(d.volume, user(s.job_id, s.name));
                }
}

const DriveUser* DriveUsers::of(const std::string& library, std::size_t index,
                                const std::string& name) const& {
    if (auto it = booked_.find({library, index}); it != booked_.end()) {
        // The booking's job on the live board: the same user with its activity there.
        if (auto l = live_.find(name); l != live_.end() && l->second.job_id == it->second.job_id)
            return &l->second;
        return &it->second;
    }
    if (auto it = live_.find(name); it != live_.end()) return &it->second;
    return nullptr;
}

const DriveUser* DriveUsers::of_volume(const std::string& barcode) const& {
    auto it = volumes_.find(barcode);
    return it != volumes_.end() ? &it->second : nullptr;
}

} // namespace tl::device
