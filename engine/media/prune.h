#pragma once
// Retention (docs/media.md): expires backup jobs and file entries past their pool's retention
// at `now` (unix seconds from the injected clock) and marks volumes recyclable when nothing on
// them is kept. A kept incremental or differential job depends on the newest full job of the
// same name that started before it; that full is kept, with its file entries, whatever its age.
// Where save sets record their base (savesets.base_id), every job of a kept job's base chain is
// kept the same way. A job with finished copies (clones) in pools that keep their volumes
// longer is kept (its file entries too) until the longest of those retentions ends; copies are
// not promoted, so the originals' volumes are held as long.
// Jobs still running are never touched. Non-backup jobs (verify, restore, scan) stay in the
// history. One transaction; with dry_run nothing is written and the report says what would be.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::media {

struct PrunedJob {
    std::int64_t id = 0;
    std::string name, level, pool;
    long long started = 0;
    std::int64_t files = 0; // file entries removed with it (or alone, for files_expired)
};

struct KeptFull {
    std::int64_t id = 0;        // the full job kept past its retention
    std::int64_t needed_by = 0; // the newest kept incremental/differential that depends on it
};

struct KeptCopy {
    std::int64_t id = 0; // the job kept past its own retention
    std::string pool;    // the pool holding a copy of it that keeps it longest
    long long until = 0; // unix seconds when that pool's retention ends
};

struct PruneReport {
    bool dry_run = false;
    long long now = 0;
    std::vector<PrunedJob> jobs_expired;         // removed from the catalog
    std::vector<PrunedJob> files_expired;        // jobs kept, their file entries removed
    std::vector<KeptFull> kept_for_dependency;   // past retention, kept for an incremental
    std::vector<KeptCopy> kept_for_copies;       // past its own retention, kept for its copies
    std::vector<std::string> volumes_recyclable; // marked recyclable (pool recycles auto)
    std::vector<std::string> volumes_to_recycle; // nothing kept, pool recycles by hand
};

Result<PruneReport> prune(catalog::Db& db, long long now, bool dry_run);

} // namespace tl::media

namespace tl::media {

struct KeptJob {
    std::int64_t id = 0;
    long long kept_until = 0; // unix seconds when its retention ends
};

// Backup jobs with data on the volume whose retention has not ended at `now` (or that a kept
// incremental depends on). Empty: nothing on it is kept.
Result<std::vector<KeptJob>> kept_jobs_on_volume(catalog::Db& db, std::int64_t volume_id,
                                                 long long now);

} // namespace tl::media
