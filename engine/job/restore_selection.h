#pragma once
// What a restore brings back, chosen in the catalog: a job, a save set, or a source at a point
// in time (the newest backup of that source started at or before T), narrowed by paths:
// a glob (fnmatch on the path relative to the source root) or a directory (everything below).
// A path or glob may also be written as it was on the backed-up machine, absolute, starting with
// the source (what `files versions` takes and where a restore puts the file under its target).
// A diff/incr save set stands for the whole tree as of its backup: its chain (the full, then each
// base up to it) is merged, newest version per path, paths deleted by then left out
// (docs/levels.md). With changes_only, just the save sets' own entries are chosen.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/db.h"

namespace tl::job {

struct SelectionRequest {
    std::int64_t job_id = 0;     // or
    std::int64_t saveset_id = 0; // or
    std::string source;          // with at (unix seconds; 0 = now)
    long long at = 0;
    std::vector<std::string> paths; // globs or directories; empty = everything
    bool changes_only = false;      // no chain: only what the chosen save sets stored
};

struct SelectedFile {
    std::int64_t file_id = 0; // always 0: entries are keyed by save set and path (schema.cpp)
    std::string path;         // relative to the source root
    int kind = 0;
    std::uint64_t size = 0;
    std::uint64_t offset = 0; // stream offset of the object header
    std::uint64_t end = 0;    // stream offset where the next object starts (or the stream end)
    std::int64_t volume_id = 0;
    std::uint32_t file_number = 0, block = 0;
    // Non-empty: the object is written under this path instead of its own (the data of a hard
    // link's first name, for a restore that chose only the link; job/hardlink_sources.h).
    std::string write_as;
};

struct SelectedSaveset {
    std::int64_t saveset_id = 0;
    std::int64_t job_id = 0;
    std::int64_t session_id = 0; // the media session carrying it
    bool whole = false;          // every file of the save set is selected
    std::string source;          // as backed up
    std::string kind;            // files | raw | cmd | sqlite
    std::uint64_t stream_bytes = 0;
    std::vector<SelectedFile> files; // in stream order
    // The copy a restore reads (docs/media.md "Cloning"): 0 = this save set itself, else a
    // clone of it (same stream offsets, its own session and positions).
    std::int64_t read_saveset_id = 0, read_session_id = 0;
    std::int64_t reading() const { return read_saveset_id ? read_saveset_id : saveset_id; }
    std::int64_t reading_session() const { return read_session_id ? read_session_id : session_id; }
};

struct Selection {
    std::vector<SelectedSaveset> savesets;
    std::uint64_t files = 0;
    std::uint64_t bytes = 0; // file data wanted
};

// A path as the user gave it, made relative to a save set's root `root` (the source of a tree;
// the parent folder of a single-file source): an absolute path below `root` loses that prefix;
// any other path is taken as relative, its leading '/' dropped (the older spelling), trailing '/'
// dropped. `root` itself gives "" (everything).
std::string relative_to(const std::string& root, std::string path);

// NotFound when the job / save set / source does not exist, a chain link is gone, or nothing
// matches. Save sets come in chain order (the full first); each path appears once.
Result<Selection> select_files(catalog::Db& db, const SelectionRequest& request);

} // namespace tl::job
