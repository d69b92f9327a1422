#pragma once
// The typed door's figures of a drive beside its status (api.h, the console's Devices page):
// GET /v1/drives?usage=true.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace tl::client {

struct DriveUsage {
    std::uint64_t bytes_written = 0, bytes_read = 0; // over the job reports of the catalog
    std::int64_t mounts = 0, failed_sessions = 0;
    std::int64_t block_size = 0; // of the cartridge in it, else of its last session; 0: none
    std::string codec;           // of the last save set written through it; "" when none
};

DriveUsage drive_usage_from_json(const nlohmann::json& j);

} // namespace tl::client
