#pragma once
// How many volumes the catalog holds in each state (the service's /metrics): one GROUP BY over
// the volumes table, read on the caller's connection.
#include <cstdint>
#include <map>
#include <string>

#include "catalog/db.h"

namespace tl::catalog {

// State name ("append", "full", ...) to count; states without a volume are absent.
Result<std::map<std::string, std::int64_t>> count_volumes_by_state(Db& db);

} // namespace tl::catalog
