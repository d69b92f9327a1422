// tapeloom-cli drive ...: drive status and standalone drives (docs/devices.md).
#include <map>
#include <ostream>

#include "api/catalog_ops.h"
#include "api/device_ops.h"
#include "api/media_ops.h"
#include "commands/commands.h"
#include "commands/drive_users.h"
#include "common/units.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "job/drive_cleaning.h"

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

// Drive health from the catalog: out of service (with why) and the newest TapeAlert flags.
void add_health(nlohmann::json& j, const CatalogHandle& db,
                const std::map<std::string, std::string>& out_of_service, int alert_limit) {
    const std::string name = j["name"].get<std::string>();
    const auto o = out_of_service.find(name);
    j["out_of_service"] = o == out_of_service.end() ? nlohmann::json() : nlohmann::json(o->second);
    nlohmann::json alerts = nlohmann::json::array();
    if (auto history = device::drive_alert_history(db, name, alert_limit))
        for (const auto& a : history.value())
            alerts.push_back({{"flag", a.flag},
                              {"name", a.name},
                              {"severity", a.severity},
                              {"action", a.action},
                              {"phase", a.phase},
                              {"volume", a.volume},
                              {"at", a.at},
                              {"job_id", a.job_id ? nlohmann::json(a.job_id) : nlohmann::json()}});
    j["alerts"] = alerts;
}

void print_drive_line(Context& ctx, const nlohmann::json& d) {
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
    if (!d["out_of_service"].is_null())
        ctx.out() << "  OUT OF SERVICE: " << d["out_of_service"].get<std::string>();
    if (d.value("cleaning_requested", false)) ctx.out() << "  (asks for cleaning)";
    ctx.out() << "\n";
}

// The barcode the changer has in drive `index` of `lib`, "" when none.
std::string loaded_in(device::Library& lib, std::size_t index) {
    auto inv = lib.changer().inventory();
    if (!inv || index >= inv->drives.size() || !inv->drives[index].full) return {};
    return inv->drives[index].barcode;
}

// `drive status` (every drive, or --drive) and `drive show NAME` (one, with more history).
int report_drives(Context& ctx, const std::string& only, int alert_limit) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    CatalogHandle db(*e.value());
    auto all = device::list_drives(db);
    if (!all) return ctx.fail(all.error());
    auto out_of_service = device::drives_out_of_service(db);
    if (!out_of_service) return ctx.fail(out_of_service.error());
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
        } else {
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
        add_health(arr.back(), db, out_of_service.value(), alert_limit);
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
        print_drive_line(ctx, d);
        for (const auto& a : d["alerts"])
            ctx.out() << "    TapeAlert " << a["flag"] << " " << a["name"].get<std::string>()
                      << " (" << a["severity"].get<std::string>() << ") at "
                      << a["phase"].get<std::string>() << " " << a["volume"].get<std::string>()
                      << ": " << a["action"].get<std::string>() << "\n";
    }
    return 0;
}

int status(Context& ctx) {
    return report_drives(ctx, ctx.args().get("drive"), 5);
}

std::string drive_word(Context& ctx) {
    const auto& w = ctx.args().words();
    return w.empty() ? ctx.args().get("drive") : w.front();
}

int show(Context& ctx) {
    const std::string name = drive_word(ctx);
    if (name.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "drive show needs a drive name"));
    return report_drives(ctx, name, 50);
}

int clean(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    const std::string name = drive_word(ctx);
    if (name.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "drive clean needs a drive name"));
    auto done = job::clean_drive(*e.value(), name);
    if (!done) return ctx.fail(done.error());
    if (ctx.json()) {
        ctx.print_json({{"drive", done->drive},
                        {"cartridge", done->cartridge},
                        {"uses_left", done->uses_left},
                        {"seconds", done->seconds}});
        return 0;
    }
    char line[64];
    std::snprintf(line, sizeof line, "%.1f s", done->seconds);
    ctx.out() << "drive " << done->drive << " cleaned with " << done->cartridge << " ("
              << done->uses_left << " uses left, " << line << ")\n";
    return 0;
}

int clear(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    const std::string name = drive_word(ctx);
    if (auto s = device::return_drive_to_service(CatalogHandle(*e.value()), name); !s)
        return ctx.fail(s.error());
    if (ctx.json())
        ctx.print_json({{"drive", name}, {"in_service", true}});
    else
        ctx.out() << "drive " << name << " returned to service\n";
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
    r.push_back({{"drive", "show"},
                 "NAME",
                 "one drive's status with its TapeAlert history and whether it is in service",
                 {"drive"},
                 {},
                 show});
    r.push_back({{"drive", "clean"},
                 "NAME",
                 "clean a library drive with the library's first cleaning cartridge (CLN) that "
                 "has uses left",
                 {"drive"},
                 {},
                 clean});
    r.push_back({{"drive", "clear"},
                 "NAME",
                 "return a drive taken out of service (a TapeAlert hardware fault) to service",
                 {"drive"},
                 {},
                 clear});
    r.push_back({{"drive", "remove"},
                 "NAME",
                 "remove a standalone drive from the configuration",
                 {"drive"},
                 {},
                 remove});
}

} // namespace tl::cli
