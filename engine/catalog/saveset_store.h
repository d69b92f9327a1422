#pragma once
// Reads of the save sets (table savesets) for the programs. Nothing here writes.
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

// Every file-tree source that has a save set, sorted: what `restore --source` can name.
Result<std::vector<std::string>> file_sources(Db& db);

} // namespace tl::catalog
