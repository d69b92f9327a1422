#pragma once
// The service's counters of ended jobs for /metrics (docs/api.md "Metrics"): jobs by kind and
// status, and per drive the bytes written and read, the volumes mounted and the failed
// sessions, summed over the jobs' stored reports; and per backup definition the end of its last
// successful run, per client it read. Kept in the service process: the first scrape counts every
// job the catalog holds, each later one adds the jobs that ended since, so a prune that deletes old
// jobs never makes a counter go down. They start again from the catalog when the service restarts,
// which Prometheus sees as a counter reset.
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "catalog/db.h"
#include "catalog/job_tally_store.h"

namespace tl::service {

struct DriveTotals {
    std::uint64_t written_bytes = 0; // by backups
    std::uint64_t read_bytes = 0;    // by restores, verifies, scans and clones
    std::int64_t mounts = 0;         // volumes the jobs used on the drive
    std::int64_t failed_sessions = 0;
};

struct TallyFigures {
    std::map<std::pair<std::string, std::string>, std::int64_t> jobs; // (kind, status)
    std::map<std::string, DriveTotals> drives;                        // by drive name
    // (definition, client) -> unix seconds it ended; the client of a local source is "local".
    std::map<std::pair<std::string, std::string>, long long> last_success;
};

class JobTally {
public:
    JobTally();
    // Counts the jobs that ended since the last call and answers the totals.
    Result<TallyFigures> refresh(catalog::Db& db);

private:
    void count(const catalog::TalliedJob& job);

    std::mutex mu_;
    std::int64_t floor_ = 0;                               // no job below this id is still running
    std::set<std::pair<std::int64_t, long long>> counted_; // (id, started) at or above floor_
    TallyFigures figures_;
};

} // namespace tl::service
