#include "device/library.h"

#include <mutex>
#include <utility>

#include <chrono>

#include "catalog/db.h"
#include "catalog/library_store.h"
#include "common/log.h"
#include "device/changer_rules.h"
#include "device/device_registry.h"
#include "device/mtx_changer.h"
#include "device/st_tape_drive.h"
#include "device/tape_alert.h"
#include "device/tape_timing.h"
#include "device/virtual_changer.h"
#include "device/virtual_tape_drive.h"

namespace tl::device {

namespace {
// A changer with its drives, in element order.
class ChangerLibrary final : public Library {
public:
    ChangerLibrary(std::string name, std::unique_ptr<Changer> changer)
        : name_(std::move(name)), changer_(std::move(changer)) {}

    void add_drive(std::unique_ptr<TapeDrive> d) { drives_.push_back(std::move(d)); }

    const std::string& name() const override { return name_; }
    Changer& changer() override { return *changer_; }
    std::size_t drive_count() const override { return drives_.size(); }
    TapeDrive& drive(std::size_t index) override { return *drives_.at(index); }

    Result<std::vector<std::string>> barcodes() override {
        auto inv = changer_->inventory();
        if (!inv) return inv.error();
        std::vector<std::string> out;
        for (const auto* v : {&inv->storage, &inv->drives, &inv->mail_slots})
            for (const auto& e : *v)
                if (e.full && !e.barcode.empty()) out.push_back(e.barcode);
        return out;
    }

    Status mount(std::size_t index, const std::string& barcode) override {
        // The robot's moves under its lock; the drive then loads and threads the cartridge on
        // its own, as a real drive does while the robot serves the next one (issue 39).
        TL_TRY(move_into(index, barcode));
        return loaded(index, barcode);
    }

    Status mount_sharing_robot(std::size_t index, const std::string& barcode,
                               std::mutex& robot) override {
        {
            std::lock_guard lock(robot);
            TL_TRY(move_into(index, barcode));
        }
        return loaded(index, barcode);
    }

    Status unmount(std::size_t index) override {
        std::lock_guard lock(moves_);
        if (index >= drives_.size())
            return make_error(ErrorKind::NotFound, "library " + name_ + ": drive " +
                                                       std::to_string(index) + " does not exist");
        auto inv = changer_->inventory();
        if (!inv) return inv.error();
        const int n = static_cast<int>(index);
        const Element* d = find_drive(inv.value(), n);
        if (!d || !d->full) return {};
        read_alerts(index, "unload", d->barcode);
        count_use(index, true);
        TL_TRY(drives_[index]->unload());
        auto target = check_unload(inv.value(), name_, n, std::nullopt);
        if (target) return changer_->unload(n, target.value());
        for (const auto& s : inv->storage) // source unknown or taken: the first empty storage slot
            if (!s.full) return changer_->unload(n, s.number);
        return make_error(ErrorKind::NoSpace,
                          "library " + name_ + ": no empty slot to unload drive " +
                              std::to_string(n) + " into; export a cartridge first");
    }

    void check_alerts(std::size_t index, const std::string& phase) override {
        if (index >= drives_.size()) return;
        std::string volume;
        if (auto inv = changer_->inventory(); inv && index < inv->drives.size())
            volume = inv->drives[index].barcode;
        read_alerts(index, phase, volume);
        count_use(index, false);
    }

    std::vector<DriveAlert> take_alerts() override {
        std::lock_guard lock(alerts_mutex_);
        return std::exchange(alerts_, {});
    }

    std::vector<CartridgeUse> take_uses() override {
        std::lock_guard lock(alerts_mutex_);
        return std::exchange(uses_, {});
    }

private:
    // MTLOAD after the robot's move, then the drive's TapeAlert flags.
    Status loaded(std::size_t index, const std::string& barcode) {
        auto s = drives_[index]->load();
        read_alerts(index, s ? "load" : "error", barcode);
        if (s) start_use(index, barcode);
        return s;
    }

