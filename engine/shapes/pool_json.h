#pragma once
// The JSON shape of a pool, as `tapeloom-cli pool list --json` prints it and the service's
// GET /v1/pools returns it (docs/api.md).
#include <nlohmann/json.hpp>

#include "media/pool.h"

namespace tl::shapes {

nlohmann::json pool_json(const media::Pool& p);

} // namespace tl::shapes
