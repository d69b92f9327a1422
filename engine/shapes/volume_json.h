#pragma once
// The JSON shape of a volume, shared by `tapeloom-cli volume list --json` (and the commands
// that print one volume) and the service's GET /v1/volumes (docs/api.md).
#include <nlohmann/json.hpp>

#include "media/volume_catalog.h"

namespace tl::shapes {

nlohmann::json volume_json(const media::VolumeRecord& v);

} // namespace tl::shapes
