#pragma once
// The typed door's catalog settings (api.h): the catalog backup after each backup job, as
// `catalog after-jobs` shows and changes it.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::client {

// GET /v1/catalog/after-jobs: whether a catalog backup follows each backup job, into which pool.
struct CatalogAfterJobs {
    bool on = false;
    std::string pool;
};

// PATCH /v1/catalog/after-jobs: what is given changes, the rest stays.
struct CatalogAfterJobsChange {
    std::optional<bool> on;
    std::optional<std::string> pool;
};

Result<CatalogAfterJobs> catalog_after_jobs_from_json(const nlohmann::json& j);
nlohmann::json to_json(const CatalogAfterJobsChange& c);

} // namespace tl::client
