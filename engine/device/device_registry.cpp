#include "device/device_registry.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>

#include <sys/stat.h>

#include "catalog/db.h"
#include "catalog/library_store.h"
#include "common/home.h"
#include "common/log.h"
#include "device/null_drive.h"
#include "device/st_tape_drive.h"
#include "device/tape_timing.h"
#include "device/virtual_changer.h"
#include "device/virtual_tape_drive.h"

namespace tl::device {

namespace {
long long now_s() {
    return static_cast<long long>(std::time(nullptr));
}

nlohmann::json parse_config(const std::string& text) {
    auto j = nlohmann::json::parse(text, nullptr, false);
    return j.is_discarded() ? nlohmann::json::object() : j;
}

LibraryConfig library_config(const catalog::LibraryRow& r) {
    return {r.id, r.name, r.kind, r.device, parse_config(r.config), r.created};
}

Result<bool> name_taken(catalog::Db& db, const std::string& name) {
    return catalog::device_name_taken(db, name);
}

Status valid_name(catalog::Db& db, const std::string& name) {
    if (name.empty() || name.size() > 64 || name.find_first_of("/ \t\n") != std::string::npos)
        return make_error(ErrorKind::InvalidArgument,
                          "name '" + name + "' must be 1-64 characters without '/' or spaces");
    auto t = name_taken(db, name);
    if (!t) return t.error();
    if (t.value())
        return make_error(ErrorKind::AlreadyExists,
                          "a library or drive named " + name + " exists already");
    return {};
}

Status insert_drive(catalog::Db& db, const std::string& name, std::optional<std::int64_t> library,
                    int element, const std::string& kind, const std::string& device,
                    const nlohmann::json& config) {
    return catalog::insert_drive(db, name, library, element, kind, device, config.dump(), now_s());
}

Result<DriveConfig> find_drive(catalog::Db& db, const std::string& name) {
    auto all = list_drives(db);
    if (!all) return all.error();
    for (auto& d : all.value())
        if (d.name == name) return d;
    std::string names;
    for (auto& d : all.value())
        names += (names.empty() ? "" : ", ") + d.name;
    return make_error(ErrorKind::NotFound, "drive " + name + " is not configured (drives: " +
                                               (names.empty() ? "none" : names) +
                                               "); see 'tapeloom-cli drive status'");
}
} // namespace

Result<std::vector<LibraryConfig>> list_libraries(catalog::Db& db) {
    auto rows = catalog::list_library_rows(db);
    if (!rows) return rows.error();
    std::vector<LibraryConfig> out;
    for (const auto& r : rows.value())
        out.push_back(library_config(r));
    return out;
}

Result<LibraryConfig> find_library(catalog::Db& db, const std::string& name) {
    auto all = list_libraries(db);
    if (!all) return all.error();
    std::string names;
    for (auto& l : all.value()) {
        if (name.empty() || l.name == name) return l;
        names += (names.empty() ? "" : ", ") + l.name;
    }
    if (name.empty())
        return make_error(ErrorKind::NotFound,
                          "no library is configured; add one with 'tapeloom-cli library add'");
    return make_error(ErrorKind::NotFound, "library " + name + " is not configured (libraries: " +
                                               (names.empty() ? "none" : names) + ")");
}

Result<std::vector<DriveConfig>> list_drives(catalog::Db& db, const std::string& library) {
    auto rows = catalog::list_drive_rows(db, library);
    if (!rows) return rows.error();
    std::vector<DriveConfig> out;
    for (const auto& r : rows.value())
        out.push_back(
            {r.id, r.name, r.library, r.element, r.kind, r.device, parse_config(r.config)});
    return out;
}

Result<LibraryConfig> add_virtual_library(catalog::Db& db, const std::string& home,
                                          VirtualLibrarySpec spec) {
    auto count = catalog::max_library_id(db);
    if (!count) return count.error();
    const auto next = count.value();
    if (spec.name.empty()) {
        for (std::int64_t i = next;; ++i) {
            auto t = name_taken(db, "vlib" + std::to_string(i));
            if (!t) return t.error();
            if (!t.value()) {
                spec.name = "vlib" + std::to_string(i);
                break;
            }
        }
    }
    TL_TRY(valid_name(db, spec.name));
    std::string media_id = "L9";
    if (spec.model) {
        auto m = timing_config(*spec.model);
        if (!m) return m.error();
        if (spec.capacity == 0) spec.capacity = TapeTiming(m.value()).capacity();
        media_id = "L" + m->type.name.substr(m->type.name.size() - 1);
        spec.model = to_json(m.value());
    }
    if (spec.drives < 1 || spec.drives > 64 || spec.storage_slots < 1 ||
        spec.storage_slots > 10000 || spec.mail < 0 || spec.mail > 64)
        return make_error(ErrorKind::InvalidArgument,
                          "library " + spec.name +
                              ": needs 1-64 drives, 1-10000 slots and 0-64 mail slots");
    if (spec.capacity < 2 * spec.ew_bytes)
        return make_error(ErrorKind::InvalidArgument,
                          "library " + spec.name + ": cartridge capacity must be at least " +
                              std::to_string(2 * spec.ew_bytes) + " bytes");
    if (spec.cartridges < 0 || spec.cartridges > spec.storage_slots)
        spec.cartridges = spec.storage_slots;
    if (spec.prefix.empty()) spec.prefix = next == 0 ? "TLO" : "T" + std::to_string(next + 1);
    std::vector<std::string> barcodes;
    for (int i = 1; i <= spec.cartridges; ++i) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s%03d%s", spec.prefix.c_str(), i, media_id.c_str());
        barcodes.emplace_back(buf);
    }
    const std::string rel = "libraries/" + spec.name;
    nlohmann::json cfg = {{"drives", spec.drives},     {"slots", spec.storage_slots},
                          {"mail", spec.mail},         {"capacity", spec.capacity},
                          {"ew_bytes", spec.ew_bytes}, {"robot_delay_ms", spec.robot_delay_ms}};
    if (spec.streaming) cfg["streaming"] = *spec.streaming;
    if (spec.model) cfg["model"] = *spec.model;

    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    auto id = catalog::insert_library(db, spec.name, "virtual", rel, cfg.dump(), now_s());
    if (!id) return id.error();
    for (int d = 0; d < spec.drives; ++d)
        TL_TRY(insert_drive(db, spec.name + "-drive" + std::to_string(d), id.value(), d, "virtual",
                            "", nlohmann::json::object()));
    SystemClock clock;
    VirtualChangerConfig vc{spec.name, home + "/" + rel, spec.drives, spec.storage_slots, spec.mail,
                            {},        nullptr};
    auto changer = VirtualChanger::open(vc, clock, barcodes);
    if (!changer) return changer.error();
    TL_TRY(tx->commit());
    log::get("device")->info("library {} added: virtual, {} drives, {} slots, {} mail slots",
                             spec.name, spec.drives, spec.storage_slots, spec.mail);
    return find_library(db, spec.name);
}

