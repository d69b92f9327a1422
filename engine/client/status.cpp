#include "client/status.h"

#include "client/json_field.h"

namespace tl::client {

Result<ServiceStatus> status_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("home"))
        return make_error(ErrorKind::Io, "the service's answer is no status");
    ServiceStatus s;
    s.home = field<std::string>(j, "home");
    s.catalog = field<std::string>(j, "catalog");
    s.version = field<std::string>(j, "version");
    s.schema_version = field<int>(j, "schema_version");
    s.libraries = field<long long>(j, "libraries");
    s.drives = field<long long>(j, "drives");
    s.cpus = field<std::uint64_t>(j, "cpus");
    s.rss_bytes = field<std::uint64_t>(j, "rss_bytes");
    s.document = j;
    return s;
}

} // namespace tl::client
