#pragma once
// Stores a job's time series in the catalog (table job_series): one row per series, samples
// packed as little-endian float32 (4 bytes per sample; a 24 h job at 1 s with 16 drives and
// 16 CPUs is about 11 MB, at the default retention of the job). Replaces what was stored.
#include <cstdint>

#include "catalog/db.h"
#include "metrics/series.h"

namespace tl::catalog {

Status save_series(Db& db, std::int64_t job_id, const metrics::SeriesSet& s);
// An empty set for a job without series (older jobs, jobs that failed before sampling).
Result<metrics::SeriesSet> load_series(Db& db, std::int64_t job_id);

} // namespace tl::catalog
