// tapeloom-cli library ...: libraries, their inventory and robot moves (docs/devices.md).
#include <ostream>

#include "api/catalog_ops.h"
#include "api/device_ops.h"
#include "api/library_report.h"
#include "api/media_ops.h"
#include "commands/commands.h"
#include "common/units.h"
#include "decimal_option.h"
#include "device/changer_rules.h"
#include "device/device_registry.h"
#include "device/library.h"
#include "device/virtual_changer.h"
#include "media/reconcile.h"
#include "shapes/library_json.h"
#include "shapes/volume_json.h"

namespace tl::cli {

Result<int> slot_number(const Args& a, const std::string& name) {
    const std::string v = a.get(name);
    if (v.empty()) return make_error(ErrorKind::InvalidArgument, "--" + name + " N is required");
    try {
        std::size_t used = 0;
        int n = std::stoi(v, &used);
        if (used == v.size()) return n;
    } catch (...) {
    }
    return make_error(ErrorKind::InvalidArgument,
                      "--" + name + " expects a number, not '" + v + "'");
}

void print_libraries(Context& ctx, const std::vector<client::Library>& libraries) {
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& l : libraries)
            arr.push_back(l.document);
        ctx.print_json({{"libraries", arr}});
        return;
    }
    for (const auto& l : libraries)
        ctx.out() << l.name << "  " << l.kind << "  " << l.drives << " drives  " << l.device
                  << "\n";
}

void print_cartridge_moved(Context& ctx, const client::CartridgeMoved& moved) {
    if (ctx.json())
        ctx.print_json({{"library", moved.library}, {"done", moved.done}});
    else
        ctx.out() << moved.done << "\n";
}

void print_reconcile(Context& ctx, const std::string& library, bool applied,
                     const std::vector<media::Difference>& diffs) {
    if (ctx.json()) {
        ctx.print_json({{"library", library},
                        {"updated", applied},
                        {"differences", shapes::differences_json(diffs)}});
        return;
    }
    auto& out = ctx.out();
    out << "Library " << library << ": " << diffs.size()
        << " difference(s) between the catalog and the changer"
        << (applied ? "" : " (dry run: catalog unchanged)") << "\n";
    for (const auto& d : diffs)
        out << "  " << media::to_string(d.kind) << "  " << d.barcode << ": catalog "
            << (d.catalog_says.empty() ? "-" : d.catalog_says) << ", changer "
            << (d.changer_says.empty() ? "-" : d.changer_says) << "; " << d.action << "\n";
}

void print_library_status(Context& ctx, const client::LibraryStatus& s) {
    if (ctx.json()) return ctx.print_json(s.document);
    ctx.out() << "Library " << s.library << ": " << s.drives.size() << " drives, " << s.storage_full
              << "/" << s.storage_slots << " slots full, " << s.mail_slots_full << "/"
              << s.mail_slots << " mail slots full\n";
    for (const auto& d : s.drives) {
        ctx.out() << "  " << d.name << "  " << (d.volume.empty() ? "empty" : d.volume);
        if (!d.used_by.empty()) ctx.out() << " (in use by " << d.used_by << ")";
        if (d.error) ctx.out() << " (error: " << *d.error << ")";
        ctx.out() << "\n";
    }
}

void print_library_inventory(Context& ctx, const client::LibraryInventory& inv) {
    if (ctx.json()) return ctx.print_json(inv.document);
    auto& out = ctx.out();
    out << "Library " << inv.library << "\n";
    for (const auto& d : inv.drives) {
        out << "  drive " << d.number << "  ";
        if (d.full)
            out << d.barcode
                << (d.source_slot ? " (from slot " + std::to_string(*d.source_slot) + ")" : "");
        else
            out << "empty";
        out << "\n";
    }
    for (const auto& e : inv.storage)
        out << "  slot " << e.number << "  " << (e.full ? e.barcode : "empty") << "\n";
    for (const auto& e : inv.mail_slots)
        out << "  mail " << e.mail << " (slot " << e.number << ")  "
            << (e.full ? e.barcode : "empty") << "\n";
}

