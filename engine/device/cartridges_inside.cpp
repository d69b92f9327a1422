// barcodes_inside (library.h): the cartridges inside a library, those a job may write on.
#include <set>

#include "device/library.h"

namespace tl::device {

Result<std::vector<std::string>> barcodes_inside(Library& lib) {
    auto inv = lib.changer().inventory();
    if (!inv) return inv.error();
    std::set<int> door;
    for (const auto& m : inv->mail_slots)
        door.insert(m.number);
    std::vector<std::string> out;
    for (const auto& e : inv->storage)
        if (e.full && !e.barcode.empty()) out.push_back(e.barcode);
    // A drive's cartridge counts where it came from: one a restore loaded from a mail slot is
    // still at the door.
    for (const auto& e : inv->drives)
        if (e.full && !e.barcode.empty() && !(e.source_slot && door.count(*e.source_slot)))
            out.push_back(e.barcode);
    return out;
}

} // namespace tl::device
