// tapeloom-cli volume health: cartridge wear and a retirement forecast (docs/media.md "Wear and
// retirement").
#include <cstdio>
#include <ostream>

#include "api/media_ops.h"
#include "commands/commands.h"
#include "common/units.h"
#include "media/volume_actions.h"

namespace tl::cli {

namespace {
nlohmann::json health_json(const media::VolumeHealth& h) {
    auto when = [](long long t) { return t > 0 ? nlohmann::json(t) : nlohmann::json(); };
    return {{"barcode", h.barcode},
            {"mounts", h.mounts},
            {"bytes_written", h.bytes_written},
            {"bytes_read", h.bytes_read},
            {"full_passes", h.full_passes},
            {"rated_full_passes", h.rated_passes},
            {"rated_loads", h.rated_loads},
            {"soft_errors", h.soft_errors},
            {"hard_errors", h.hard_errors},
            {"first_use", when(h.first_use)},
            {"last_use", when(h.last_use)},
            {"capacity", h.capacity},
            {"retire_by", h.retire_by ? nlohmann::json(*h.retire_by) : nlohmann::json()},
            {"verdict", h.verdict},
            {"reason", h.reason}};
}

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
    if (ctx.json()) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& h : rows.value())
            arr.push_back(health_json(h));
        ctx.print_json({{"volumes", arr}});
        return 0;
    }
    if (rows->empty()) ctx.out() << "no cartridge has recorded use yet\n";
    for (const auto& h : rows.value())
        print_health(ctx.out(), h);
    return 0;
}
} // namespace

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
