#pragma once
// Copies one media session of the original (docs/media.md "Cloning"): read once, on the read
// drive, for all of its chosen streams; their bytes are written with the same stream ids and
// offsets (the original's file entries describe both copies) by a DriveWorker on the write
// drive, as a media session of its own spanning volumes of the target pool as needed. Copied
// sealed, the chunks are never decrypted. Until the copy is complete its rows say 'cloning';
// a failed copy removes them again (blocks already written stay as unused space).
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "context/engine.h"
#include "context/reservations.h"
#include "job/catalog_writer.h"
#include "job/clone_plan.h"

namespace tl::media {

struct ClonedSaveset;

// What a session's copy did, added up into the clone's result.
struct SessionCopy {
    std::vector<ClonedSaveset> copies;
    std::vector<std::string> volumes_read, volumes_written, warnings;
    std::uint64_t bytes_read = 0, bytes_written = 0;
};

// Where a session is copied with: the drives the reservation granted and the shared writers.
struct CopyTools {
    device::Library& library;
    std::size_t read_drive = 0, write_drive = 0;
    job::Reservation& grant;     // the write side reserves the volumes it mounts
    catalog::Db& volume_db;      // the VolumeManager's connection
    job::CatalogWriter& catalog; // extents and tape files of the copy
    std::string host;
    std::atomic<bool>* cancel = nullptr;
};

// Copies `session` to `plan.pool`. Corrupt: the original could not be read cleanly (bad block)
// or the copy's length differs; the incomplete copy is removed from the catalog, and what was
// learnt so far (volumes, warnings) is still added to `out`.
Status copy_session(Engine& engine, const ClonePlan& plan, const SessionToCopy& session,
                    CopyTools& tools, SessionCopy& out);

} // namespace tl::media
