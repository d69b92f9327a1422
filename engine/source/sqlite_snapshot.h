#pragma once
// A consistent copy of a live SQLite database, taken with SQLite's online backup API in small
// steps so writers are blocked only for one step at a time, never for the whole copy.
#include <string>

#include "common/clock.h"
#include "common/result.h"

namespace tl::source {

// Copies `db_path` to `snapshot_path` (overwritten). `pages_per_step` pages per step, pausing
// `pause_ms` between steps (restarting if a writer changed the database meanwhile).
Status snapshot_sqlite(const std::string& db_path, const std::string& snapshot_path, Clock& clock,
                       int pages_per_step = 256, int pause_ms = 1);

} // namespace tl::source
