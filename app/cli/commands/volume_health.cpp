// tapeloom-cli volume health: cartridge wear and a retirement forecast (docs/media.md "Wear and
// retirement").
#include <cstdio>
#include <ostream>

#include "api/media_ops.h"
#include "commands/commands.h"
#include "commands/typed_door_runs.h"
#include "common/units.h"
#include "media/volume_actions.h"
#include "shapes/volume_health_json.h"

namespace tl::cli {

namespace {
void print_health(std::ostream& out, const media::VolumeHealth& h) {
    char passes[64];
    std::snprintf(passes, sizeof passes, "%.3f of %.0f full passes", h.full_passes, h.rated_passes);
    out << h.barcode << "  " << h.verdict << " (" << h.reason << ")\n"
        << "  mounts " << h.mounts << ", written " << format_bytes(h.bytes_written) << ", read "
        << format_bytes(h.bytes_read) << ", " << (h.capacity ? passes : "capacity unknown")
        << "\n  errors: " << h.soft_errors << " soft, " << h.hard_errors << " hard; used "
        << (h.first_use ? media::utc_minutes(h.first_use) : "-") << " .. "
        << (h.last_use ? media::utc_minutes(h.last_use) : "-") << "\n  forecast: "
        << (h.retire_by ? "rated passes reached about " + media::utc_minutes(*h.retire_by)
                        : std::string("no pace yet (one day of use or more needed)"))
        << "\n";
}

int health(Context& ctx) {
    auto e = ctx.engine();
    if (!e) return ctx.fail(e.error());
    const auto& w = ctx.args().words();
    const std::string barcode = w.empty() ? ctx.args().get("barcode") : w.front();
    auto rows = media::volume_health(CatalogHandle(*e.value()), barcode,
                                     to_unix_seconds(e.value()->clock().wall()));
    if (!rows) return ctx.fail(rows.error());
    print_volume_health(ctx, rows.value());
    return 0;
}
} // namespace

void print_volume_health(Context& ctx, const std::vector<media::VolumeHealth>& rows) {
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& h : rows)
            arr.push_back(shapes::volume_health_json(h));
        return ctx.print_json({{"volumes", arr}});
    }
    if (rows.empty()) ctx.out() << "no cartridge has recorded use yet\n";
    for (const auto& h : rows)
        print_health(ctx.out(), h);
}

void add_volume_health_commands(Registry& r) {
    r.push_back({{"volume", "health"},
                 "[BARCODE]",
                 "cartridge wear (mounts, bytes, full passes, errors) and a retirement forecast",
                 {"barcode"},
                 {},
                 health});
    reads_only(r);
}

} // namespace tl::cli