namespace {
using device::Element;
using device::ElementType;

Result<int> int_option(Context& ctx, const std::string& name) {
    return slot_number(ctx.args(), name);
}

struct Opened {
    Engine* engine = nullptr;
    std::unique_ptr<device::Library> lib;
};

Result<Opened> open_lib(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return e.error();
    auto lib = device::open_library(*e.value(), e.value()->home(), ctx.args().get("library"),
                                    e.value()->clock());
    if (!lib) return lib.error();
    return Opened{e.value(), std::move(lib.value())};
}

// library inventory --reconcile [--dry-run]: the catalog's locations against the changer.
int reconcile(Context& ctx, Opened& o, const device::Inventory& inv) {
    const bool apply = !ctx.args().has("dry-run");
    auto diffs = media::reconcile(*o.engine, o.lib->name(), inv,
                                  to_unix_seconds(o.engine->clock().wall()), apply);
    if (!diffs) return ctx.fail(diffs.error());
    print_reconcile(ctx, o.lib->name(), apply, diffs.value());
    return 0;
}

int inventory(Context& ctx) {
    if (ctx.args().has("reconcile")) {
        auto o = open_lib(ctx);
        if (!o) return ctx.fail(o.error());
        auto inv = o->lib->changer().inventory();
        if (!inv) return ctx.fail(inv.error());
        return reconcile(ctx, o.value(), inv.value());
    }
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    auto report = device::library_inventory_report(*e.value(), ctx.args().get("library"));
    if (!report) return ctx.fail(report.error());
    if (ctx.args().has("dry-run"))
        return ctx.fail(make_error(ErrorKind::InvalidArgument, "--dry-run goes with --reconcile"));
    auto typed = client::library_inventory_from_json(report.value());
    if (!typed) return ctx.fail(typed.error());
    print_library_inventory(ctx, typed.value());
    return 0;
}

int list_libraries(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    auto libs = device::list_libraries(*e.value());
    if (!libs) return ctx.fail(libs.error());
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& l : libs.value()) {
        auto drives = device::list_drives(*e.value(), l.name);
        if (!drives) return ctx.fail(drives.error());
        arr.push_back(shapes::library_json(l, drives->size()));
    }
    auto typed = client::libraries_from_json({{"libraries", arr}});
    if (!typed) return ctx.fail(typed.error());
    print_libraries(ctx, typed.value());
    return 0;
}

int library_status(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    auto report = device::library_status_report(*e.value(), ctx.args().get("library"));
    if (!report) return ctx.fail(report.error());
    auto typed = client::library_status_from_json(report.value());
    if (!typed) return ctx.fail(typed.error());
    print_library_status(ctx, typed.value());
    return 0;
}

// Runs one move and reports it.
int move(Context& ctx, const std::function<Status(device::Library&, const device::Inventory&)>& op,
         const std::string& what) {
    auto o = open_lib(ctx);
    if (!o) return ctx.fail(o.error());
    auto inv = o->lib->changer().inventory();
    if (!inv) return ctx.fail(inv.error());
    auto s = op(*o->lib, inv.value());
    if (!s) return ctx.fail(s.error());
    // The catalog follows the cartridges Tapeloom moved (only those: a hand move stays a
    // difference for library inventory --reconcile).
    auto after = o->lib->changer().inventory();
    if (!after) return ctx.fail(after.error());
    if (auto st = media::record_moves(*o->engine, o->lib->name(), inv.value(), after.value()); !st)
        return ctx.fail(st.error());
    print_cartridge_moved(ctx, {o->lib->name(), what});
    return 0;
}