Result<LibraryConfig> add_mtx_library(catalog::Db& db, const std::string& name,
                                      const std::string& changer_device,
                                      const std::vector<std::string>& drive_devices) {
    TL_TRY(valid_name(db, name));
    if (changer_device.empty() || drive_devices.empty())
        return make_error(ErrorKind::InvalidArgument,
                          "library " + name +
                              ": give the changer (--mtx /dev/sgN) and "
                              "each drive in element order (--drive /dev/nstN)");
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    auto id = catalog::insert_library(db, name, "mtx", changer_device, "{}", now_s());
    if (!id) return id.error();
    for (std::size_t d = 0; d < drive_devices.size(); ++d)
        TL_TRY(insert_drive(db, name + "-drive" + std::to_string(d), id.value(),
                            static_cast<int>(d), "st", drive_devices[d], nlohmann::json::object()));
    TL_TRY(tx->commit());
    return find_library(db, name);
}

Status remove_library(catalog::Db& db, const std::string& name) {
    if (name.empty())
        return make_error(ErrorKind::InvalidArgument, "give the name of the library to remove");
    auto lib = find_library(db, name);
    if (!lib) return lib.error();
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    TL_TRY(catalog::delete_library(db, lib->id));
    TL_TRY(tx->commit());
    log::get("device")->info("library {} removed", name);
    return {};
}

