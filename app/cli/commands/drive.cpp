// tapeloom-cli drive ...: drive status and standalone drives (docs/devices.md).
#include <map>
#include <ostream>

#include "api/catalog_ops.h"
#include "api/device_ops.h"
#include "api/drive_report.h"
#include "client/devices.h"
#include "commands/commands.h"
#include "common/units.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "job/drive_cleaning.h"

namespace tl::cli {

namespace {
void print_drive_line(Context& ctx, const client::DriveState& d) {
    ctx.out() << d.name << "  " << d.kind << "  ";
    if (!d.used_by.empty())
        ctx.out() << (d.volume.empty() ? "empty" : d.volume) << ", in use by " << d.used_by;
    else if (d.document.contains("error"))
        ctx.out() << "error: " << d.error;
    else if (d.volume.empty())
        ctx.out() << "empty";
    else
        ctx.out() << d.volume << (d.write_protected ? " (write-protected)" : "") << ", "
                  << format_bytes(d.remaining_bytes) << " left";
    if (d.out_of_service) ctx.out() << "  OUT OF SERVICE: " << *d.out_of_service;
    if (d.cleaning_requested) ctx.out() << "  (asks for cleaning)";
    ctx.out() << "\n";
}

// `drive status` (every drive, or --drive) and `drive show NAME` (one, with more history).
int report_drives(Context& ctx, const std::string& only, int alert_limit) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    auto report = device::drive_report(*e.value(), only, alert_limit);
    if (!report) return ctx.fail(report.error());
    auto drives = client::drive_states_from_json(report.value());
    if (!drives) return ctx.fail(drives.error());
    return print_drives(ctx, drives.value());
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
    if (name.empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "drive clear needs a drive name"));
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

int print_drives(Context& ctx, const std::vector<client::DriveState>& drives) {
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& d : drives)
            arr.push_back(d.document);
        ctx.print_json({{"drives", arr}});
        return 0;
    }
    for (const auto& d : drives) {
        print_drive_line(ctx, d);
        for (const auto& a : d.alerts)
            ctx.out() << "    TapeAlert " << a.flag << " " << a.name << " (" << a.severity
                      << ") at " << a.phase << " " << a.volume << ": " << a.action << "\n";
    }
    return 0;
}

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
