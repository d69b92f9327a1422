#include "service/volume_change.h"

#include "context/engine_catalog.h"
#include "device/library.h"
#include "media/volume_actions.h"
#include "media/volume_catalog.h"

namespace tl::service {

namespace {
Error bad_change(const std::string& message) {
    return make_error(ErrorKind::InvalidArgument, "PATCH /v1/volumes/{barcode}: " + message);
}

Result<media::VolumeEvent> state_event(const std::string& state) {
    if (state == "read-only") return media::VolumeEvent::MarkReadOnly;
    if (state == "disabled") return media::VolumeEvent::Disable;
    if (state == "enabled") return media::VolumeEvent::Enable;
    if (state == "error") return media::VolumeEvent::IoError;
    return bad_change("\"state\" is read-only, disabled, enabled or error, not '" + state + "'");
}

Status read_location(const nlohmann::json& place, VolumeChange& c) {
    const auto shape =
        bad_change("\"location\" takes {\"where\": \"outside\", \"site\": SITE} or "
                   "{\"where\": \"library\"} (with \"library\": NAME if not its own)");
    if (!place.is_object() || !place.contains("where") || !place["where"].is_string()) return shape;
    const std::string where = place["where"].get<std::string>();
    if (where == "outside") {
        // An empty site is the volume rules' refusal to make (media::mark_offsite).
        if (!place.contains("site") || !place["site"].is_string()) return shape;
        c.site = place["site"].get<std::string>();
        return {};
    }
    if (where != "library") return shape;
    c.onsite = true;
    if (place.contains("library")) {
        if (!place["library"].is_string()) return shape;
        c.library = place["library"].get<std::string>();
    }
    return {};
}
} // namespace

Result<VolumeChange> volume_change(const nlohmann::json& body) {
    if (!body.is_object() || body.empty())
        return bad_change("takes a JSON object with \"state\" (and \"reason\") or \"location\"");
    VolumeChange c;
    for (const auto& [key, value] : body.items()) {
        if (key == "state") {
            if (!value.is_string()) return bad_change("\"state\" takes a string");
            auto ev = state_event(value.get<std::string>());
            if (!ev) return ev.error();
            c.event = ev.value();
            c.state = value.get<std::string>();
        } else if (key == "reason") {
            if (!value.is_string()) return bad_change("\"reason\" takes a string");
            c.reason = value.get<std::string>();
        } else if (key == "location") {
            TL_TRY(read_location(value, c));
        } else if (key == "pool") {
            return bad_change(
                "a volume's pool is written in its label: label it again into the pool "
                "with POST /v1/volumes/{barcode}/label {\"pool\": P, \"relabel\": true}");
        } else {
            return bad_change("unknown field \"" + key + "\"; it takes state, reason and location");
        }
    }
    if (!c.event && !c.site && !c.onsite)
        return bad_change("nothing to change: give \"state\" or \"location\"");
    return c;
}

Status apply_volume_change(Engine& engine, const std::string& barcode, const VolumeChange& c) {
    auto& db = engine_catalog(engine);
    const long long now = to_unix_seconds(engine.clock().wall());
    auto v = media::find_volume(db, barcode);
    if (!v) return v.error();
    if (c.event) {
        const std::string why = "marked " + c.state + " through the API" +
                                (c.reason.empty() ? std::string() : ": " + c.reason);
        auto st = media::mark_state(db, barcode, *c.event, why, now);
        if (!st) return st.error();
    }
    if (!c.site && !c.onsite) return {};
    const std::string library = c.library.empty() ? v->library : c.library;
    auto lib = device::open_library(db, engine.home(), library, engine.clock());
    if (!lib) return lib.error();
    if (c.site) return media::mark_offsite(db, lib.value().get(), barcode, *c.site, now);
    return media::mark_onsite(db, *lib.value(), barcode, now);
}

} // namespace tl::service
