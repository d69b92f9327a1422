#pragma once
// Reads of the entries store (tables entries, dirs, names, attrs, deletions; view files): the
// objects of a save set in the shapes restore, change detection, verify and browsing need, and
// the key lookups behind the name search and the versions of a path. Typed rows; the merging of
// a chain into a point-in-time view stays with its callers (job/catalog_browser.h,
// job/restore_selection.h). Functions use the caller's connection; the lookup classes prepare
// their statements once and live no longer than it.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

// One object of a save set (paths relative to its source root).
struct ObjectRow {
    std::string dir, name;
    int kind = 0; // format::ObjectKind
    std::uint64_t size = 0, offset = 0;
    std::int64_t volume_id = 0;
    std::uint32_t file_number = 0, block = 0;
    std::uint64_t inode = 0;
};
// Every object of the save set, in key order (directory, name), not stream order.
Status for_each_object(Db& db, std::int64_t saveset_id,
                       const std::function<void(const ObjectRow&)>& visit);
// Every deletion marker of the save set: (directory, name).
Status for_each_deletion(Db& db, std::int64_t saveset_id,
                         const std::function<void(const std::string&, const std::string&)>& visit);

// An entry as change detection compares it with the file on disk.
struct PriorRow {
    std::string dir, name;
    int kind = 0;
    std::uint32_t mode = 0, uid = 0, gid = 0;
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0, ctime_ns = 0;
    std::uint64_t inode = 0;
    std::optional<std::string> hash; // raw bytes; nullopt when none was stored
    std::uint32_t flags = 0;
};
Status for_each_prior(Db& db, std::int64_t saveset_id,
                      const std::function<void(const PriorRow&)>& visit);

// An entry's stream offset, path and stored hash (raw bytes, "" when none): what verify checks.
struct HashRow {
    std::uint64_t offset = 0;
    std::string dir, name, hash;
};
Status for_each_hash(Db& db, std::int64_t saveset_id,
                     const std::function<void(const HashRow&)>& visit);

// Mode, owner and mtime of the entry `dir`/`name` of kind `kind` in the first of `savesets`
// that holds one; nullopt when none does.
struct EntryAttrRow {
    std::uint32_t mode = 0, uid = 0, gid = 0;
    std::int64_t mtime_ns = 0;
};
Result<std::optional<EntryAttrRow>> entry_attrs(Db& db, const std::vector<std::int64_t>& savesets,
                                                const std::string& dir, const std::string& name,
                                                int kind);

// A directory page of the point-in-time view of `chain` (save set ids, the full first): per
// name the newest link wins, in one link its object over its deletion marker. `job_id` is the
// job reported for a chain of one link. Names after `after`, sorted, at most `limit`.
struct ViewEntryRow {
    std::string name;
    int kind = 0;
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0;
    std::int64_t job_id = 0;
};
Result<std::vector<ViewEntryRow>> view_directory(Db& db, const std::vector<std::int64_t>& chain,
                                                 std::int64_t job_id, const std::string& dir,
                                                 const std::string& after, std::size_t limit);

// Distinct names (not the root's "") matching `pattern`, sorted: a GLOB when `glob`, else a
// LIKE pattern with '\' as its escape.
struct NameRow {
    std::int64_t id = 0;
    std::string name;
};
Result<std::vector<NameRow>> matching_names(Db& db, const std::string& pattern, bool glob);

// The lookups of the name search: set-based, a statement per chunk of up to kChunk ids or keys
// (the ids written into its text, as integers from the catalog), so a search for every match
// costs a few statements per save set instead of one per name and one per match (a round trip
// each on PostgreSQL).
class NameSearch {
public:
    static constexpr std::size_t kChunk = 1000;
    static Result<NameSearch> prepare(Db& db);
    // The save set's entries with any of these names: (name id, directory id), from the name
    // keys built when it ended on SQLite (entry_names.h: none while it is written), index-only
    // through entries_name on PostgreSQL.
    Status dirs_with_names(std::int64_t saveset_id, const std::vector<std::int64_t>& name_ids,
                           const std::function<void(std::int64_t, std::int64_t)>& visit);
    // The save set's deletion markers: (directory id, name).
    Status deletions(std::int64_t saveset_id,
                     const std::function<void(std::int64_t, const std::string&)>& visit);
    // The paths of these directories: (id, path); an unknown id is left out.
    Status dir_paths(const std::vector<std::int64_t>& dir_ids,
                     const std::function<void(std::int64_t, std::string)>& visit);
    // The job of a save set (0 when unknown).
    Result<std::int64_t> saveset_job(std::int64_t saveset_id);
    // Kind, size and mtime of the save set's entries at these keys (directory id, name id); a
    // key whose entry is gone is left out.
    struct Key {
        std::int64_t dir_id = 0, name_id = 0;
    };
    struct Attrs {
        int kind = 0;
        std::uint64_t size = 0;
        std::int64_t mtime_ns = 0;
    };
    Status attrs(std::int64_t saveset_id, const std::vector<Key>& keys,
                 const std::function<void(const Key&, const Attrs&)>& visit);

    // For a first page in path order (the search by directory): up to `n` directories of the
    // catalog in path order, from the first (`first`) or after the path `after`: (id, path).
    Status dirs_in_order(bool first, const std::string& after, std::size_t n,
                         const std::function<void(std::int64_t, std::string)>& visit);
    // Every entry of the save set in these directories, by its key (the entries' clustering):
    // its key and attributes; none on SQLite while its name keys wait for its end.
    Status entries_in_dirs(std::int64_t saveset_id, const std::vector<std::int64_t>& dir_ids,
                           const std::function<void(const Key&, const Attrs&)>& visit);

private:
    Db* db_ = nullptr;
    Stmt deletions_, job_;
};

// The key lookups behind the versions of one path, prepared once.
class PathVersions {
public:
    static Result<PathVersions> prepare(Db& db);
    struct Version {
        std::uint64_t size = 0;
        std::int64_t mtime_ns = 0;
        std::string hash_hex;
    };
    // The save set's entry at `dir`/`name`; nullopt when it has none.
    Result<std::optional<Version>> entry(std::int64_t saveset_id, const std::string& dir,
                                         const std::string& name);
    // Whether the save set holds a deletion marker for `dir`/`name`.
    Result<bool> deleted(std::int64_t saveset_id, const std::string& dir, const std::string& name);

private:
    Stmt entry_, gone_;
};

// How many distinct directory paths the catalog holds.
Result<std::int64_t> directory_count(Db& db);

} // namespace tl::catalog
