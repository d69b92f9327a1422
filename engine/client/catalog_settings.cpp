#include "client/catalog_settings.h"

#include "client/json_field.h"

namespace tl::client {

Result<CatalogAfterJobs> catalog_after_jobs_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("after_jobs") || !j["after_jobs"].is_boolean())
        return make_error(ErrorKind::Io, "the service's answer is no catalog after-jobs setting");
    return CatalogAfterJobs{j["after_jobs"].get<bool>(), field<std::string>(j, "pool")};
}

nlohmann::json to_json(const CatalogAfterJobsChange& c) {
    nlohmann::json j = nlohmann::json::object();
    if (c.on) j["after_jobs"] = *c.on;
    if (c.pool) j["pool"] = *c.pool;
    return j;
}

} // namespace tl::client