int load(Context& ctx) {
    auto slot = int_option(ctx, "slot");
    auto drive = int_option(ctx, "drive");
    if (!slot) return ctx.fail(slot.error());
    if (!drive) return ctx.fail(drive.error());
    return move(
        ctx,
        [&](device::Library& l, const device::Inventory&) {
            return l.changer().load(*slot, *drive);
        },
        "loaded slot " + std::to_string(*slot) + " into drive " + std::to_string(*drive));
}

int unload(Context& ctx) {
    auto drive = int_option(ctx, "drive");
    if (!drive) return ctx.fail(drive.error());
    std::optional<int> slot;
    if (ctx.args().has("slot")) {
        auto s = int_option(ctx, "slot");
        if (!s) return ctx.fail(s.error());
        slot = *s;
    }
    return move(
        ctx,
        [&](device::Library& l, const device::Inventory&) {
            return l.changer().unload(*drive, slot);
        },
        "unloaded drive " + std::to_string(*drive));
}

int transfer(Context& ctx) {
    auto from = int_option(ctx, "from");
    auto to = int_option(ctx, "to");
    if (!from) return ctx.fail(from.error());
    if (!to) return ctx.fail(to.error());
    return move(
        ctx,
        [&](device::Library& l, const device::Inventory&) {
            return l.changer().transfer(*from, *to);
        },
        "moved slot " + std::to_string(*from) + " to slot " + std::to_string(*to));
}

int import_cmd(Context& ctx) {
    auto mail = int_option(ctx, "mail");
    auto to = int_option(ctx, "to");
    if (!mail) return ctx.fail(mail.error());
    if (!to) return ctx.fail(to.error());
    return move(
        ctx,
        [&](device::Library& l, const device::Inventory& inv) -> Status {
            auto m = device::mail_slot_element(inv, l.name(), *mail);
            if (!m) return m.error();
            return l.changer().transfer(*m, *to);
        },
        "imported mail slot " + std::to_string(*mail) + " to slot " + std::to_string(*to));
}

int export_cmd(Context& ctx) {
    const bool by_barcode = ctx.args().has("barcode");
    if (by_barcode == ctx.args().has("slot"))
        return ctx.fail(
            make_error(ErrorKind::InvalidArgument, "library export needs --slot N or --barcode B"));
    auto mail = int_option(ctx, "mail");
    if (!mail) return ctx.fail(mail.error());
    Result<int> slot = 0;
    if (!by_barcode) {
        slot = int_option(ctx, "slot");
        if (!slot) return ctx.fail(slot.error());
    }
    const std::string barcode = ctx.args().get("barcode");
    return move(
        ctx,
        [&](device::Library& l, const device::Inventory& inv) -> Status {
            auto m = device::mail_slot_element(inv, l.name(), *mail);
            if (!m) return m.error();
            int from = *slot;
            if (by_barcode) {
                auto s = device::export_slot_of(inv, l.name(), barcode);
                if (!s) return s.error();
                from = *s;
            } else {
                // A drive element number given as a slot: say where the cartridge is.
                for (const auto& d : inv.drives)
                    if (d.full && d.source_slot == from && from >= 1 &&
                        static_cast<std::size_t>(from) <= inv.storage.size() &&
                        !inv.storage[static_cast<std::size_t>(from) - 1].full)
                        return device::export_slot_of(inv, l.name(), d.barcode).error();
            }
            return l.changer().transfer(from, *m);
        },
        by_barcode
            ? "exported " + barcode + " to mail slot " + std::to_string(*mail)
            : "exported slot " + std::to_string(*slot) + " to mail slot " + std::to_string(*mail));
}

int insert(Context& ctx) {
    auto mail = int_option(ctx, "mail");
    if (!mail) return ctx.fail(mail.error());
    const std::string barcode = ctx.args().get("barcode");
    return move(
        ctx,
        [&](device::Library& l, const device::Inventory& inv) -> Status {
            auto e = ctx.engine();
            if (!e) return e.error();
            return device::insert_from_outside(CatalogHandle(*e.value()), e.value()->home(),
                                               e.value()->clock(), l, inv, *mail, barcode);
        },
        "inserted " + barcode + " into mail slot " + std::to_string(*mail));
}

