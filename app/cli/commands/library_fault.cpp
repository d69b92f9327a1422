// tapeloom-cli library fault: faults injected into a virtual library's drives and cartridges,
// for tests and demos (docs/devices.md "Injected faults").
#include <cstdint>
#include <ostream>
#include <sstream>

#include "api/device_ops.h"
#include "commands/commands.h"
#include "device/device_registry.h"
#include "device/fault_change.h"
#include "device/virtual_faults.h"
#include "number_option.h"

namespace tl::cli {

namespace {
// The folder of the virtual library --library names (or the first one).
Result<std::string> virtual_library_dir(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return e.error();
    auto lib = device::find_library(*e.value(), ctx.args().get("library"));
    if (!lib) return lib.error();
    if (lib->kind != "virtual")
        return make_error(ErrorKind::Unsupported,
                          "library " + lib->name +
                              " is a real library: faults are injected into "
                              "virtual libraries only");
    return e.value()->home() + "/" + lib->device;
}

Result<std::vector<int>> flag_list(const std::string& text) {
    std::vector<int> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        char* end = nullptr;
        const long n = std::strtol(item.c_str(), &end, 10);
        if (item.empty() || *end || n < 1 || n > 64)
            return make_error(ErrorKind::InvalidArgument,
                              "--tapealert takes flag numbers 1-64 separated by commas (e.g. "
                              "20,30), not '" +
                                  text + "'");
        out.push_back(static_cast<int>(n));
    }
    return out;
}

// The options for one drive: --tapealert, --offline/--online, --clean-request/--cleaned.
Status drive_change(const Args& a, device::FaultChange& c) {
    auto n = whole_number("--drive", a.get("drive"), 0, 63);
    if (!n) return n.error();
    c.drive = static_cast<int>(n.value());
    if (a.has("tapealert")) {
        auto flags = flag_list(a.get("tapealert"));
        if (!flags) return flags.error();
        c.tapealert = flags.value();
    }
    if (a.has("offline")) c.offline = true;
    if (a.has("online")) c.offline = false;
    if (a.has("clean-request")) c.cleaning_request = true;
    if (a.has("cleaned")) c.cleaning_request = false;
    return {};
}

// The options for one cartridge: --fail-load/--loads, --media-error-at OBJ/--no-media-error.
Status cartridge_change(const Args& a, device::FaultChange& c) {
    c.barcode = a.get("barcode");
    if (a.has("fail-load")) c.fail_load = true;
    if (a.has("loads")) c.fail_load = false;
    if (a.has("no-media-error")) c.media_error_at = std::optional<std::uint64_t>();
    if (a.has("media-error-at")) {
        auto n = whole_number("--media-error-at", a.get("media-error-at"), 0, INT64_MAX);
        if (!n) return n.error();
        c.media_error_at = std::optional<std::uint64_t>(static_cast<std::uint64_t>(n.value()));
    }
    return {};
}

int fault(Context& ctx) {
    auto change = fault_change_of(ctx.args());
    if (!change) return ctx.fail(change.error());
    auto dir = virtual_library_dir(ctx);
    if (!dir) return ctx.fail(dir.error());
    if (change->changes_anything()) {
        auto s = device::change_fault_plan(dir.value(), [&](device::FaultPlan& p) {
            return device::apply_fault_change(p, change.value());
        });
        if (!s) return ctx.fail(s.error());
    }
    auto plan = device::read_fault_plan(dir.value());
    if (!plan) return ctx.fail(plan.error());
    print_faults(ctx, device::fault_plan_json(plan.value()));
    return 0;
}
} // namespace

Result<device::FaultChange> fault_change_of(const Args& a) {
    device::FaultChange c;
    if (a.has("clear")) {
        c.clear = true;
        return c;
    }
    if (a.has("drive")) TL_TRY(drive_change(a, c));
    if (a.has("barcode")) TL_TRY(cartridge_change(a, c));
    return c;
}

void print_faults(Context& ctx, const nlohmann::json& plan) {
    const bool empty = plan.value("drives", nlohmann::json::object()).empty() &&
                       plan.value("cartridges", nlohmann::json::object()).empty();
    if (ctx.json())
        ctx.print_json(plan);
    else
        ctx.out() << (empty ? std::string("no faults injected\n") : plan.dump(2) + "\n");
}

void add_library_fault_commands(Registry& r) {
    r.push_back({{"library", "fault"},
                 "[--library NAME] [--drive N [--tapealert 20,30] [--offline|--online] "
                 "[--clean-request|--cleaned]] [--barcode B [--fail-load|--loads] "
                 "[--media-error-at OBJ|--no-media-error]] [--clear]",
                 "inject faults into a virtual library's drives and cartridges (tests, demos); "
                 "without options, show them",
                 {"library", "drive", "tapealert", "barcode", "media-error-at"},
                 {"offline", "online", "clean-request", "cleaned", "fail-load", "loads",
                  "no-media-error", "clear"},
                 fault});
}

} // namespace tl::cli
