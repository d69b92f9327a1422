#include "pages/devices/device_snapshot.h"

#include <QCoreApplication>
#include <algorithm>

#include "widgets/from_std.h"

namespace tl::ui {

namespace {
DriveInfo drive_info(const client::DriveState& s) {
    DriveInfo d;
    d.name = q(s.name);
    d.kind = q(s.kind);
    d.device = q(s.device);
    d.library = q(s.library);
    d.element = s.element;
    d.usedByJob = q(s.used_by);
    d.volume = q(s.volume);
    d.problem = q(s.error);
    d.online = s.online;
    d.writeProtected = s.write_protected;
    d.cleaningRequested = s.cleaning_requested;
    if (s.out_of_service) d.outOfService = q(*s.out_of_service);
    for (const auto& a : s.alerts)
        d.alerts << QCoreApplication::translate("tl::ui::DevicesPage", "%1 %2 (%3) at %4 %5")
                        .arg(a.flag)
                        .arg(q(a.name), q(a.severity), q(a.phase), q(a.volume))
                        .trimmed();
    if (s.usage) {
        d.blockSize = s.usage->block_size;
        d.compression = q(s.usage->codec);
        d.bytesWritten = s.usage->bytes_written;
        d.bytesRead = s.usage->bytes_read;
        d.mounts = s.usage->mounts;
        d.errors = s.usage->failed_sessions;
    }
    return d;
}

// Its slot usage and cleaning cartridges: those the changer holds (CLN barcodes) and those the
// catalog records as cleaning cartridges of the library.
LibraryInfo library_info(client::Api& api, const client::Library& l,
                         const std::vector<client::Volume>& volumes) {
    LibraryInfo li;
    li.name = q(l.name);
    li.kind = q(l.kind);
    li.device = q(l.device);
    auto inv = api.library_inventory(l.name);
    if (!inv) {
        li.problem = q(inv.error().message);
        return li;
    }
    auto full = [](const std::vector<client::InventoryElement>& v) {
        return static_cast<int>(
            std::count_if(v.begin(), v.end(), [](const auto& e) { return e.full; }));
    };
    li.drives = static_cast<int>(inv->drives.size());
    li.storageSlots = static_cast<int>(inv->storage.size());
    li.slotsFull = full(inv->storage);
    li.mailSlots = static_cast<int>(inv->mail_slots.size());
    li.mailFull = full(inv->mail_slots);
    for (const auto* v : {&inv->storage, &inv->mail_slots, &inv->drives})
        for (const auto& e : *v)
            if (e.full && e.barcode.rfind("CLN", 0) == 0) li.cleaningCartridges << q(e.barcode);
    QStringList known;
    for (const auto& v : volumes)
        if (v.state == "cleaning" && v.location.library == l.name) known << q(v.barcode);
    known.sort();
    for (const auto& barcode : known)
        if (!li.cleaningCartridges.contains(barcode)) li.cleaningCartridges << barcode;
    return li;
}

Status read_devices(client::Api& api, DeviceSnapshot& out) {
    auto libs = api.libraries();
    if (!libs) return libs.error();
    auto drives = api.drives_with_usage();
    if (!drives) return drives.error();
    auto volumes = api.volumes();
    if (!volumes) return volumes.error();
    for (const auto& l : libs.value())
        out.libraries << library_info(api, l, volumes.value());
    for (const auto& s : drives.value())
        out.drives << drive_info(s);
    return {};
}
} // namespace

DeviceSnapshot readDevices(const DoorAddress& door) {
    DeviceSnapshot out;
    auto c = openClient(door);
    client::ServiceApi api(c);
    if (auto st = read_devices(api, out); !st)
        out.error = q(doorReadFailed(door, "devices page", st.error()).message);
    else
        doorReadSucceeded(door, "devices page");
    return out;
}

} // namespace tl::ui
