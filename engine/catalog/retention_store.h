#pragma once
// What prune (media/prune.h) reads to apply retention: the finished backup jobs with the
// retention that applies to each (its definition's own, else its pool's), the pools holding
// their copies with the retention those give, and the jobs each
// job's save sets were compared against (savesets.base_id). Reads only; functions use the
// caller's connection and its thread.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct RetainedJob {
    std::int64_t id = 0;
    std::string name, level;
    std::string pool; // "" when none
    long long started = 0;
    std::int64_t retention_days = 30;      // the job's
    std::int64_t file_retention_days = 30; // its file entries'
    std::int64_t files = 0;                // file entries it has
};
// Backups that are neither running nor waiting, by start time.
Result<std::vector<RetainedJob>> finished_backups(Db& db);

// A pool holding a finished copy (clone) of a job, with the retention it gives its volumes.
struct CopyPool {
    std::int64_t job_id = 0;
    std::string pool;
    std::int64_t retention_days = 30;
    std::int64_t file_retention_days = 30;
};
// One row per job and pool holding a finished copy of it.
Result<std::vector<CopyPool>> copy_pools(Db& db);

// The jobs whose save sets those of a job were compared against (other than itself). With a
// catalog that predates savesets.base_id, available() is false and of() returns nothing.
class BaseJobs {
public:
    static Result<BaseJobs> open(Db& db);
    bool available() const { return available_; }
    Result<std::vector<std::int64_t>> of(std::int64_t job_id);

private:
    BaseJobs() = default;
    bool available_ = false;
    Stmt q_;
};

} // namespace tl::catalog
