#pragma once
// The size of a catalog file as SQLite counts it (used by `tapeloom-cli bench catalog`).
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct DbSize {
    std::uint64_t pages = 0;
    std::uint64_t page_size = 0; // bytes
};
// Checkpoints the write-ahead log into the file (truncating it), then reads its size.
Result<DbSize> checkpointed_size(Db& db);

// Bytes of each table and index (SQLite's dbstat table), largest first; the shadow tables of an
// FTS5 index ("names_search_data", "_idx", ...) count as the index. Unsupported when this
// SQLite was built without dbstat.
struct StructureSize {
    std::string name;
    std::uint64_t bytes = 0;
};
Result<std::vector<StructureSize>> structure_sizes(Db& db);

} // namespace tl::catalog
