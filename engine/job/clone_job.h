#pragma once
// Cloning (docs/media.md "Cloning"): copies save sets of a backup job to volumes of another pool,
// e.g. for off-site storage. A clone runs as a job of its own in a job::JobContext (docs/jobs.md)
// through its four phases: plan (the job, the target pool, the library: job/clone_plan.h; a
// refusal here leaves no row) -> acquire (the clone's row; two drives and the original's volumes
// from the engine's reservation book, waiting and saying why; then the save sets and each
// session's key handling) -> run (each media session of the original copied once:
// job/clone_session.h, the live monitor showing both drives) -> finish (the report stored
// with the row, as the other jobs' are). Encrypted save sets are copied sealed, as they are,
// with no key needed, or re-encrypted to the target pool's key when asked (job/clone_keys.h).
// A restore reads the original when it can and a copy otherwise (job/clone_copies.h).
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "context/engine.h"
#include "job/job_report.h"

namespace tl::media {

struct CloneOptions {
    std::int64_t job_id = 0;
    std::string pool;                   // the target pool (not the job's own)
    std::vector<std::int64_t> savesets; // empty = every save set of the job
    std::string library;                // "" = the default library
    // Encrypted save sets: false = copied sealed as they are (no key needed); true = opened
    // with their key and sealed with the target pool's key (the pool must have one).
    bool reencrypt = false;
};

struct ClonedSaveset {
    std::int64_t original = 0, copy = 0; // save set ids
    std::string source;
    std::uint64_t stream_bytes = 0; // bytes of the stream copied
    std::uint64_t files = 0;        // files of the save set (as catalogued for the original)
    std::string keys; // "clear", "sealed with KEY", "copied sealed (KEY)", "re-encrypted to KEY"
};

struct CloneResult {
    std::int64_t job_id = 0;       // the job cloned
    std::int64_t clone_job_id = 0; // the clone's own row in the jobs table
    std::string pool;
    std::vector<ClonedSaveset> savesets;
    std::vector<std::string> volumes_read, volumes_written; // barcodes, in order of use
    std::uint64_t stream_bytes = 0;                         // save set bytes copied
    std::uint64_t bytes_read = 0;                           // block bytes read from the original
    std::uint64_t bytes_written = 0;                        // block bytes written for the copy
    std::uint64_t files = 0;                                // files of the save sets copied
    double elapsed = 0;                                     // seconds
    std::vector<std::string> warnings;
    std::vector<std::size_t> drives; // the library drives used: reading, writing
    job::JobReport report;           // as stored with the clone's row
};

// NotFound: unknown job, save set or pool. InvalidArgument: not a backup job, the job's own pool
// ("clone to the same pool"), a library with fewer than two drives. AlreadyExists: a chosen save
// set has a copy in that pool already. NoSpace: the pool has no usable volume in the library
// (nothing was changed in any of these cases), and --reencrypt refusals (job/clone_keys.h).
// Corrupt: the original could not be read cleanly (bad block); the incomplete copy is removed
// from the catalog. Every run past the plan has a row of kind "clone" with its stored report
// (clone_report_json()), failed ones too.
Result<CloneResult> clone_job(Engine& engine, const CloneOptions& options,
                              std::atomic<bool>* cancel = nullptr);

// The finished copies of a job's save sets, for listings: (original save set, copy, pool,
// volumes). Empty when the job has none.
struct CopyListing {
    std::int64_t original = 0, copy = 0;
    std::string source, pool;
    std::vector<std::string> volumes;
};
Result<std::vector<CopyListing>> list_copies(catalog::Db& db, std::int64_t job_id);

// A clone's report as stored with its row (JSON): the job report every job stores (job::to_json:
// status, error, times, files, bytes, tape_bytes = block bytes written, drives, volumes written,
// warnings, the series) and the clone's own fields: cloned_job, pool, stream_bytes,
// bytes_read, bytes_written, volumes_read, volumes_written, per save set the copy and its key
// handling ("savesets").
nlohmann::json clone_report_extra(const CloneResult& r);
nlohmann::json clone_report_json(const CloneResult& r);

} // namespace tl::media
