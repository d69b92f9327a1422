#pragma once
// Backup levels and their base chains (docs/levels.md). A full backup stores every entry; a
// differential (diff) stores what changed since the newest usable full; an incremental (incr)
// what changed since the newest usable backup of any level. "Usable" = a save set of the same
// source string, in a backup job of the same job name, whose job is completed, warnings or
// partial and whose save set itself completed (or with warnings). Each diff/incr save set
// records the save set it was compared against (savesets.base_id), so the point-in-time view of
// any save set is the merge of its chain, back to a full.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog/db.h"
#include "source/source_spec.h"

namespace tl::job {

enum class BackupLevel { Full, Differential, Incremental };

// "full", "diff", "incr" (also "differential", "incremental"); InvalidArgument otherwise.
Result<BackupLevel> parse_backup_level(std::string_view text);
const char* to_string(BackupLevel level); // "full", "diff", "incr"

// The save set a diff/incr of one source is compared against.
struct LevelBase {
    std::int64_t saveset_id = 0;
    std::int64_t job_id = 0;
    std::vector<std::int64_t> chain; // save set ids, the full first, saveset_id last
};

// The base for `level` (diff or incr) of `source` in jobs named `job_name`; nullopt when there
// is none (no usable full, or its chain is broken): the job must then run as a full.
Result<std::optional<LevelBase>> find_level_base(catalog::Db& db, const std::string& source,
                                                 const std::string& job_name, BackupLevel level);

// The chain ending at `saveset_id`, the full first. NotFound naming the missing save set when a
// link is gone (e.g. its volume was recycled).
Result<std::vector<std::int64_t>> saveset_chain(catalog::Db& db, std::int64_t saveset_id);

// The levels of one job. Levels apply to file-tree sources; raw, cmd and sqlite sources are read
// whole at every level. If any file-tree source of a diff/incr has no base, the whole job is
// promoted to full (one level per job, as jobs.level records it).
struct LevelPlan {
    BackupLevel requested = BackupLevel::Full;
    BackupLevel level = BackupLevel::Full;            // what runs
    std::string promotion;                            // the warning when promoted, else ""
    std::unordered_map<std::string, LevelBase> bases; // by source text, when level != Full
};
Result<LevelPlan> plan_levels(catalog::Db& db, const std::vector<source::SourceSpec>& sources,
                              const std::string& job_name, const std::string& level);

// What one save set of a diff/incr left out, for the job report.
struct LevelCounts {
    std::int64_t saveset_id = 0;
    std::string source;
    std::int64_t base_saveset_id = 0; // 0 for a full
    std::uint64_t unchanged = 0, same_content = 0, deleted = 0;
};
// Adds "level", "requested_level" and "level_sources" to a job report's JSON.
void add_level_fields(nlohmann::json& report, const LevelPlan& plan,
                      const std::vector<LevelCounts>& counts);
// Those fields as text lines for the CLI ("" when the report has none).
std::string format_level_fields(const nlohmann::json& report);

} // namespace tl::job
