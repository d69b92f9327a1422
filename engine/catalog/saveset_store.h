#pragma once
// The save sets store (tables savesets and extents): which save sets a restore, a browse, a
// verify or a level's base picks, their chains of bases, where their streams are on media, and
// the rows a backup or a scan writes. Functions use the caller's connection.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::catalog {

// Every file-tree source that has a save set, sorted: what `restore --source` can name.
Result<std::vector<std::string>> file_sources(Db& db);

struct SavesetRow {
    std::int64_t id = 0;
    std::int64_t job_id = 0;
    std::string source;
    std::string kind;         // files, raw, cmd, sqlite
    std::uint64_t stored = 0; // stream bytes
    std::int64_t session_id = 0;
};

// Save sets of backup jobs: one (saveset_id), a job's (job_id), or those of `source` in its
// newest completed, warnings or partial backup started at or before `at` (unix seconds, 0 =
// any time). `files_only` keeps file trees; `originals_only` leaves clones out. By id.
struct SavesetPick {
    std::int64_t saveset_id = 0;
    std::int64_t job_id = 0;
    std::string source;
    long long at = 0;
    bool files_only = false;
    bool originals_only = false;
};
// InvalidArgument when the pick names nothing.
Result<std::vector<SavesetRow>> backup_savesets(Db& db, const SavesetPick& pick);
// One save set by id, whatever its job; nullopt when it is gone.
Result<std::optional<SavesetRow>> find_saveset(Db& db, std::int64_t id);
// The job's own save sets (no clones), by id.
Result<std::vector<SavesetRow>> job_savesets(Db& db, std::int64_t job_id);

// Every file-tree save set with its job's start and level, oldest job first.
struct FileTreeSaveset {
    std::int64_t saveset_id = 0;
    std::int64_t job_id = 0;
    long long started = 0;
    std::string level;
    std::string source;
};
Result<std::vector<FileTreeSaveset>> file_tree_savesets(Db& db);

// The chain of bases of a save set, the full first and the save set itself last. NotFound when
// a base is gone, Corrupt when the chain loops.
Result<std::vector<std::int64_t>> base_chain(Db& db, std::int64_t saveset_id);

// The newest usable save set of `source` in a backup named `job_name` (completed, warnings or
// partial job; completed or warnings save set), of a full job when `full_only`.
struct SavesetRef {
    std::int64_t saveset_id = 0;
    std::int64_t job_id = 0;
};
Result<std::optional<SavesetRef>> newest_usable_saveset(Db& db, const std::string& source,
                                                        const std::string& job_name,
                                                        bool full_only);
// Source bytes of the newest completed (or warnings) backup save set of `source`.
Result<std::optional<std::uint64_t>> last_source_bytes(Db& db, const std::string& source);

// Where a save set's stream is on media: its extents with their tape files, by offset.
struct ExtentRow {
    std::uint32_t volume_seq = 0;
    std::uint64_t offset = 0, end_offset = 0;
    std::int64_t volume_id = 0;
    std::string barcode;
    std::uint32_t file_number = 0, first_block = 0, last_block = 0;
    std::uint64_t start_pos = 0;
};
Result<std::vector<ExtentRow>> saveset_extents(Db& db, std::int64_t saveset_id);
// The volumes (ids) the save set's extents are on.
Result<std::vector<std::int64_t>> saveset_volume_ids(Db& db, std::int64_t saveset_id);
// The barcodes of the volumes holding the jobs' save sets (unsorted, repeats possible).
Result<std::vector<std::string>> job_volume_barcodes(Db& db,
                                                     const std::vector<std::int64_t>& job_ids);

// A save set a backup (or a scan) starts: base_id 0 = none; status "" = the column's default.
struct NewSaveset {
    std::int64_t job_id = 0, session_id = 0;
    std::uint32_t stream_id = 0;
    std::string source, kind, codec;
    std::int64_t base_id = 0;
    std::string status;
};
Result<std::int64_t> add_saveset(Db& db, const NewSaveset& s);
// A save set's outcome; on SQLite, in the same transaction, the name keys of a backup's save set
// (entry_names.h): its entries are found by a name search from here on.
Status finish_saveset(Db& db, std::int64_t id, const std::string& status, std::uint64_t files,
                      std::uint64_t bytes, std::uint64_t stored);

} // namespace tl::catalog
