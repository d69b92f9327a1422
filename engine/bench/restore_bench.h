#pragma once
// `tapeloom-cli bench restore` (issue 17): one run measures, on the same files, GNU tar and
// Tapeloom both ways — `tar -c` into an archive and a Tapeloom backup to virtual drives (both on
// the scratch directory, normally tmpfs), then a Tapeloom restore and a `tar -x` onto the
// restore directory (best: a freshly made filesystem, docs/benchmarks.md), each followed by a
// sync of that filesystem unless --sync none — and relates files/s and MB/s. The peak memory
// of the restore is measured alone (the process's peak is reset before it). The limit pass
// (limit_pass.h, issue 40) writes the same bytes with O_DIRECT onto the restore directory's
// filesystem and reads them back, so the restore's rate is stated against what the machine
// can write there. Everything it creates is removed at the end.
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
#include "job/restore_writer.h"

namespace tl::bench {

struct RestoreBenchOptions {
    std::vector<std::string> sources; // empty: generate `files` files of `size` bytes in total
    std::uint64_t size = 256ull << 20;
    std::uint64_t files = 20000;
    std::size_t drives = 1;
    std::size_t sessions_per_drive = 4;
    std::size_t block_size = 256 * 1024;
    std::string scratch = "/dev/shm"; // data directory, virtual tapes, tar archive
    std::string to;                   // where both restores go ("" = the scratch directory)
    std::string tar_to;               // where tar -x goes ("" = `to`)
    job::SyncMode sync = job::SyncMode::End;
    std::size_t writer_threads = 0; // the restore's (0 = its default)
    std::function<void(const std::string&)> note;
    std::atomic<bool>* cancel = nullptr;
};

struct RestoreBenchResult {
    MachineInfo machine;
    RestoreBenchOptions options;
    bool generated = false;
    std::size_t sources = 0;
    std::uint64_t files = 0, bytes = 0; // regular files and their bytes
    PassResult tar_create, backup, restore, tar_extract;
    job::JobReport backup_report, restore_report;
    std::uint64_t restore_peak_rss = 0; // bytes, the restore alone
    LimitResult limit;                  // `bytes`, O_DIRECT, onto the restore's filesystem
    double limit_ratio() const;         // restore MB/s over the limit write's
};

Result<RestoreBenchResult> run_restore_bench(const RestoreBenchOptions& options, Clock& clock);

nlohmann::json to_json(const RestoreBenchResult& r);
std::string format_restore_bench(const RestoreBenchResult& r);

} // namespace tl::bench
