#pragma once
// The benches' throw-away backups: a fresh data directory with its own virtual library on a
// scratch directory (normally /dev/shm, so the "tape" costs memory bandwidth only), removed
// with its ScratchDir. Shared by bench backup, bench blocksize and bench multiplex.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/clock.h"
#include "common/result.h"
#include "context/engine.h"
#include "job/job_report.h"

namespace tl::bench {

// A temporary directory removed (recursively) when this goes out of scope.
struct ScratchDir {
    std::string path;
    ScratchDir() = default;
    explicit ScratchDir(std::string p) : path(std::move(p)) {}
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    ~ScratchDir();
};

// The engine of a bench's scratch data directory: the bench's clock, no log file.
Result<std::unique_ptr<Engine>> open_bench_engine(const std::string& home, Clock& clock);

// mkdtemp of `scratch`/tapeloom-bench-XXXXXX, with an error that names the `option` that chose
// the directory and says what to do.
Result<std::string> make_scratch_dir(const std::string& scratch,
                                     const std::string& option = "--scratch");

struct ScratchBackup {
    std::vector<std::string> sources; // as run_backup reads them (paths, cmd:...)
    std::uint64_t bytes = 0;          // expected source bytes, to size the cartridges
    std::size_t drives = 1;
    std::size_t sessions_per_drive = 4;
    std::size_t block_size = 256 * 1024;
    std::optional<nlohmann::json> streaming; // the virtual drives' streaming model, if any
    std::optional<nlohmann::json> model;     // or a drive type's timing model (tape_timing.h)
    double poll_interval = 1.0;
    bool null_drives = false; // null drives instead of the scratch library (the read side alone)
    std::string encryption = "none"; // aes-256-gcm: under a key made for the run
    std::atomic<bool>* cancel = nullptr;
};

// Adds virtual library "bench" to `engine`'s data directory: `drives` drives, cartridges big
// enough for `bytes` on any one drive, the drives' streaming model if any.
Status add_bench_library(Engine& engine, std::size_t drives, std::uint64_t bytes,
                         const std::optional<nlohmann::json>& streaming,
                         const std::optional<nlohmann::json>& model = std::nullopt);

// Opens an engine on the new data directory `home`, adds library "bench" and runs the backup.
// A job that fails or is cancelled is an error here (a bench figure of a failed job is noise).
Result<job::JobReport> backup_to_scratch(const ScratchBackup& b, const std::string& home,
                                         Clock& clock);
// A backup timed as a user's `tapeloom-cli backup ...; sync` is: on a data directory whose
// library was added (and its cartridges labeled) by an engine closed again, the engine opened,
// the job run, the engine closed and the data directory's filesystem synced. What setting up
// left dirty there is synced first, untimed.
struct TimedBackup {
    job::JobReport report;  // the job's own figures (its clock starts with the job)
    double seconds = 0;     // the whole of it
    double cpu_seconds = 0; // this process's CPU over the same span
};
Result<TimedBackup> timed_backup_to_scratch(const ScratchBackup& b, const std::string& home,
                                            Clock& clock);
// The backup of backup_to_scratch on an engine whose library "bench" is added.
Result<job::JobReport> run_scratch_backup(Engine& engine, const ScratchBackup& b, Clock& clock);

Status cancelled_check(std::atomic<bool>* cancel);

} // namespace tl::bench
