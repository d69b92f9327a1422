// tapeloom-cli drive ...: drive status and standalone drives (docs/devices.md).
#include <ostream>

#include "api/catalog_ops.h"
#include "api/device_ops.h"
#include "api/media_ops.h"
#include "commands/commands.h"
#include "commands/drive_users.h"
#include "common/units.h"
#include "device/device_registry.h"
#include "device/library.h"

namespace tl::cli {

namespace {
// A drive's status. A drive a job uses is not opened: it says which job, with the cartridge the
// changer has in it (`loaded`). Otherwise the drive is asked first (which mounts its cartridge),
// then how much is left on it; a volume the catalog marks full has none left.
nlohmann::json drive_json(const device::DriveConfig& c, device::TapeDrive& d,
                          const CatalogHandle& db, const DriveUser* user,
                          const std::string& loaded) {
    nlohmann::json j = {{"name", c.name},   {"library", c.library}, {"element", c.element},
                        {"kind", c.kind},   {"device", c.device},   {"used_by", nullptr},
                        {"job_id", nullptr}};
    if (user) {
        j.update({{"volume", loaded},
                  {"used_by", user->job},
                  {"job_id", user->job_id ? nlohmann::json(user->job_id) : nlohmann::json()}});
        return j;
    }
    auto s = d.status();
    if (!s) {
        j["error"] = s.error().message;
        return j;
    }
    std::uint64_t remaining = d.remaining_bytes();
    if (!s->volume.empty())
        if (auto v = media::find_volume(db, s->volume); v && v->state == media::VolumeState::Full)
            remaining = 0;
    j.update({{"capacity_bytes", d.capacity_bytes()},
              {"remaining_bytes", remaining},
              {"max_block", d.block_limits().max_block},
              {"online", s->online},
              {"cleaning_requested", s->cleaning_requested},
              {"volume", s->volume},
              {"bot", s->bot},
              {"eod", s->eod},
              {"early_warning", s->early_warning},
              {"write_protected", s->write_protected},
              {"file_number", s->file_number},
              {"block_number", s->block_number}});
    return j;
}

// The barcode the changer has in drive `index` of `lib`, "" when none.
std::string loaded_in(device::Library& lib, std::size_t index) {
    auto inv = lib.changer().inventory();
    if (!inv || index >= inv->drives.size() || !inv->drives[index].full) return {};
    return inv->drives[index].barcode;
}

int status(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    CatalogHandle db(*e.value());
    auto all = device::list_drives(db);
    if (!all) return ctx.fail(all.error());
    const std::string only = ctx.args().get("drive");
    nlohmann::json arr = nlohmann::json::array();
    std::map<std::string, std::unique_ptr<device::Library>> libs;
    const DriveUsers users(*e.value());
    for (const auto& c : all.value()) {
        if (!only.empty() && c.name != only) continue;
        if (c.library.empty()) {
            auto d =
                device::open_standalone_drive(db, e.value()->home(), c.name, e.value()->clock());
            if (!d) return ctx.fail(d.error());
            arr.push_back(drive_json(c, *d.value(), db, nullptr, {}));
            continue;
        }
        if (!libs.count(c.library)) {
            auto l = device::open_library(db, e.value()->home(), c.library, e.value()->clock());
            if (!l) return ctx.fail(l.error());
            libs[c.library] = std::move(l.value());
        }
        auto& lib = *libs[c.library];
        if (static_cast<std::size_t>(c.element) >= lib.drive_count()) continue;
        const auto index = static_cast<std::size_t>(c.element);
        arr.push_back(drive_json(c, lib.drive(index), db,
                                 users.of(c.library, index, lib.drive(index).name()),
                                 loaded_in(lib, index)));
    }
    if (!only.empty() && arr.empty())
        return ctx.fail(
            make_error(ErrorKind::NotFound,
                       "drive " + only + " is not configured; see 'tapeloom-cli drive status'"));
    if (ctx.json()) {
        ctx.print_json({{"drives", arr}});
        return 0;
    }
    for (const auto& d : arr) {
        ctx.out() << d["name"].get<std::string>() << "  " << d["kind"].get<std::string>() << "  ";
        if (!d["used_by"].is_null())
            ctx.out() << (d["volume"].get<std::string>().empty() ? "empty"
                                                                 : d["volume"].get<std::string>())
                      << ", in use by " << d["used_by"].get<std::string>();
        else if (d.contains("error"))
            ctx.out() << "error: " << d["error"].get<std::string>();
        else if (d["volume"].get<std::string>().empty())
            ctx.out() << "empty";
        else
            ctx.out() << d["volume"].get<std::string>()
                      << (d["write_protected"].get<bool>() ? " (write-protected)" : "") << ", "
                      << format_bytes(d["remaining_bytes"].get<std::uint64_t>()) << " left";
        ctx.out() << "\n";
    }
    return 0;
}

int add(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    auto& a = ctx.args();
    CatalogHandle db(*e.value());
    const int kinds = int(a.has("st")) + int(a.has("virtual")) + int(a.has("null"));
    if (kinds != 1)
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "give one of --st /dev/nstN, --virtual or --null"));
    Result<device::DriveConfig> made = make_error(ErrorKind::Internal, "");
    if (a.has("st")) {
        std::string dev = a.get("st");
        std::string name = a.get("name", dev.substr(dev.find_last_of('/') + 1));
        if (auto st = device::require_device_node(dev); !st) return ctx.fail(st.error());
        made = device::add_st_drive(db, name, dev);
    } else if (a.has("virtual")) {
        std::uint64_t cap = 4ull << 30;
        if (a.has("capacity")) {
            auto c = parse_size(a.get("capacity"));
            if (!c) return ctx.fail(c.error());
            cap = c.value();
        }
        made = device::add_virtual_drive(db, e.value()->home(), a.get("name", "vdrive"), cap);
    } else {
        made = device::add_null_drive(db, a.get("name", "null"));
    }
    if (!made) return ctx.fail(made.error());
    if (ctx.json())
        ctx.print_json({{"name", made->name}, {"kind", made->kind}, {"device", made->device}});
    else
        ctx.out() << "drive " << made->name << " added (" << made->kind << ")\n";
    return 0;
}

int remove(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    const auto& w = ctx.args().words();
    const std::string name = w.empty() ? ctx.args().get("drive") : w.front();
    auto s = device::remove_drive(*e.value(), name);
    if (!s) return ctx.fail(s.error());
    if (ctx.json())
        ctx.print_json({{"removed", name}});
    else
        ctx.out() << "drive " << name << " removed\n";
    return 0;
}
} // namespace

void add_drive_commands(Registry& r) {
    r.push_back({{"drive", "status"},
                 "[--drive NAME]",
                 "status of every drive (or one): cartridge, position, space left",
                 {"drive"},
                 {},
                 status});
    r.push_back(
        {{"drive", "add"},
         "--st /dev/nstN [--name N] | --virtual [--name N] [--capacity 4G] | --null [--name N]",
         "configure a standalone drive",
         {"st", "name", "capacity"},
         {"virtual", "null"},
         add});
    r.push_back({{"drive", "remove"},
                 "NAME",
                 "remove a standalone drive from the configuration",
                 {"drive"},
                 {},
                 remove});
}

} // namespace tl::cli