    // The robot's part of a mount (several moves; two drives mounting at once must not
    // interleave them: a cartridge unloaded by one while the other loads it, a source slot
    // taken meanwhile). Leaves the cartridge in drive `index`, not yet loaded.
    Status move_into(std::size_t index, const std::string& barcode) {
        std::lock_guard lock(moves_);
        if (index >= drives_.size())
            return make_error(ErrorKind::NotFound, "library " + name_ + ": drive " +
                                                       std::to_string(index) +
                                                       " does not exist (drives 0.." +
                                                       std::to_string(drives_.size() - 1) + ")");
        auto inv = changer_->inventory();
        if (!inv) return inv.error();
        const Element* where = find_barcode(inv.value(), barcode);
        if (!where)
            return make_error(
                ErrorKind::MediaMissing,
                "library " + name_ + ": cartridge " + barcode +
                    " is not in the library; insert it into a mail slot and import it");
        const int want = static_cast<int>(index);
        if (where->type == ElementType::Drive && where->number == want) return {};
        if (where->type == ElementType::Drive) {
            auto& other = *drives_.at(static_cast<std::size_t>(where->number));
            if (other.is_open())
                return make_error(ErrorKind::Busy, "library " + name_ + ": cartridge " + barcode +
                                                       " is in use in drive " +
                                                       std::to_string(where->number) + " (" +
                                                       other.name() + ")");
            TL_TRY(unmount(static_cast<std::size_t>(where->number)));
        }
        TL_TRY(unmount(index));
        inv = changer_->inventory();
        if (!inv) return inv.error();
        where = find_barcode(inv.value(), barcode);
        if (!where)
            return make_error(ErrorKind::Internal,
                              "library " + name_ + ": cartridge " + barcode + " vanished");
        return changer_->load(where->number, want);
    }

    // The drive's counters now, for the cartridge's use from here.
    CartridgeUse counters_of(std::size_t index, const std::string& volume) {
        const auto& c = drives_[index]->counters();
        return {volume,
                drives_[index]->name(),
                false,
                c.bytes_written.load(),
                c.bytes_read.load(),
                c.media_errors.load()};
    }

    void start_use(std::size_t index, const std::string& volume) {
        std::lock_guard lock(alerts_mutex_);
        if (using_.size() < drives_.size()) using_.resize(drives_.size());
        using_[index] = counters_of(index, volume);
        uses_.push_back({volume, drives_[index]->name(), true, 0, 0, 0});
    }

    // What the cartridge in drive `index` went through since its mount (or the last count);
    // `ended`: it leaves the drive.
    void count_use(std::size_t index, bool ended) {
        std::lock_guard lock(alerts_mutex_);
        if (index >= using_.size() || using_[index].volume.empty()) return;
        const auto now = counters_of(index, using_[index].volume);
        auto& was = using_[index];
        uses_.push_back({was.volume, was.drive, false, now.written - was.written,
                         now.read - was.read, now.media_errors - was.media_errors});
        was = ended ? CartridgeUse{} : now;
    }

    void read_alerts(std::size_t index, const std::string& phase, const std::string& volume) {
        auto& d = *drives_[index];
        auto flags = d.read_tape_alerts();
        if (!flags) {
            log::get("device")->debug("drive {}: no TapeAlert: {}", d.name(),
                                      flags.error().message);
            return;
        }
        if (flags.value() == 0) return;
        std::string named;
        for (const auto& f : flags_in(flags.value()))
            named += (named.empty() ? "" : ", ") + describe(f);
        log::get("device")->warn("drive {}: TapeAlert {} at {}{}", d.name(), named, phase,
                                 volume.empty() ? "" : " of " + volume);
        std::lock_guard lock(alerts_mutex_);
        alerts_.push_back({d.name(), index, volume, phase, flags.value()});
    }

