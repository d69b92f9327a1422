#include "client/drive_usage.h"

#include "client/json_field.h"

namespace tl::client {

DriveUsage drive_usage_from_json(const nlohmann::json& j) {
    DriveUsage u;
    u.bytes_written = field<std::uint64_t>(j, "bytes_written");
    u.bytes_read = field<std::uint64_t>(j, "bytes_read");
    u.mounts = field<std::int64_t>(j, "mounts");
    u.failed_sessions = field<std::int64_t>(j, "failed_sessions");
    u.block_size = field<std::int64_t>(j, "block_size");
    u.codec = field<std::string>(j, "codec");
    return u;
}

} // namespace tl::client
