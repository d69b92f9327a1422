#pragma once
// A restore: select files in the catalog, plan which volumes it needs (and where they are),
// then read the save sets by positioned reads — several volumes on several drives in parallel —
// and write them safely under the target. Restores are jobs: they get a history entry and a
// report with the same fields as a backup's.
#include <atomic>
#include <string>
#include <vector>

#include "context/engine.h"
#include "job/job_report.h"
#include "job/restore_order.h"
#include "job/restore_selection.h"
#include "job/restore_writer.h"
#include "job/saveset_reader.h"

namespace tl::job {

struct RestoreOptions {
    SelectionRequest what;
    std::string to; // "" = the original location
    ExistingPolicy existing = ExistingPolicy::Skip;
    std::string library;
    std::size_t drives = 0;         // 0 = as many as there are volumes to read at once (max all)
    bool wait_for_media = false;    // wait for missing volumes instead of failing (MediaMissing)
    SyncMode sync = SyncMode::End;  // how the restored data reaches the disk (RestoreWriter)
    std::size_t writer_threads = 0; // files written in parallel; 0 = as the machine suits
    // The order of the positioned reads: by position on each volume; Catalog (save set by save
    // set) only to measure what the position order saves (docs/benchmarks.md).
    ReadOrder order = ReadOrder::Position;
};

struct PlanVolume {
    std::string barcode;
    std::string location; // "slot 3", "drive 1", "mail slot 1", "outside the library"
    bool in_library = false;
    std::uint64_t blocks = 0; // blocks to read from it
    // Under a drive model: the passes over it, the locates and the time reading it takes (load,
    // locates, the blocks at the type's rate, the unload before a drive's next volume).
    std::uint64_t passes = 0, locates = 0;
    double model_seconds = 0;
};

struct RestorePlan {
    std::vector<PlanVolume> volumes; // in reading order
    std::uint64_t files = 0;
    std::uint64_t bytes_wanted = 0;
    std::uint64_t bytes_to_read = 0; // whole blocks, other streams' chunks included
    double rate = 0;                 // bytes/s assumed for the estimate
    bool rate_measured = false;      // from past jobs (else an assumed figure)
    double estimated_seconds = 0;
    std::vector<std::string> missing; // barcodes outside the library
    // The library's drive model ("" = none) and its estimate: the drives' time summed, model
    // seconds (what the real drives would take; the scales undone).
    std::string drive_model;
    double model_seconds = 0;
    // The ids of the keys the chosen save sets are encrypted with that the key store lacks
    // (POST /v1/restore-plans names them; the restore would fail until they are imported).
    std::vector<std::string> missing_keys;
};

struct RestoreResult {
    JobReport report; // kind "restore"
    RestorePlan plan;
    std::uint64_t restored = 0, skipped = 0, failed = 0;
    std::vector<RestoreOutcome> problems; // failed, refused and skipped entries
    std::vector<BadBlock> bad_blocks;
    ReadStats read;
};

Result<RestorePlan> plan_restore(Engine& engine, const RestoreOptions& options);
// MediaMissing (naming the volumes) when some are outside the library and !wait_for_media.
Result<RestoreResult> run_restore(Engine& engine, const RestoreOptions& options,
                                  std::atomic<bool>* cancel = nullptr);

} // namespace tl::job
