#pragma once
// Cloning (docs/media.md "Cloning"): copies save sets of a backup job to volumes of another pool,
// e.g. for off-site storage. Each media session of the original is read once, on one drive, for
// all of its chosen streams; their bytes are written unchanged (same stream offsets, so the
// original's file entries describe both copies) by a DriveWorker on a second drive as a media
// session of its own: its own blocks, tape files, extents and trailer, spanning volumes of the
// target pool as needed. Until the copy is complete its rows say 'cloning'; a failed clone
// removes them again (the blocks already written stay as unused space on the target volume).
// A restore reads the original when it can and a copy otherwise (media/clone_copies.h).
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "api/engine.h"

namespace tl::media {

struct CloneOptions {
    std::int64_t job_id = 0;
    std::string pool;                   // the target pool (not the job's own)
    std::vector<std::int64_t> savesets; // empty = every save set of the job
    std::string library;                // "" = the default library
};

struct ClonedSaveset {
    std::int64_t original = 0, copy = 0; // save set ids
    std::string source;
    std::uint64_t stream_bytes = 0; // bytes of the stream copied
};

struct CloneResult {
    std::int64_t job_id = 0;
    std::string pool;
    std::vector<ClonedSaveset> savesets;
    std::vector<std::string> volumes_read, volumes_written; // barcodes, in order of use
    std::uint64_t stream_bytes = 0;                         // save set bytes copied
    std::uint64_t bytes_read = 0;                           // block bytes read from the original
    std::uint64_t bytes_written = 0;                        // block bytes written for the copy
    double elapsed = 0;                                     // seconds
    std::vector<std::string> warnings;
};

// NotFound: unknown job, save set or pool. InvalidArgument: not a backup job, the job's own pool
// ("clone to the same pool"), a library with fewer than two drives. AlreadyExists: a chosen save
// set has a copy in that pool already. NoSpace: the pool has no usable volume in the library
// (nothing was changed in any of these cases). Corrupt: the original could not be read cleanly
// (bad block); the incomplete copy is removed from the catalog.
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

} // namespace tl::media
