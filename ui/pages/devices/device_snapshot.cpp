#include "pages/devices/device_snapshot.h"

#include <QCoreApplication>
#include <algorithm>
#include <map>
#include <memory>

#include "api/catalog_ops.h"
#include "api/device_ops.h"
#include "catalog/drive_history_store.h"
#include "catalog/volume_store.h"
#include "common/clock.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "metrics/live_board.h"
#include "widgets/from_std.h"

namespace tl::ui {

namespace {
qint64 block_size_of(const CatalogHandle& db, const std::string& drive, const std::string& volume) {
    if (!volume.empty())
        if (auto labeled = catalog::volume_block_size(db, volume); labeled && labeled.value())
            return *labeled.value();
    auto last = catalog::last_block_size(db, drive);
    return last && last.value() ? *last.value() : 0;
}

QString codec_of(const CatalogHandle& db, const std::string& drive) {
    auto codec = catalog::last_codec(db, drive);
    return codec && codec.value() ? q(*codec.value()) : QString();
}

// Drive health from the catalog (device/drive_health.h): why it is out of service, and its
// newest TapeAlert flags.
void fill_health(DriveInfo& d, const CatalogHandle& db, const std::string& drive,
                 const std::map<std::string, std::string>& out_of_service) {
    if (auto it = out_of_service.find(drive); it != out_of_service.end())
        d.outOfService = q(it->second);
    auto alerts = device::drive_alert_history(db, drive, 3);
    if (!alerts) return;
    for (const auto& a : alerts.value())
        d.alerts << QCoreApplication::translate("tl::ui::DevicesPage", "%1 %2 (%3) at %4 %5")
                        .arg(a.flag)
                        .arg(q(a.name), q(a.severity), q(a.phase), q(a.volume))
                        .trimmed();
}

void fill_status(DriveInfo& d, device::TapeDrive& drive) {
    auto s = drive.status();
    if (!s) {
        d.problem = q(s.error().message);
        return;
    }
    d.online = s->online;
    d.volume = q(s->volume);
    d.writeProtected = s->write_protected;
    d.cleaningRequested = s->cleaning_requested;
}

QStringList cleaning_cartridges(const CatalogHandle& db, const std::string& library,
                                const device::Inventory& inv) {
    QStringList out;
    for (const auto* v : {&inv.storage, &inv.mail_slots, &inv.drives})
        for (const auto& e : *v)
            if (e.full && e.barcode.rfind("CLN", 0) == 0) out << q(e.barcode);
    if (auto known = catalog::cleaning_volumes(db, library))
        for (const auto& barcode : known.value())
            if (!out.contains(q(barcode))) out << q(barcode);
    return out;
}
} // namespace

std::map<std::string, QString> drivesInUse(const std::string& home) {
    std::map<std::string, QString> out;
    auto all = metrics::LiveBoard(home).read();
    if (!all) return out;
    for (const auto& s : all.value()) {
        if (s.ended) continue;
        for (const auto& d : s.drives)
            out[d.name] = QStringLiteral("%1 %2").arg(q(s.kind)).arg(s.job_id);
    }
    return out;
}

DeviceSnapshot readDevices(const std::string& catalogPath, const std::string& home) {
    DeviceSnapshot out;
    auto db = CatalogHandle::open(catalogPath, false);
    if (!db) {
        out.error = q(db.error().message);
        return out;
    }
    auto libs = device::list_libraries(db.value());
    auto drives = device::list_drives(db.value());
    if (!libs || !drives) {
        out.error = q(!libs ? libs.error().message : drives.error().message);
        return out;
    }
    // Per drive name, from the job reports: backups write, restores and verifies read.
    const auto usage = catalog::drive_usage(db.value());
    const auto counters = usage ? usage.value() : std::map<std::string, catalog::DriveUsage>();
    const auto inUse = drivesInUse(home);
    auto outOfService = device::drives_out_of_service(db.value());
    const auto outList = outOfService ? outOfService.value() : std::map<std::string, std::string>();
    SystemClock clock;
    std::map<std::string, std::unique_ptr<device::Library>> opened;
    for (const auto& l : libs.value()) {
        LibraryInfo li;
        li.name = q(l.name);
        li.kind = q(l.kind);
        li.device = q(l.device);
        auto lib = device::open_library(db.value(), home, l.name, clock);
        if (!lib) {
            li.problem = q(lib.error().message);
        } else if (auto inv = lib.value()->changer().inventory(); !inv) {
            li.problem = q(inv.error().message);
        } else {
            auto full = [](const std::vector<device::Element>& v) {
                return static_cast<int>(
                    std::count_if(v.begin(), v.end(), [](const auto& e) { return e.full; }));
            };
            li.drives = static_cast<int>(inv->drives.size());
            li.storageSlots = static_cast<int>(inv->storage.size());
            li.slotsFull = full(inv->storage);
            li.mailSlots = static_cast<int>(inv->mail_slots.size());
            li.mailFull = full(inv->mail_slots);
            li.cleaningCartridges = cleaning_cartridges(db.value(), l.name, inv.value());
        }
        if (lib) opened[l.name] = std::move(lib.value());
        out.libraries << li;
    }
    for (const auto& c : drives.value()) {
        DriveInfo d;
        d.name = q(c.name);
        d.kind = q(c.kind);
        d.device = q(c.device);
        d.library = q(c.library);
        d.element = c.element;
        if (auto it = inUse.find(c.name); it != inUse.end()) d.usedByJob = it->second;
        if (c.library.empty()) {
            auto drive = device::open_standalone_drive(db.value(), home, c.name, clock);
            if (drive)
                fill_status(d, *drive.value());
            else
                d.problem = q(drive.error().message);
        } else if (auto it = opened.find(c.library);
                   it != opened.end() &&
                   static_cast<std::size_t>(c.element) < it->second->drive_count()) {
            fill_status(d, it->second->drive(static_cast<std::size_t>(c.element)));
        } else {
            d.problem =
                QCoreApplication::translate("tl::ui::DevicesPage", "library %1 cannot be opened")
                    .arg(d.library);
        }
        d.blockSize = block_size_of(db.value(), c.name, d.volume.toStdString());
        d.compression = codec_of(db.value(), c.name);
        fill_health(d, db.value(), c.name, outList);
        if (auto it = counters.find(c.name); it != counters.end()) {
            d.bytesWritten = it->second.written;
            d.bytesRead = it->second.read;
            d.mounts = it->second.mounts;
            d.errors = it->second.failed_sessions;
        }
        out.drives << d;
    }
    return out;
}

} // namespace tl::ui
