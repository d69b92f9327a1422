#include "pages/library/library_snapshot.h"

#include <algorithm>

#include "pages/door_records.h"

namespace tl::ui {

const media::VolumeRecord* LibrarySnapshot::volume(const std::string& barcode) const {
    auto it = volumes.find(barcode);
    return it == volumes.end() ? nullptr : &it->second;
}

namespace {
// The drives of the changer's inventory with their names and the job using each (its activity
// there, what the dashboard shows for it); a free drive is loaded or empty.
void add_drives(const client::LibraryStatus& status, LibrarySnapshot& s) {
    for (const auto& d : s.inventory.drives) {
        LibraryDrive ld;
        const auto it =
            std::find_if(status.drives.begin(), status.drives.end(),
                         [&](const client::LibraryDrive& x) { return x.drive == d.number; });
        const bool known = it != status.drives.end();
        ld.name = known ? it->name : s.library + "-drive" + std::to_string(d.number);
        ld.job = known ? it->job_id : 0;
        ld.state = ld.job && !it->activity.empty() ? it->activity : (d.full ? "loaded" : "empty");
        s.drives.push_back(std::move(ld));
    }
}

Status read_library(client::Api& api, const std::string& library, LibrarySnapshot& s) {
    auto libs = api.libraries();
    if (!libs) return libs.error();
    for (const auto& l : libs.value())
        s.libraries.push_back(l.name);
    if (s.libraries.empty()) return {};
    // The chosen one, or the first when it was removed meanwhile.
    auto chosen = std::find_if(libs->begin(), libs->end(),
                               [&](const client::Library& l) { return l.name == library; });
    const auto& cfg = chosen != libs->end() ? *chosen : libs->front();
    s.library = cfg.name;
    s.kind = cfg.kind;
    auto inv = api.library_inventory(s.library);
    if (!inv) return inv.error();
    s.inventory = inventoryOf(inv.value());
    auto status = api.library_status(s.library);
    if (!status) return status.error();
    add_drives(status.value(), s);
    auto vols = api.volumes();
    if (!vols) return vols.error();
    for (const auto& v : vols.value())
        s.volumes.emplace(v.barcode, volumeRecord(v));
    return {};
}
} // namespace

LibrarySnapshot load_library_snapshot(const DoorAddress& door, const std::string& library) {
    LibrarySnapshot s;
    auto c = openClient(door);
    client::ServiceApi api(c);
    if (auto st = read_library(api, library, s); !st)
        s.error = doorReadFailed(door, "library page", st.error()).message;
    else
        doorReadSucceeded(door, "library page");
    return s;
}

} // namespace tl::ui
