#pragma once
// What GET /v1/volumes?usage=true adds to each volume (the console's Media page shows it beside
// the row, docs/api.md "Resources"): {"usage": {"mounts", "errors", "block_size", "kept_until"}},
// kept_until the end of the retention of the last job kept on it (0: nothing kept). Read on the
// request's own catalog connection.
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog/db.h"
#include "common/result.h"
#include "media/volume_catalog.h"

namespace tl::service {

// Adds "usage" to each element of `volumes` (the JSON of `records`, in the same order) at `now`
// (unix seconds).
Status add_volume_usage(catalog::Db& db, const std::vector<media::VolumeRecord>& records,
                        long long now, nlohmann::json& volumes);

} // namespace tl::service