Result<DriveConfig> add_st_drive(catalog::Db& db, const std::string& name,
                                 const std::string& device) {
    TL_TRY(valid_name(db, name));
    if (device.find("/st") != std::string::npos && device.find("/nst") == std::string::npos)
        return make_error(ErrorKind::InvalidArgument,
                          "drive " + name + ": " + device +
                              " rewinds on close; use the /dev/nstN node");
    TL_TRY(insert_drive(db, name, std::nullopt, 0, "st", device, nlohmann::json::object()));
    return find_drive(db, name);
}

Status require_device_node(const std::string& device) {
    struct stat st {};
    if (::stat(device.c_str(), &st) == 0) return {};
    if (errno == ENOENT || errno == ENOTDIR)
        return make_error(ErrorKind::NotFound,
                          "device " + device +
                              " does not exist; check the path (ls /dev/nst* /dev/sg*) and that "
                              "the st and sg drivers are loaded");
    return make_error(ErrorKind::Io, "device " + device + ": " + std::strerror(errno));
}

Result<DriveConfig> add_virtual_drive(catalog::Db& db, const std::string& home,
                                      const std::string& name, std::uint64_t capacity) {
    TL_TRY(valid_name(db, name));
    const std::string rel = "drives/" + name;
    TL_TRY(ensure_directory(home + "/" + rel + "/media"));
    nlohmann::json cfg = {{"capacity", capacity}, {"barcode", name + "-T"}};
    TL_TRY(insert_drive(db, name, std::nullopt, 0, "virtual", rel, cfg));
    return find_drive(db, name);
}

Result<DriveConfig> add_null_drive(catalog::Db& db, const std::string& name) {
    TL_TRY(valid_name(db, name));
    TL_TRY(insert_drive(db, name, std::nullopt, 0, "null", "", nlohmann::json::object()));
    return find_drive(db, name);
}

Status remove_drive(catalog::Db& db, const std::string& name) {
    auto d = find_drive(db, name);
    if (!d) return d.error();
    if (!d->library.empty())
        return make_error(ErrorKind::InvalidArgument, "drive " + name + " belongs to library " +
                                                          d->library +
                                                          "; remove the library instead");
    return catalog::delete_drive(db, d->id);
}

Result<std::unique_ptr<TapeDrive>> open_standalone_drive(catalog::Db& db, const std::string& home,
                                                         const std::string& name, Clock& clock) {
    auto d = find_drive(db, name);
    if (!d) return d.error();
    if (!d->library.empty())
        return make_error(ErrorKind::InvalidArgument, "drive " + name + " belongs to library " +
                                                          d->library +
                                                          "; open it through the library");
    if (d->kind == "st")
        return std::unique_ptr<TapeDrive>(new StTapeDrive({d->name, d->device, {1, 1u << 20}}));
    if (d->kind == "null") return std::unique_ptr<TapeDrive>(new NullDrive(d->name));
    VirtualDriveConfig vc;
    vc.name = d->name;
    vc.media_dir = home + "/" + d->device + "/media";
    vc.capacity = d->config.value("capacity", std::uint64_t{4ull << 30});
    const std::string barcode = d->config.value("barcode", d->name + "-T");
    vc.resolve = [barcode] { return barcode; };
    return std::unique_ptr<TapeDrive>(new VirtualTapeDrive(std::move(vc), clock));
}

} // namespace tl::device
