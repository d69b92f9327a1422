#include "media/volume_places.h"

#include <set>

#include "device/library.h"

namespace tl::media {

std::map<std::string, DrivePlace> volumes_in_drives(catalog::Db& db, const std::string& home,
                                                    Clock& clock,
                                                    const std::vector<VolumeRecord>& vols) {
    std::set<std::string> libraries;
    for (const auto& v : vols)
        if (v.location == Location::Library && !v.library.empty()) libraries.insert(v.library);
    std::map<std::string, DrivePlace> out;
    for (const auto& name : libraries) {
        auto lib = device::open_library(db, home, name, clock);
        if (!lib) continue;
        auto inv = lib.value()->changer().inventory();
        if (!inv) continue;
        for (const auto& d : inv->drives)
            if (d.full && !d.barcode.empty()) out[d.barcode] = {name, d.number};
    }
    return out;
}

} // namespace tl::media
