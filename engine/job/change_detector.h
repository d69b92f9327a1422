#pragma once
// Change detection for diff/incr backups (docs/levels.md). The base chain's entries of one source
// are loaded in bulk before the walk into a hash map keyed by the path relative to the source
// root (no SQL per file); the walk then asks, per entry, whether it must be stored, and at the end
// which base entries it never saw (deleted or renamed away).
#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "catalog/db.h"

namespace tl::job {

// An entry as the base chain has it (the newest version, deletions applied).
struct PriorEntry {
    int kind = 0; // format::ObjectKind
    std::uint32_t mode = 0, uid = 0, gid = 0;
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0, ctime_ns = 0;
    std::uint64_t inode = 0;
    std::array<std::uint8_t, 16> hash{};
    bool has_hash = false;
    std::uint32_t flags = 0; // FileRecord flags: 1 changed while read, 2 read error
    bool seen = false;       // visited by the current walk
};

// An entry as the walk finds it now.
struct CurrentEntry {
    int kind = 0;
    std::uint32_t mode = 0, uid = 0, gid = 0;
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0, ctime_ns = 0;
    std::uint64_t inode = 0;
};

enum class Change { New, Modified, Unchanged };

// Unchanged only when kind, size, mtime, ctime and inode all match and the stored version was read
// cleanly (ctime catches mode, owner, xattr and link changes and mtime restored by a tool).
Change detect_change(const PriorEntry* prior, const CurrentEntry& now);

// --compare-hash: whether a Modified entry may be found unchanged by its content hash: a regular
// file of the same size, mode and owner whose stored version has a clean hash (only its times or
// inode differ, e.g. rewritten with the same bytes).
bool content_check_applies(const PriorEntry& prior, const CurrentEntry& now);

// The merged view of a base chain for one source.
class BaseView {
public:
    // Loads the chain's file rows and deletion markers (the full first) in one query per save
    // set; a newer version replaces an older one, a deletion marker removes it. Adds to what
    // the view holds (load into an empty view).
    Status load(catalog::Db& db, const std::vector<std::int64_t>& chain);

    // The prior version of `path` (relative to the source root), marked seen; nullptr if new.
    PriorEntry* visit(const std::string& path);
    // Paths (with their kinds) never visited, skipping `unsure` paths and everything below
    // them (entries the walk could not read must not be recorded as deleted). Sorted.
    std::vector<std::pair<std::string, int>>
    unvisited(const std::vector<std::string>& unsure) const;
    std::size_t size() const { return entries_.size(); }
    // A view made elsewhere (a client's agent gets its base from the service, docs/agent.md):
    // the entries as load() would hold them, by path.
    void add(const std::string& path, const PriorEntry& entry) { entries_[path] = entry; }
    const std::unordered_map<std::string, PriorEntry>& entries() const { return entries_; }

private:
    std::unordered_map<std::string, PriorEntry> entries_;
};

} // namespace tl::job
