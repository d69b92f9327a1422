#pragma once
// The rows of cloning (docs/media.md "Cloning"): a backup job's original save sets, their
// copies (save sets with clone_of set, in their own sessions) and the volumes each one is on.
// job/clone_job.h, clone_copies.h and clone_recovery.h own the rules. Functions use the
// caller's connection and its thread.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

// The job a clone starts from.
struct CloneSourceJob {
    std::string kind, status;
    std::int64_t pool_id = 0; // 0 when none
    std::string pool;         // "" when none
    std::int64_t started = 0; // unix s
};
Result<std::optional<CloneSourceJob>> clone_source_job(Db& db, std::int64_t job_id);

struct OriginalSaveset {
    std::int64_t id = 0, session_id = 0;
    std::uint32_t stream_id = 0;
    std::string source, kind, codec;
    std::uint64_t stored = 0, bytes = 0, files = 0;
    std::uint32_t block_size = 0; // of its session
};
// The job's save sets that are not copies, by id.
Result<std::vector<OriginalSaveset>> original_savesets(Db& db, std::int64_t job_id);

// A volume of the pool holding the save set itself or a finished copy of it.
struct SavesetInPool {
    std::string barcode;
    bool is_copy = false;
};
Result<std::optional<SavesetInPool>> saveset_in_pool(Db& db, std::int64_t saveset_id,
                                                     std::int64_t pool_id);
// Whether a finished copy of the save set is on volumes of the pool.
Result<bool> has_copy_in_pool(Db& db, std::int64_t saveset_id, std::int64_t pool_id);

// A new media session of the job for a copy; returns its id.
Result<std::int64_t> insert_copy_session(Db& db, std::int64_t job_id, const std::uint8_t* uuid16,
                                         const std::string& drive, std::uint32_t block_size);
struct NewCopy {
    std::int64_t job_id = 0, session_id = 0;
    std::uint32_t stream_id = 0;
    std::string source, codec;
    std::uint64_t files = 0, bytes = 0, stored = 0;
    std::int64_t clone_of = 0;
};
// A copy being made (status 'cloning'); returns its save set id.
Result<std::int64_t> insert_copy_saveset(Db& db, const NewCopy& c);
// The copy is complete: status 'cloned' with the bytes of its stream.
Status mark_copy_cloned(Db& db, std::int64_t copy_id, std::uint64_t stored);
// Removes a session with its save sets, extents and tape files (ON DELETE CASCADE).
Status delete_session(Db& db, std::int64_t session_id);

// The finished copies of a job's save sets, by id.
struct CopyRow {
    std::int64_t original = 0, copy = 0;
    std::string source;
};
Result<std::vector<CopyRow>> finished_copies(Db& db, std::int64_t job_id);

// The save set itself, then its finished copies in creation order.
struct SavesetCopyRow {
    std::int64_t saveset_id = 0, session_id = 0;
    bool original = false;
};
Result<std::vector<SavesetCopyRow>> saveset_copies(Db& db, std::int64_t saveset_id);

// The original a copy was made of, with its job; nullopt when `saveset_id` is no copy.
struct CopyOrigin {
    std::int64_t original = 0, job_id = 0;
    std::string pool; // the pool of the copy's first volume ("" when none)
};
Result<std::optional<CopyOrigin>> copy_origin(Db& db, std::int64_t saveset_id);

// The volumes a save set is on, in stream order.
struct SavesetVolume {
    std::string barcode, state;
    std::string pool; // "" when none
};
Result<std::vector<SavesetVolume>> saveset_volumes(Db& db, std::int64_t saveset_id);

// How the session a copy is made from was sealed: its key id ("" = clear), whether its names
// are sealed, and the uuid whose chunk key sealed its data (raw 16 bytes: its own, or for a
// copy made sealed its original's).
struct SessionSeal {
    std::string key_id;
    bool names_sealed = false;
    std::string seal_uuid;
};
Result<std::optional<SessionSeal>> session_seal(Db& db, std::int64_t session_id);

// Copies still marked 'cloning' (their process ended before they finished), by id.
struct InterruptedCopy {
    std::int64_t session = 0, job = 0, original = 0;
    std::string source;
};
Result<std::vector<InterruptedCopy>> interrupted_copies(Db& db);

} // namespace tl::catalog
