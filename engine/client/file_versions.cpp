#include "client/file_versions.h"

#include "client/json_field.h"

namespace tl::client {

Result<std::vector<job::FileVersion>> file_versions_from_json(const nlohmann::json& j) {
    if (!j.is_array()) return make_error(ErrorKind::Io, "the service's answer is no version list");
    std::vector<job::FileVersion> all;
    for (const auto& v : j) {
        if (!v.is_object()) return make_error(ErrorKind::Io, "the service's version is no object");
        job::FileVersion f;
        f.job_id = field<std::int64_t>(v, "job");
        f.started = field<long long>(v, "started");
        f.level = field<std::string>(v, "level");
        f.source = field<std::string>(v, "source");
        f.size = field<std::uint64_t>(v, "size");
        f.mtime_ns = field<std::int64_t>(v, "mtime_ns");
        f.hash = field<std::string>(v, "hash");
        f.deleted = field<bool>(v, "deleted");
        all.push_back(std::move(f));
    }
    return all;
}

} // namespace tl::client
