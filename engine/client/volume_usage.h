#pragma once
// The typed door's figures of a volume beside its row (api.h, the console's Media page): its
// mounts, errors, block size and when its kept data expires (GET /v1/volumes?usage=true), and
// the backup jobs with data on it (GET /v1/volumes/{barcode}/jobs).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::client {

struct VolumeUsage {
    std::int64_t mounts = 0, errors = 0, block_size = 0;
    long long kept_until = 0; // the retention end of the last job kept on it; 0: nothing kept
};

struct VolumeJob {
    std::int64_t id = 0;
    std::string name, level, status;
    long long started = 0;
    std::int64_t bytes = 0;
};

VolumeUsage volume_usage_from_json(const nlohmann::json& j);
// The "jobs" of GET /v1/volumes/{barcode}/jobs; Io when the answer has none.
Result<std::vector<VolumeJob>> volume_jobs_from_json(const nlohmann::json& j);

} // namespace tl::client
