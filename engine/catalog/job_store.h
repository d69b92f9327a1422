#pragma once
// Reads of the job history (table jobs) for the programs: typed rows of the list, one job, and a
// job's stored report. The jobs themselves write their rows (job/, media/); nothing here writes.
// Functions take the caller's connection and run on its thread.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

struct JobRecord {
    std::int64_t id = 0;
    std::string kind; // backup, verify, restore, clone, ...
    std::string name;
    std::string level; // full, diff, incr (backups)
    std::string status;
    long long started = 0; // unix seconds
    long long ended = 0;   // 0 while running
    std::int64_t files = 0;
    std::int64_t bytes = 0;
    std::string waiting_for; // a 'waiting' job: the drive or volume it waits for; else ""
    // From the stored report, when JobQuery::with_rates asked for them (0 without a report).
    double elapsed_s = 0;
    double wall_rate_Bps = 0;
    double sustained_rate_Bps = 0;
};

enum class JobOrder { OldestFirst, NewestFirst, LatestStartedFirst };

struct JobQuery {
    std::string status;         // only jobs of this status; empty = all
    std::string kind;           // only jobs of this kind; empty = all
    bool finished_only = false; // leave running and waiting jobs out
    JobOrder order = JobOrder::OldestFirst;
    std::size_t limit = 0;   // 0 = no limit
    std::size_t offset = 0;  // rows to skip first (paging)
    bool with_rates = false; // fill elapsed_s and the rates from the reports
};

Result<std::vector<JobRecord>> list_jobs(Db& db, const JobQuery& query = {});
// How many jobs the history holds.
Result<std::int64_t> count_jobs(Db& db);
// nullopt when no job has that id.
Result<std::optional<JobRecord>> find_job(Db& db, std::int64_t id);

// A job's status and its report as stored (JSON text; nullopt while the job has none).
struct StoredReport {
    std::string status;
    std::optional<std::string> json;
    std::string waiting_for; // as in JobRecord
};
// nullopt when no job has that id.
Result<std::optional<StoredReport>> stored_report(Db& db, std::int64_t id);

} // namespace tl::catalog
