#pragma once
// The jobs from an id on, with their stored reports, for the service's counters (/metrics:
// service/job_tally.h). Reads only, on the caller's connection.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct TalliedJob {
    std::int64_t id = 0;
    long long started = 0; // unix seconds
    long long ended = 0;   // 0 while running or waiting
    std::string kind;      // backup, restore, verify, scan, clone
    std::string status;    // running, waiting, completed, warnings, partial, failed, cancelled
    std::string name;      // a backup's definition (or ad-hoc name)
    std::optional<std::string> report; // JSON text, once the job stored it
};

// Every job whose id is `from_id` or more, by id.
Result<std::vector<TalliedJob>> jobs_from(Db& db, std::int64_t from_id);

} // namespace tl::catalog
