#include "client/volume_usage.h"

#include "client/json_field.h"

namespace tl::client {

VolumeUsage volume_usage_from_json(const nlohmann::json& j) {
    VolumeUsage u;
    u.mounts = field<std::int64_t>(j, "mounts");
    u.errors = field<std::int64_t>(j, "errors");
    u.block_size = field<std::int64_t>(j, "block_size");
    u.kept_until = field<long long>(j, "kept_until");
    return u;
}

Result<std::vector<VolumeJob>> volume_jobs_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("jobs") || !j["jobs"].is_array())
        return make_error(ErrorKind::Io, "the service's answer has no list of a volume's jobs");
    std::vector<VolumeJob> out;
    for (const auto& e : j["jobs"]) {
        VolumeJob v;
        v.id = field<std::int64_t>(e, "id");
        v.name = field<std::string>(e, "name");
        v.level = field<std::string>(e, "level");
        v.status = field<std::string>(e, "status");
        v.started = field<long long>(e, "started");
        v.bytes = field<std::int64_t>(e, "bytes");
        out.push_back(std::move(v));
    }
    return out;
}

} // namespace tl::client
