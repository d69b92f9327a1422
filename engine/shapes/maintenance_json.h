#pragma once
// The JSON shapes of a scan's report, a prune's report and a restore's plan, as `scan --json`,
// `prune --json` and `restore --dry-run --json` print them and the service's POST /v1/scans
// (GET /v1/scans/{id}), POST /v1/prunes and POST /v1/restore-plans answer them (docs/api.md),
// and back: the typed door reads what the service answered into the engine's structs.
#include <nlohmann/json.hpp>

#include "job/restore_job.h"
#include "job/scan_job.h"
#include "media/prune.h"

namespace tl::shapes {

// {"volumes", "sessions_added", "sessions_known", "jobs_added", "files_added", "blocks_read",
//  "bad_blocks", "warnings", "damaged_volumes", "incomplete": [{"job_id", "reasons"}],
//  "keys_missing"}
nlohmann::json scan_report_json(const job::ScanReport& s);
job::ScanReport scan_report_from_json(const nlohmann::json& j);

// {"dry_run", "now", "jobs_expired", "files_expired": [{"id", "name", "level", "pool",
//  "started", "files"}], "kept_for_dependency": [{"id", "needed_by"}],
//  "kept_for_copies": [{"id", "pool", "until"}], "volumes_recyclable", "volumes_to_recycle"}
nlohmann::json prune_report_json(const media::PruneReport& p);
media::PruneReport prune_report_from_json(const nlohmann::json& j);

// {"files", "bytes_wanted", "bytes_to_read", "rate_Bps", "rate_measured", "estimated_seconds",
//  "volumes": [{"barcode", "location", "in_library", "blocks", "passes", "locates", "model_s"}],
//  "drive_model", "model_s", "missing"}
nlohmann::json restore_plan_json(const job::RestorePlan& p);
job::RestorePlan restore_plan_from_json(const nlohmann::json& j);

} // namespace tl::shapes
