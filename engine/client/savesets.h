#pragma once
// The typed door's save sets (api.h): the file-tree save sets a restore can browse, every one or
// those of a view (a job, or the newest backup of a source at a time), as GET /v1/savesets
// answers them.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::client {

// Nothing set: every file-tree save set of every backup; else the view of backup job `job`, or
// of the newest backup of `source` at `at` (unix seconds; 0: now).
struct SavesetQuery {
    std::int64_t job = 0;
    std::string source;
    long long at = 0;
};

struct Saveset {
    std::int64_t id = 0;
    std::int64_t job = 0; // the backup that wrote it
    std::string source;   // as backed up (`client:NAME:PATH` for a client's)
};

// GET /v1/savesets' query ("" or "?..." encoded).
std::string query_of(const SavesetQuery& q);
// {"savesets": [...]}: sources that are not UTF-8 come as {"hex"} and are bytes again here.
Result<std::vector<Saveset>> savesets_from_json(const nlohmann::json& j);

} // namespace tl::client
