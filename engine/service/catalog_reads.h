#pragma once
// What the service's API reads from the catalog, on a connection of the request's own
// (one Db per thread): the job history in pages, one job's report, the status counts and the
// figures behind /metrics.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog/db.h"
#include "context/engine.h"
#include "shapes/job_json.h"

namespace tl::service {

struct JobPage {
    std::vector<catalog::JobRecord> rows; // by id, oldest first, as `jobs list`
    std::int64_t total = 0;
};

// `limit` rows from `offset` on (limit 0: all); `with_rates`: each row's elapsed time and rates
// from its report too.
Result<JobPage> read_job_page(catalog::Db& db, std::int64_t limit, std::int64_t offset,
                              bool with_rates = false);

// As `jobs show --json`; NotFound names the id.
Result<nlohmann::json> read_job(catalog::Db& db, std::int64_t id);

// As Engine::status(), read on `db`.
Result<EngineStatus> read_status(catalog::Db& db, const std::string& home);

// Volumes per state name (every state listed by media, zero when none).
Result<std::map<std::string, std::int64_t>> read_volumes_by_state(catalog::Db& db);

struct CatalogSize {
    std::int64_t bytes = 0; // catalog.db and its WAL
    std::int64_t jobs = 0;
};
Result<CatalogSize> read_catalog_size(catalog::Db& db);

} // namespace tl::service
