#pragma once
// What a verify reads (docs/media.md "Verifying a copy"): the save sets of a backup job, or
// their finished copies (clones) in one pool, each with the save set whose catalog entries it
// is checked against and the volumes it is on. A copy is checked against the original's entries:
// its stream is the original's byte for byte (the same offsets), so they describe both.
// Plain functions over a catalog::Db the caller owns.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::job {

struct VerifyItem {
    std::int64_t entries = 0; // the save set whose file entries (hashes) it is checked against
    std::int64_t reading = 0; // the save set read: the same one, or its copy in the pool
    std::int64_t session = 0; // the media session carrying `reading`
    std::string source;
};

struct VerifyPlan {
    std::vector<VerifyItem> items;    // in save set order
    std::vector<std::string> volumes; // the volumes read, sorted, each once
};

// The backup job `job_id`'s own save sets (`pool` empty), or the copies of each of them on
// volumes of `pool` (the original itself where it is in that pool). Refused: no such job
// (NotFound); a job that is not a backup (InvalidArgument; a clone job's message names the
// backup and the pool to verify instead); no such pool (NotFound); a save set without a finished
// copy in the pool (InvalidArgument naming it and the clone that makes one).
Result<VerifyPlan> plan_verify(catalog::Db& db, std::int64_t job_id, const std::string& pool);

} // namespace tl::job