int remove_cartridge(Context& ctx) {
    auto mail = int_option(ctx, "mail");
    if (!mail) return ctx.fail(mail.error());
    return move(
        ctx,
        [&](device::Library& l, const device::Inventory& inv) -> Status {
            auto v = device::virtual_changer_of(l);
            if (!v) return v.error();
            auto m = device::mail_slot_element(inv, l.name(), *mail);
            if (!m) return m.error();
            return v.value()->remove(*m);
        },
        "removed the cartridge from mail slot " + std::to_string(*mail));
}

// --model TYPE [--time-scale T] [--rate-scale S] [--buffer B]: a drive type's timing model.
Status model_options(Context& ctx, device::VirtualLibrarySpec& spec) {
    const auto& a = ctx.args();
    if (!a.has("model")) {
        for (const char* o : {"time-scale", "rate-scale", "buffer"})
            if (a.has(o))
                return make_error(ErrorKind::InvalidArgument,
                                  std::string("--") + o + " goes with --model lto8|lto9");
        return {};
    }
    nlohmann::json m = {{"type", a.get("model")}};
    for (auto [opt, key] : {std::pair{"time-scale", "time_scale"},
                            {"rate-scale", "rate_scale"},
                            {"buffer", "buffer"}}) {
        if (!a.has(opt)) continue;
        auto v = decimal_option(a, opt, std::nullopt);
        if (!v) return v.error();
        m[key] = v.value();
    }
    spec.model = m;
    if (!a.has("capacity")) spec.capacity = 0; // the type's native capacity
    return {};
}

int add_library(Context& ctx) {
    auto& a = ctx.args();
    if (a.has("name") && a.get("name").empty())
        return ctx.fail(make_error(ErrorKind::InvalidArgument,
                                   "--name is empty; name the library, or leave out --name for "
                                   "a name made for it"));
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    Result<device::LibraryConfig> made =
        make_error(ErrorKind::InvalidArgument, "give --virtual or --mtx /dev/sgN");
    if (a.has("virtual") == a.has("mtx")) return ctx.fail(made.error());
    if (a.has("virtual")) {
        auto spec = virtual_library_spec(ctx);
        if (!spec) return ctx.fail(spec.error());
        made = device::add_virtual_library(*e.value(), e.value()->home(), spec.value());
    } else {
        std::vector<std::string> nodes = a.all("drive");
        if (a.has("mtx")) nodes.insert(nodes.begin(), a.get("mtx"));
        for (const auto& node : nodes)
            if (auto st = device::require_device_node(node); !st) return ctx.fail(st.error());
        made = device::add_mtx_library(*e.value(),
                                       a.get("name", "lib" + std::to_string(std::time(nullptr))),
                                       a.get("mtx"), a.all("drive"));
    }
    if (!made) return ctx.fail(made.error());
    print_library_added(ctx, {{"name", made->name},
                              {"kind", made->kind},
                              {"device", made->device},
                              {"config", made->config}});
    return 0;
}

int remove_library(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    const auto& w = ctx.args().words();
    const std::string name = w.empty() ? ctx.args().get("library") : w.front();
    auto s = device::remove_library(*e.value(), name);
    if (!s) return ctx.fail(s.error());
    if (ctx.json())
        ctx.print_json({{"removed", name}});
    else
        ctx.out() << "library " << name << " removed (its files stay under the data directory)\n";
    return 0;
}
} // namespace

