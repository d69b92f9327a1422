#pragma once
// The JSON shape of a cartridge's wear, as `tapeloom-cli volume health --json` prints it (in
// {"volumes": [...]}) and the service's GET /v1/wear returns it (docs/api.md).
#include <nlohmann/json.hpp>

#include "media/volume_health.h"

namespace tl::shapes {

nlohmann::json volume_health_json(const media::VolumeHealth& h);

} // namespace tl::shapes
