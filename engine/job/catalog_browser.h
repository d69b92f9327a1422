#pragma once
// Browsing the catalog as a restore sees it, one directory at a time: the tree as of a save set
// (its chain merged, the newest version of each path, deletions applied — the same rule as
// select_files in restore_selection.h), listed by name in pages so a directory with 100,000
// entries never has to be loaded at once. Also a name search over such a view and the versions
// of one path. Plain functions over a catalog::Db the caller owns; not thread-safe per Db (use
// one connection per thread, e.g. a read-only one for a UI).
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::job {

// One source of a point-in-time view: the save set chosen and its chain (the full first).
struct BrowseRoot {
    std::int64_t saveset_id = 0;
    std::int64_t job_id = 0;
    std::string source; // as backed up
    std::vector<std::int64_t> chain;
};

struct BrowseEntry {
    std::string name;
    std::string path; // relative to the source root
    int kind = 0;     // format::ObjectKind (1 = directory)
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0;
    std::int64_t job_id = 0; // the backup whose version is in the view
};

// The file-tree save sets of a job (job_id), or of the newest usable backup of `source` started
// at or before `at` (unix seconds, 0 = now), each with its chain. NotFound when there is none.
Result<std::vector<BrowseRoot>> browse_roots(catalog::Db& db, std::int64_t job_id,
                                             const std::string& source = {}, long long at = 0);

// The view of one file-tree save set of a backup: its chain (set chain = {saveset_id} to see
// only what it stored itself). NotFound when it is no such save set.
Result<BrowseRoot> browse_saveset(catalog::Db& db, std::int64_t saveset_id);

// Up to `limit` entries of directory `dir` (relative, "" = the root) in the view of `root`,
// sorted by name, those after `after` (exclusive; "" = from the start). An empty page means the
// end. A directory unknown to the catalog lists as empty.
Result<std::vector<BrowseEntry>> list_directory(catalog::Db& db, const BrowseRoot& root,
                                                const std::string& dir, const std::string& after,
                                                std::size_t limit);

// Whether `dir` (relative, "" = the root) is a directory in the view of `root`.
Result<bool> is_directory(catalog::Db& db, const BrowseRoot& root, const std::string& dir);

// Entries of the view whose name (last component) matches `pattern`: a glob if it holds * ? or
// [ (GLOB: case-sensitive, * and ? do cross nothing but the name), else a case-insensitive
// (ASCII) substring. At most `limit`, sorted by path (directory, then name). The cost grows with
// the number of distinct names and of matches, not with the catalog: the first page of a common
// pattern stays fast, asking for every one of a million matches does not.
Result<std::vector<BrowseEntry>> search_names(catalog::Db& db, const BrowseRoot& root,
                                              const std::string& pattern, std::size_t limit);

struct FileVersion {
    std::int64_t job_id = 0;
    long long started = 0; // the job's start, unix seconds
    std::string level;
    std::string source; // the save set's source; the path relative to it is path - source - "/"
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0;
    std::string hash; // hex
    bool deleted = false;
};

// Every backed-up version of `path` (absolute: source + "/" + relative) and its deletion
// markers, oldest first (as `tapeloom-cli files versions`).
Result<std::vector<FileVersion>> file_versions(catalog::Db& db, const std::string& path);

} // namespace tl::job
