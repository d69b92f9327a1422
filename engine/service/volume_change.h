#pragma once
// PATCH /v1/volumes/{barcode} (docs/api.md "Resources"): the body checked and applied through the
// engine's volume operations (media/volume_actions.h), as `volume mark` does:
//   {"state": "read-only" | "disabled" | "enabled" | "error", "reason": TEXT}
//   {"location": {"where": "outside", "site": SITE}}   the cartridge left for SITE
//   {"location": {"where": "library"[, "library": NAME]}}   back on site
// A volume's pool is written in its label: a pool change is a relabel (POST .../label).
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "context/engine.h"
#include "media/volume_state.h"

namespace tl::service {

struct VolumeChange {
    std::optional<media::VolumeEvent> event;
    std::string state; // as asked, for the history's reason
    std::string reason;
    std::optional<std::string> site; // outside at this site
    bool onsite = false;
    std::string library; // the library it comes back to ("": the catalog's)
};

// InvalidArgument naming the field for a body of another shape.
Result<VolumeChange> volume_change(const nlohmann::json& body);
// Applies `change` on the calling thread's catalog connection; the volume after it.
Status apply_volume_change(Engine& engine, const std::string& barcode, const VolumeChange& change);

} // namespace tl::service
