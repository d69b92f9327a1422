#pragma once
// The size of a catalog file as SQLite counts it (used by `tapeloom-cli bench catalog`).
#include <cstdint>

#include "catalog/db.h"

namespace tl::catalog {

struct DbSize {
    std::uint64_t pages = 0;
    std::uint64_t page_size = 0; // bytes
};
// Checkpoints the write-ahead log into the file (truncating it), then reads its size.
Result<DbSize> checkpointed_size(Db& db);

} // namespace tl::catalog
