#include "pages/library/library_snapshot.h"

#include "api/catalog_ops.h"
#include "api/device_ops.h"
#include "api/media_ops.h"
#include "common/clock.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "metrics/live_board.h"

namespace tl::ui {

const media::VolumeRecord* LibrarySnapshot::volume(const std::string& barcode) const {
    auto it = volumes.find(barcode);
    return it == volumes.end() ? nullptr : &it->second;
}

namespace {
// The running jobs' drives, by drive name: the job and its activity there (what the dashboard
// shows for them). A drive a job is done with is not in use.
std::map<std::string, std::pair<std::int64_t, std::string>>
live_drive_states(const std::string& home) {
    std::map<std::string, std::pair<std::int64_t, std::string>> out;
    auto live = metrics::LiveBoard(home).read();
    if (!live) return out;
    for (const auto& job : live.value())
        if (!job.ended)
            for (const auto& d : job.drives)
                if (!d.state.empty() && d.state != "done") out[d.name] = {job.job_id, d.state};
    return out;
}
} // namespace

LibrarySnapshot load_library_snapshot(const std::string& catalog_path, const std::string& home,
                                      const std::string& library) {
    LibrarySnapshot s;
    auto db = CatalogHandle::open(catalog_path, false);
    if (!db) {
        s.error = db.error().message;
        return s;
    }
    auto libs = device::list_libraries(db.value());
    if (!libs) {
        s.error = libs.error().message;
        return s;
    }
    for (const auto& l : libs.value())
        s.libraries.push_back(l.name);
    if (s.libraries.empty()) return s;
    auto cfg = device::find_library(db.value(), library);
    if (!cfg) { // the chosen one was removed meanwhile: show the first
        cfg = device::find_library(db.value(), "");
        if (!cfg) {
            s.error = cfg.error().message;
            return s;
        }
    }
    s.library = cfg->name;
    s.kind = cfg->kind;
    SystemClock clock;
    auto lib = device::open_library(db.value(), home, s.library, clock);
    if (!lib) {
        s.error = lib.error().message;
        return s;
    }
    auto inv = lib.value()->changer().inventory();
    if (!inv) {
        s.error = inv.error().message;
        return s;
    }
    s.inventory = std::move(inv.value());
    const auto live = live_drive_states(home);
    for (const auto& d : s.inventory.drives) {
        LibraryDrive ld;
        const auto n = static_cast<std::size_t>(d.number);
        ld.name = n < lib.value()->drive_count() ? lib.value()->drive(n).name()
                                                 : s.library + "-drive" + std::to_string(n);
        auto it = live.find(ld.name);
        ld.state = it != live.end() ? it->second.second : (d.full ? "loaded" : "empty");
        ld.job = it != live.end() ? it->second.first : 0;
        s.drives.push_back(std::move(ld));
    }
    auto vols = media::list_volumes(db.value());
    if (!vols) {
        s.error = vols.error().message;
        return s;
    }
    for (auto& v : vols.value())
        s.volumes.emplace(v.barcode, std::move(v));
    return s;
}

} // namespace tl::ui
