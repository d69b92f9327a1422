#pragma once
// The typed door's reads of a backup's names (api.h): one page of a directory of its view(s), as
// `files ls` reads it (GET /v1/files), and the entries whose name matches a pattern, as `files
// find --json` shows them (GET /v1/files/find).
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

// One page of directory `dir` (absolute as backed up, or relative to the source; "" the top)
// of the view(s) chosen as in FileSearch: `limit` (1..10000) entries by name from the cursor
// `after` (the `next` of the page before; "" the first page).
struct FileListing {
    std::int64_t job = 0, saveset = 0;
    std::string source;
    long long at = 0;
    bool changes_only = false;
    std::string dir;
    std::int64_t limit = 1000;
    std::string after;
};

// GET /v1/files' query (the parameters after "?", encoded).
std::string query_of(const FileListing& l);
// {"entries": [...], "next": cursor or null}: a page with its entries' times.
Result<FilePage> file_page_from_json(const nlohmann::json& j);

// GET /v1/files/find's query (the parameters after "?", encoded).
std::string query_of(const FileSearch& s);
// {"entries": [...]}: names that are not UTF-8 come as {"hex"} and are bytes again here.
Result<std::vector<FileEntry>> found_files_from_json(const nlohmann::json& j);

} // namespace tl::client