Result<device::VirtualLibrarySpec> virtual_library_spec(Context& ctx) {
    const auto& a = ctx.args();
    device::VirtualLibrarySpec spec;
    spec.name = a.get("name");
    for (auto [opt, field] : {std::pair{"drives", &spec.drives},
                              {"slots", &spec.storage_slots},
                              {"mail", &spec.mail}}) {
        if (!a.has(opt)) continue;
        auto n = int_option(ctx, opt);
        if (!n) return n.error();
        *field = *n;
    }
    if (a.has("capacity")) {
        auto c = parse_size(a.get("capacity"));
        if (!c) return c.error();
        spec.capacity = c.value();
    }
    spec.prefix = a.get("prefix");
    TL_TRY(model_options(ctx, spec));
    return spec;
}

void print_library_added(Context& ctx, const nlohmann::json& added) {
    if (ctx.json())
        ctx.print_json(added);
    else
        ctx.out() << "library " << added["name"].get<std::string>() << " added ("
                  << added["kind"].get<std::string>() << ")\n";
}

void add_library_commands(Registry& r) {
    add_library_fault_commands(r);
    const std::set<std::string> lib = {"library"};
    r.push_back({{"library", "list"}, "", "list the configured libraries", {}, {}, list_libraries});
    r.push_back({{"library", "status"},
                 "[--library NAME]",
                 "drives and slot usage of a library",
                 lib,
                 {},
                 library_status});
    reads_only(r);
    r.push_back({{"library", "inventory"},
                 "[--library NAME] [--reconcile [--dry-run]]",
                 "every drive, slot and mail slot with its barcode; --reconcile compares the "
                 "catalog's volume locations with the changer and updates them",
                 lib,
                 {"reconcile", "dry-run"},
                 inventory});
    reads_only(r, [](const Args& a) { return !a.has("reconcile"); });
    r.push_back({{"library", "load"},
                 "--slot N --drive N [--library NAME]",
                 "move a cartridge from a slot into a drive",
                 {"library", "slot", "drive"},
                 {},
                 load});
    r.push_back({{"library", "unload"},
                 "--drive N [--slot N] [--library NAME]",
                 "move a drive's cartridge back to its source slot (or --slot)",
                 {"library", "slot", "drive"},
                 {},
                 unload});
    r.push_back({{"library", "transfer"},
                 "--from N --to N [--library NAME]",
                 "move a cartridge between slots",
                 {"library", "from", "to"},
                 {},
                 transfer});
    r.push_back({{"library", "import"},
                 "--mail N --to N [--library NAME]",
                 "move a cartridge from mail slot N into a slot",
                 {"library", "mail", "to"},
                 {},
                 import_cmd});
    r.push_back({{"library", "export"},
                 "(--slot N | --barcode B) --mail N [--library NAME]",
                 "move a cartridge from a slot to mail slot N (one in a drive is refused)",
                 {"library", "slot", "mail", "barcode"},
                 {},
                 export_cmd});
    r.push_back({{"library", "insert"},
                 "--mail N --barcode B [--library NAME]",
                 "operator: put a cartridge into a virtual library's mail slot from outside",
                 {"library", "mail", "barcode"},
                 {},
                 insert});
    r.push_back({{"library", "remove-cartridge"},
                 "--mail N [--library NAME]",
                 "operator: take the cartridge out of a virtual library's mail slot",
                 {"library", "mail"},
                 {},
                 remove_cartridge});
    r.push_back(
        {{"library", "add"},
         "--virtual [--name N] [--drives 4] [--slots 24] [--mail 2] [--capacity 4G] [--prefix P] "
         "[--model lto8|lto9 [--time-scale T] [--rate-scale S] [--buffer B]] | "
         "--mtx /dev/sgN --drive /dev/nstN... [--name N]",
         "configure a virtual or an mtx-driven library (--model: the drive type's timing)",
         {"name", "drives", "slots", "mail", "capacity", "prefix", "mtx", "drive", "model",
          "time-scale", "rate-scale", "buffer"},
         {"virtual"},
         add_library});
    r.push_back({{"library", "remove"},
                 "NAME",
                 "remove a library from the configuration",
                 {"library"},
                 {},
                 remove_library});
}

} // namespace tl::cli
