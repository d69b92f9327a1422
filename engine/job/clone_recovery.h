#pragma once
// Copies left half-made by a clone process that died (kill -9, power loss): found at the next
// start of the engine by their 'cloning' save sets and removed, so the clone can simply be run
// again (it copies the save sets that have no copy yet). docs/media.md, "Cloning".
#include "catalog/db.h"
#include "common/result.h"

namespace tl::media {

// Removes every copy still marked 'cloning' (its session, save sets, extents and tape files),
// logging each as failed. Only called while no clone can run: by Engine::open, under the data
// directory's lock. Returns how many copies were removed.
Result<std::int64_t> remove_interrupted_clones(catalog::Db& db);

} // namespace tl::media
