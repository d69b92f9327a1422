#include "pages/devices/device_snapshot.h"

#include <QCoreApplication>
#include <algorithm>
#include <map>
#include <memory>

#include "catalog/db.h"
#include "common/clock.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "metrics/live_board.h"

namespace tl::ui {

namespace {
QString q(const std::string& s) {
    return QString::fromStdString(s);
}

struct Counters {
    quint64 written = 0, read = 0;
    qint64 mounts = 0, errors = 0;
};

// Per drive name, from the job reports: backups write, restores and verifies read.
std::map<std::string, Counters> catalog_counters(catalog::Db& db) {
    std::map<std::string, Counters> out;
    auto s = db.prepare("SELECT json_extract(d.value, '$.name'), j.kind, "
                        "sum(coalesce(json_extract(d.value, '$.bytes'), 0)), "
                        "sum(coalesce(json_array_length(d.value, '$.volumes'), 0)) "
                        "FROM jobs j, json_each(j.report, '$.drives') d "
                        "WHERE j.report IS NOT NULL AND json_valid(j.report) GROUP BY 1, 2");
    if (s)
        while (auto r = s->step()) {
            if (!r.value()) break;
            auto& c = out[s->text(0)];
            (s->text(1) == "backup" ? c.written : c.read) += static_cast<quint64>(s->i64(2));
            c.mounts += s->i64(3);
        }
    auto f = db.prepare("SELECT json_extract(x.value, '$.drive'), count(*) "
                        "FROM jobs j, json_each(j.report, '$.sessions') x "
                        "WHERE j.report IS NOT NULL AND json_valid(j.report) AND "
                        "json_extract(x.value, '$.status') = 'failed' GROUP BY 1");
    if (f)
        while (auto r = f->step()) {
            if (!r.value()) break;
            out[f->text(0)].errors += f->i64(1);
        }
    return out;
}

qint64 block_size_of(catalog::Db& db, const std::string& drive, const std::string& volume) {
    if (!volume.empty()) {
        auto s = db.prepare("SELECT block_size FROM volumes WHERE barcode = ?");
        if (s) {
            s->bind(1, volume);
            if (auto r = s->step(); r && r.value()) return s->i64(0);
        }
    }
    auto s = db.prepare("SELECT block_size FROM sessions WHERE drive = ? ORDER BY id DESC LIMIT 1");
    if (!s) return 0;
    s->bind(1, drive);
    auto r = s->step();
    return r && r.value() ? s->i64(0) : 0;
}

QString last_codec(catalog::Db& db, const std::string& drive) {
    auto s = db.prepare("SELECT v.codec FROM savesets v JOIN sessions s ON s.id = v.session_id "
                        "WHERE s.drive = ? ORDER BY v.id DESC LIMIT 1");
    if (!s) return {};
    s->bind(1, drive);
    auto r = s->step();
    return r && r.value() ? q(s->text(0)) : QString();
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

QStringList cleaning_cartridges(catalog::Db& db, const std::string& library,
                                const device::Inventory& inv) {
    QStringList out;
    for (const auto* v : {&inv.storage, &inv.mail_slots, &inv.drives})
        for (const auto& e : *v)
            if (e.full && e.barcode.rfind("CLN", 0) == 0) out << q(e.barcode);
    auto s = db.prepare(
        "SELECT barcode FROM volumes WHERE state = 'cleaning' AND library = ? ORDER BY barcode");
    if (s) {
        s->bind(1, library);
        while (auto r = s->step()) {
            if (!r.value()) break;
            if (!out.contains(q(s->text(0)))) out << q(s->text(0));
        }
    }
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
    auto db = catalog::Db::open(catalogPath, false);
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
    const auto counters = catalog_counters(db.value());
    const auto inUse = drivesInUse(home);
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
        d.compression = last_codec(db.value(), c.name);
        if (auto it = counters.find(c.name); it != counters.end()) {
            d.bytesWritten = it->second.written;
            d.bytesRead = it->second.read;
            d.mounts = it->second.mounts;
            d.errors = it->second.errors;
        }
        out.drives << d;
    }
    return out;
}

} // namespace tl::ui
