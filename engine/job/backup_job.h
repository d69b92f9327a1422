#pragma once
// A backup: M sources over N drives of one library, K sessions interleaved per drive. Each
// source runs in its own reader thread into a bounded channel; each drive runs a DriveWorker;
// the catalog is written by a CatalogWriter; a monitor samples the drives at the poll interval
// for the sustained rate. Blocking: returns the report when the job ended (the report is also
// stored with the job in the catalog).
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "context/engine.h"
#include "job/backup_encryption.h"
#include "job/job_report.h"
#include "metrics/live_snapshot.h"
#include "source/file_tree_walker.h"

namespace tl::job {

struct BackupOptions {
    std::vector<std::string> sources; // as parse_source() reads them
    std::string pool = "Default";
    std::string library;                // "" = the first configured library
    std::size_t drives = 0;             // 0: as many as useful (sources / K, at most all)
    std::size_t sessions_per_drive = 4; // K
    std::size_t block_size = 256 * 1024;
    std::size_t read_buffer = 2u << 20; // per session
    std::string compression = "none";
    std::uint64_t checkpoint_bytes = 4ull << 30;
    // A checkpoint also after this many catalog rows, so they are written while the backup
    // runs instead of all after its last block (job/drive_worker.h).
    std::size_t checkpoint_entries = 1u << 13;
    double poll_interval = 1.0; // seconds
    std::string name;           // job name for the history
    // "full" | "diff" (changes since the last full) | "incr" (since the last backup of any
    // level), per source and job name (docs/levels.md). A diff/incr without a usable full runs
    // as a full and says so.
    std::string level = "full";
    // diff/incr: a file whose metadata changed but whose content hash equals the stored
    // version's is not stored again (docs/levels.md).
    bool compare_hash = false;
    // Benchmarks only: write to N null drives (Data Protector's NULL device) instead of a
    // library, to measure the engine without tape writing. The catalog then describes data
    // that was discarded, so use it on a scratch data directory.
    bool null_drives = false;
    source::WalkOptions walk;
    // --encryption/--key/--encrypt-names; unset parts follow the pool (docs/media.md).
    EncryptionChoice encryption;
    // When the pool has no volume to write on: wait, the job's row asking the operator to label
    // or move one into the pool, until one can be mounted or the job is cancelled (the
    // service's runs: the operator labels through the service meanwhile); false: fail at once
    // (docs/media.md "Waiting for a volume").
    bool wait_for_volume = false;
    // A client added with `client add` (docs/agent.md): bare `sources` are absolute paths of
    // trees on that machine, read by its agent; "" = sources of this machine. A source
    // "client:NAME:/path" names a client's tree whatever this says.
    std::string client;
};

// Live figures while the job runs (called from the monitor thread at each poll).
struct BackupProgress {
    double elapsed = 0;
    std::vector<std::uint64_t> drive_bytes;
    std::uint64_t source_bytes = 0;
    std::uint64_t files = 0;
    metrics::LiveSnapshot live; // everything the dashboard shows, rates included
};

// Runs a backup. The error is for a job that could not start (bad options, no library);
// a job that started always returns its report, whose status says how it ended.
Result<JobReport> run_backup(Engine& engine, const BackupOptions& options,
                             const std::function<void(const BackupProgress&)>& progress = {},
                             std::atomic<bool>* cancel = nullptr);

struct DriveWorkerConfig;
// Gives one media session its chunk cipher and records its key id (no-op for a clear backup).
Status encrypt_session(const BackupEncryption& e, catalog::Db& db, DriveWorkerConfig& cfg);

// Marks jobs left 'running' or 'waiting' by a process that died as failed (called when an
// engine opens).
Status fail_interrupted_jobs(catalog::Db& db);

} // namespace tl::job
