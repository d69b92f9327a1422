#pragma once
// The write side of the jobs store (table jobs; the reads are in job_store.h): a job's row when
// it starts, its waits, its end and its report, the repair of jobs a dead process left running,
// and the one look at past jobs a restore plans with. Functions use the caller's connection.
#include <cstdint>
#include <optional>
#include <string>

#include "catalog/db.h"

namespace tl::catalog {

// A job's first row. Fields left unset take the column's default (level 'full', no pool...).
struct NewJob {
    std::string kind; // backup, restore, verify, scan
    std::string name;
    std::string status = "running";
    long long started = 0; // unix seconds
    std::optional<std::string> level;
    std::optional<std::int64_t> pool_id;
    std::optional<std::int64_t> pid;
    std::optional<long long> ended;
    std::optional<std::string> report; // JSON
};
// Returns the new job's id.
Result<std::int64_t> add_job(Db& db, const NewJob& job);

// A job's end (or a change of its status): fields left unset stay as they are.
struct JobUpdate {
    std::string status;
    std::optional<long long> ended;
    std::optional<std::uint64_t> files, bytes;
    std::optional<std::string> report; // JSON
    bool clear_wait = false;           // wait_reason back to NULL
};
Status update_job(Db& db, std::int64_t id, const JobUpdate& u);
// 'waiting' with the reason it waits for, or back to 'running' when `reason` is "".
Status set_job_waiting(Db& db, std::int64_t id, const std::string& reason);
Status set_job_report(Db& db, std::int64_t id, const std::string& report);

// Jobs left running or waiting by a process that ended: failed, with a report saying so; on
// SQLite the save sets they left without name keys get them (fill_pending_entry_names).
// Returns how many jobs.
Result<int> fail_interrupted_jobs(Db& db);

// The mean wall rate (bytes/s) of the last ten completed backups with a report; nullopt when
// there is none (or none measured a rate).
Result<std::optional<double>> recent_backup_rate(Db& db);

} // namespace tl::catalog
