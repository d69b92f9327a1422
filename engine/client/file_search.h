#pragma once
// The typed door's search of a backup's names (api.h): the entries of its view(s) whose name
// matches a pattern, as `files find --json` shows them (GET /v1/files/find).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "client/service_client.h"
#include "common/result.h"

namespace tl::client {

// PATTERN: a glob with * ? [...], else a part of a name. The views: a job's (`job`), one save
// set's, or the newest backup of `source` at `at` (unix seconds; 0: now); `changes_only`: each
// save set alone, without its chain. At most `limit` entries a view.
struct FileSearch {
    std::string pattern;
    std::int64_t job = 0, saveset = 0;
    std::string source;
    long long at = 0;
    bool changes_only = false;
    std::int64_t limit = 1000;
};

// GET /v1/files/find's query (the parameters after "?", encoded).
std::string query_of(const FileSearch& s);
// {"entries": [...]}: names that are not UTF-8 come as {"hex"} and are bytes again here.
Result<std::vector<FileEntry>> found_files_from_json(const nlohmann::json& j);

} // namespace tl::client