    std::recursive_mutex moves_; // mount calls unmount
    std::mutex alerts_mutex_;
    std::vector<DriveAlert> alerts_;
    std::vector<CartridgeUse> using_; // per drive: the cartridge's counters at its last count
    std::vector<CartridgeUse> uses_;
    std::string name_;
    std::unique_ptr<Changer> changer_;
    std::vector<std::unique_ptr<TapeDrive>> drives_;
};

std::string drive_name(const std::vector<DriveConfig>& drives, int element,
                       const std::string& lib) {
    for (const auto& d : drives)
        if (d.element == element) return d.name;
    return lib + "-drive" + std::to_string(element);
}

Result<std::unique_ptr<Library>> open_virtual(const LibraryConfig& lib,
                                              const std::vector<DriveConfig>& drives,
                                              const std::string& home, Clock& clock) {
    const auto& j = lib.config;
    VirtualChangerConfig vc;
    vc.name = lib.name;
    vc.dir = home + "/" + lib.device;
    vc.drives = j.value("drives", 4);
    vc.storage_slots = j.value("slots", 24);
    vc.mail = j.value("mail", 2);
    vc.robot_delay = std::chrono::milliseconds(j.value("robot_delay_ms", 0LL));
    auto changer = VirtualChanger::open(vc, clock);
    if (!changer) return changer.error();
    VirtualChanger* raw = changer.value().get();
    const int n = static_cast<int>(raw->inventory().ok() ? raw->inventory()->drives.size() : 0);
    auto out = std::make_unique<ChangerLibrary>(lib.name, std::move(changer.value()));
    ChangerLibrary* libp = out.get();
    raw->set_drive_busy_check([libp](int d) {
        return d >= 0 && static_cast<std::size_t>(d) < libp->drive_count() &&
               libp->drive(static_cast<std::size_t>(d)).is_open();
    });
    for (int d = 0; d < n; ++d) {
        VirtualDriveConfig dc;
        dc.name = drive_name(drives, d, lib.name);
        dc.media_dir = raw->media_dir();
        dc.capacity = j.value("capacity", std::uint64_t{4ull << 30});
        dc.ew_bytes = j.value("ew_bytes", std::uint64_t{2ull << 20});
        if (j.contains("streaming") && j["streaming"].is_object()) {
            StreamingConfig sc;
            sc.rate = j["streaming"].value("rate", sc.rate);
            sc.buffer = j["streaming"].value("buffer", sc.buffer);
            sc.reposition_s = j["streaming"].value("reposition_s", sc.reposition_s);
            sc.start_fill = j["streaming"].value("start_fill", sc.start_fill);
            dc.streaming = sc;
            dc.locate_seconds = j["streaming"].value("locate_s", 0.0);
        }
        if (j.contains("model")) {
            auto m = timing_config(j["model"]);
            if (!m) return m.error();
            dc.timing.emplace(m.value());
        }
        dc.library_dir = vc.dir;
        dc.element = d;
        dc.resolve = [raw, d] { return raw->drive_barcode(d); };
        out->add_drive(std::make_unique<VirtualTapeDrive>(std::move(dc), clock));
    }
    return std::unique_ptr<Library>(std::move(out));
}

Result<std::unique_ptr<Library>> open_mtx(const LibraryConfig& lib,
                                          const std::vector<DriveConfig>& drives) {
    auto changer = std::make_unique<MtxChanger>(
        MtxChangerConfig{lib.name, lib.device, lib.config.value("mtx", "mtx")});
    auto out = std::make_unique<ChangerLibrary>(lib.name, std::move(changer));
    for (const auto& d : drives)
        out->add_drive(
            std::make_unique<StTapeDrive>(StDriveConfig{d.name, d.device, {1, 1u << 20}}));
    return std::unique_ptr<Library>(std::move(out));
}
} // namespace

Result<std::unique_ptr<Library>> open_library(catalog::Db& db, const std::string& home,
                                              const std::string& name, Clock& clock) {
    auto lib = find_library(db, name);
    if (!lib) return lib.error();
    auto drives = list_drives(db, lib->name);
    if (!drives) return drives.error();
    if (lib->kind == "virtual") return open_virtual(lib.value(), drives.value(), home, clock);
    if (lib->kind == "mtx") return open_mtx(lib.value(), drives.value());
    return make_error(ErrorKind::Unsupported,
                      "library " + lib->name + " has unknown kind " + lib->kind);
}

Result<std::vector<std::string>> library_names(catalog::Db& db) {
    auto all = list_libraries(db);
    if (!all) return all.error();
    std::vector<std::string> out;
    for (const auto& l : all.value())
        out.push_back(l.name);
    return out;
}

Status ensure_default_library(catalog::Db& db, const std::string& home) {
    auto n = catalog::count_libraries(db);
    if (!n) return n.error();
    if (n.value() > 0) return {};
    VirtualLibrarySpec spec;
    spec.name = "vlib0";
    spec.prefix = "TLO";
    auto lib = add_virtual_library(db, home, spec);
    if (!lib) return lib.error();
    return {};
}

Result<VirtualChanger*> virtual_changer_of(Library& lib) {
    auto* v = dynamic_cast<VirtualChanger*>(&lib.changer());
    if (!v)
        return make_error(ErrorKind::Unsupported,
                          "library " + lib.name() +
                              " is a real library: put cartridges into its mail slot by hand");
    return v;
}

} // namespace tl::device
