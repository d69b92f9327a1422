#pragma once
// The volumes a job's save sets and their copies (clones) are on, from the catalog: what a
// restore, verify or clone looks for when it chooses the library to read from
// (device::open_library_holding). Plain functions over a catalog::Db the caller owns.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::job {

// Barcodes of every volume holding data of the jobs `job_ids`, sorted, each once.
Result<std::vector<std::string>> job_volumes(catalog::Db& db,
                                             const std::vector<std::int64_t>& job_ids);

} // namespace tl::job
