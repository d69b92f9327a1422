#pragma once
// `tapeloom-cli bench backup` (issue 4): one run measures, on the same files, a dd-like read,
// a cat-like copy to the scratch directory, GNU tar's `tar -c` into an archive there (issue 17)
// and a Tapeloom backup to the virtual drives of a throw-away data directory on that scratch
// directory (normally tmpfs, so the "tape" costs memory bandwidth only), and relates them.
// After a backup to virtual drives the limit pass (limit_pass.h, issue 40) writes the backup's
// tape bytes with O_DIRECT onto the same filesystem and reads them back, so the backup's rate
// is stated against what the machine can write there. Everything it creates is removed at the
// end.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/limit_pass.h"
#include "bench/machine_info.h"
#include "bench/passes.h"
#include "common/clock.h"
#include "common/result.h"
#include "job/job_report.h"

namespace tl::bench {

inline constexpr double kBenchDriveBuffer = 64e6; // bytes, the throttled drives' buffer
// The throttled drives start their tape once a quarter of the buffer holds data, as the drive
// types do (docs/devices.md "Drive models"), not only on a full buffer.
inline constexpr double kBenchDriveStartFill = 0.25;

struct BackupBenchOptions {
    std::vector<std::string> sources; // empty: generate `files` files of `size` bytes in total
    std::uint64_t size = 1ull << 30;
    std::uint64_t files = 4;
    std::size_t drives = 2;
    std::size_t sessions_per_drive = 4;
    std::size_t block_size = 256 * 1024;
    std::string scratch = "/dev/shm"; // where the temporary home (and generated data) go
    bool null_drives = false;         // write to null drives: the engine without tape writing
    std::string encryption = "none";  // aes-256-gcm: the backup seals its chunks
    // > 0: the virtual drives stream at this native rate (bytes/s, a drive buffer of
    // kBenchDriveBuffer started at kBenchDriveStartFill, 3 s per reposition) instead of at memory
    // speed, so what the host spends can be seen where the drives, not the CPUs, set the pace.
    double drive_rate = 0;
    std::function<void(const std::string&)> note; // progress lines for the operator
    std::atomic<bool>* cancel = nullptr;          // checked between phases, passed to the job
};

struct BackupBenchResult {
    MachineInfo machine;
    BackupBenchOptions options;
    bool generated = false;
    std::size_t sources = 0;
    PassResult dd;         // 2 MiB reads, discarded
    PassResult cat;        // read + write to one file on the scratch directory
    PassResult tar;        // `tar -c` into an archive on the scratch directory; files: the backup's
    job::JobReport backup; // the job's own figures: its clock starts with the job
    // The backup timed as tar -c is, around all of it (scratch_backup.h TimedBackup): the
    // engine opened, the job, the engine closed, the sync. The rates and ratios use these.
    double backup_seconds = 0;
    double backup_cpu_seconds = 0;
    bool limit_run = false; // not with null drives: nothing is written there
    LimitResult limit;      // the backup's tape bytes, O_DIRECT, onto the scratch filesystem
    double backup_rate() const;
    double limit_ratio() const; // backup MB/s over the limit write's // source bytes / elapsed, the
                                // same measure as dd and cat
    double backup_files_rate() const;
    double cpu_per_gib() const;
    double tar_ratio() const; // backup files/s over tar -c's (the same entries, the same run)
    std::size_t drives_written() const; // drives that wrote at least one data block
    std::uint64_t repositions() const;  // the throttled drives' stops and restarts, all drives
    // With throttled drives: each drive's bytes over the time its tape moved writing, summed over
    // the drives (they run at once): the drives' streaming rate, not the job's (backup_rate()).
    double drive_streaming_rate() const;
    // The drives' native rates summed (--drive-rate x --drives; 0 without --drive-rate): what
    // the data rate and the wall rate are stated against (bench/job_phases.h).
    double drives_rate() const;
};

Result<BackupBenchResult> run_backup_bench(const BackupBenchOptions& options, Clock& clock);

nlohmann::json to_json(const BackupBenchResult& r);
std::string format_bench(const BackupBenchResult& r);

} // namespace tl::bench
