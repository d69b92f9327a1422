// The device commands that go to the service through its typed door (client/api.h, docs/api.md
// "Devices") rather than as a task running the command there: `drive add` (POST /v1/drives),
// `drive remove` (DELETE /v1/drives/{name}), `drive clean` (POST /v1/drives/{name}/clean),
// `drive status` (GET /v1/drives, or GET /v1/drives/{name}?alerts=5 for --drive), `drive show`
// (GET /v1/drives/{name}), `drive clear` (PATCH /v1/drives/{name} {"in_service": true}),
// `library add` (POST /v1/libraries) and `library remove` (DELETE /v1/libraries/{name}), the
// methods the console's Devices page calls. A device node is one of the service's machine: it
// is checked there. Text, --json and exit codes are those of the command run here.
#include <cstdio>
#include <filesystem>

#include "client/service_api.h"
#include "commands/commands.h"
#include "common/units.h"

namespace tl::cli {

namespace {
Error bad_device_use(const std::string& message) {
    return make_error(ErrorKind::InvalidArgument, message);
}

std::string absolute_node(const std::string& p) {
    if (p.empty() || p.front() == '/') return p;
    return (std::filesystem::current_path() / p).lexically_normal().string();
}

std::string device_word(Context& ctx, const char* option) {
    const auto& w = ctx.args().words();
    return w.empty() ? ctx.args().get(option) : w.front();
}

int drive_add(Context& ctx, client::Api& api) {
    const auto& a = ctx.args();
    const int kinds = int(a.has("st")) + int(a.has("virtual")) + int(a.has("null"));
    if (kinds != 1)
        return ctx.fail(bad_device_use("give one of --st /dev/nstN, --virtual or --null"));
    client::NewDrive d;
    d.kind = a.has("st") ? "st" : a.has("virtual") ? "virtual" : "null";
    d.name = a.get("name");
    d.device = absolute_node(a.get("st"));
    if (a.has("virtual") && a.has("capacity")) {
        auto c = parse_size(a.get("capacity"));
        if (!c) return ctx.fail(c.error());
        d.capacity = c.value();
    }
    auto made = api.add_drive(d);
    if (!made) return ctx.fail(made.error());
    if (ctx.json())
        ctx.print_json(made->document);
    else
        ctx.out() << "drive " << made->name << " added (" << made->kind << ")\n";
    return 0;
}

int drive_remove(Context& ctx, client::Api& api) {
    const std::string name = device_word(ctx, "drive");
    if (name.empty()) return ctx.fail(bad_device_use("drive remove needs a drive NAME"));
    if (auto st = api.remove_drive(name); !st) return ctx.fail(st.error());
    if (ctx.json())
        ctx.print_json({{"removed", name}});
    else
        ctx.out() << "drive " << name << " removed\n";
    return 0;
}

int drive_clean(Context& ctx, client::Api& api) {
    const std::string name = device_word(ctx, "drive");
    if (name.empty()) return ctx.fail(bad_device_use("drive clean needs a drive name"));
    auto done = api.clean_drive(name);
    if (!done) return ctx.fail(done.error());
    if (ctx.json()) {
        ctx.print_json(done->document);
        return 0;
    }
    char line[64];
    std::snprintf(line, sizeof line, "%.1f s", done->seconds);
    ctx.out() << "drive " << done->drive << " cleaned with " << done->cartridge << " ("
              << done->uses_left << " uses left, " << line << ")\n";
    return 0;
}

int drive_status(Context& ctx, client::Api& api) {
    const std::string only = ctx.args().get("drive");
    if (only.empty()) {
        auto all = api.drives();
        if (!all) return ctx.fail(all.error());
        return print_drives(ctx, all.value());
    }
    auto one = api.drive(only, 5);
    if (!one) return ctx.fail(one.error());
    return print_drives(ctx, {one.value()});
}

int drive_show(Context& ctx, client::Api& api) {
    const std::string name = device_word(ctx, "drive");
    if (name.empty()) return ctx.fail(bad_device_use("drive show needs a drive name"));
    auto one = api.drive(name, 50);
    if (!one) return ctx.fail(one.error());
    return print_drives(ctx, {one.value()});
}

int drive_clear(Context& ctx, client::Api& api) {
    const std::string name = device_word(ctx, "drive");
    if (name.empty()) return ctx.fail(bad_device_use("drive clear needs a drive name"));
    auto back = api.return_drive_to_service(name);
    if (!back) return ctx.fail(back.error());
    if (ctx.json())
        ctx.print_json({{"drive", name}, {"in_service", true}});
    else
        ctx.out() << "drive " << name << " returned to service\n";
    return 0;
}

Result<client::NewLibrary> new_library(Context& ctx) {
    const auto& a = ctx.args();
    if (a.has("name") && a.get("name").empty())
        return bad_device_use("--name is empty; name the library, or leave out --name for a "
                              "name made for it");
    if (a.has("virtual") == a.has("mtx")) return bad_device_use("give --virtual or --mtx /dev/sgN");
    client::NewLibrary l;
    l.name = a.get("name");
    if (a.has("mtx")) {
        l.kind = "mtx";
        l.changer = absolute_node(a.get("mtx"));
        for (const auto& d : a.all("drive"))
            l.drive_devices.push_back(absolute_node(d));
        return l;
    }
    auto spec = virtual_library_spec(ctx);
    if (!spec) return spec.error();
    l.kind = "virtual";
    l.drives = spec->drives;
    l.storage_slots = spec->storage_slots;
    l.mail_slots = spec->mail;
    l.capacity = spec->capacity;
    l.prefix = spec->prefix;
    l.model = spec->model;
    return l;
}

int library_add(Context& ctx, client::Api& api) {
    auto l = new_library(ctx);
    if (!l) return ctx.fail(l.error());
    auto made = api.add_library(l.value());
    if (!made) return ctx.fail(made.error());
    print_library_added(ctx, made->document);
    return 0;
}

int library_remove(Context& ctx, client::Api& api) {
    const std::string name = device_word(ctx, "library");
    if (name.empty()) return ctx.fail(bad_device_use("library remove needs a library NAME"));
    if (auto st = api.remove_library(name); !st) return ctx.fail(st.error());
    if (ctx.json())
        ctx.print_json({{"removed", name}});
    else
        ctx.out() << "library " << name << " removed (its files stay under the data directory)\n";
    return 0;
}
} // namespace

std::optional<int> device_through_typed_door(Context& ctx, client::ServiceClient& c,
                                             const std::string& command) {
    static const ApiCommand kCalls[] = {
        {"drive add", drive_add},     {"drive remove", drive_remove},
        {"drive clean", drive_clean}, {"drive status", drive_status},
        {"drive show", drive_show},   {"drive clear", drive_clear},
        {"library add", library_add}, {"library remove", library_remove}};
    return call_api_command(ctx, c, command, kCalls);
}

} // namespace tl::cli
