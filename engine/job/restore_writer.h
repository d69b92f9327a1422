#pragma once
// Writes restored objects under a target directory and nowhere else, whatever names the media
// or the catalog carry: every directory is opened component by component from the target's
// directory fd with O_NOFOLLOW (TargetDirs caches them), so "..", absolute names, and symlinks
// (in the target, or restored earlier in the same job) can never lead outside. Files are written
// to a temporary name and renamed into place only once their content hash matched; directory
// metadata is applied after their contents.
//
// Threads: the sink calls come from one thread (the reader's). With a WritePool, small files
// (their data in one 1 MiB chunk) are created, written, given their metadata and renamed on one
// of the pool's lanes, in batches, while the next files are parsed; without one, on the calling
// thread. A larger file is written on the calling thread straight from the parser's buffers as
// its data arrives (no copy; the block reader reads and CRC-checks ahead on its own thread),
// and sent on to the disk and out of the page cache window by window (WriteBehind).
// outcomes() and the counters are complete after end_saveset() and finish().
//
// Durability (SyncMode): files reach the disk in batches — sync_to_disk() (syncfs of every
// filesystem written on) when the restore ends, checkpoints on the way (end_saveset) — or one
// fsync per file (File), or not at all (None). A crash never leaves a partly written file under its
// final name: it is renamed only when complete and verified.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "format/stream_parser.h"

namespace tl::job {

class WritePool;
class Writeback;

enum class ExistingPolicy { Skip, Overwrite, KeepNewer, Rename };
// `field` names the option or field the text came from in the error ("--existing", "\"existing\"").
Result<ExistingPolicy> parse_existing_policy(const std::string& text, const std::string& field);
const char* existing_policy_name(ExistingPolicy policy); // as parse_existing_policy reads it

enum class SyncMode { End, File, None };
Result<SyncMode> parse_sync_mode(const std::string& text, const std::string& field); // as above
const char* sync_mode_name(SyncMode mode); // "end" | "file" | "none"

// An object not restored (restored ones are only counted: a restore of millions of files keeps
// no record per file).
struct RestoreOutcome {
    std::string path;   // as written under the target (relative)
    std::string status; // skipped | failed | refused | warning (restored, but not exactly)
    std::string why;
};

class StagedDirs;

struct RestoreWriterOptions {
    ExistingPolicy policy = ExistingPolicy::Skip;
    SyncMode sync = SyncMode::End;
    WritePool* pool = nullptr;      // null: files are written on the calling thread
    Writeback* writeback = nullptr; // told of every byte written (checkpoint syncs); optional
    // The directories the restore makes, out of sight until it ends (shared by a job's writers);
    // null: directories are made under their names and each file is linked into place.
    std::shared_ptr<StagedDirs> staged;
};

// The metadata of a backed-up directory (from the catalog), for directories a restore had to
// create without their own object in the stream (the parents of a single file restored).
using DirectoryLookup =
    std::function<std::optional<format::ObjectHeader>(const std::string& object_path)>;

class RestoreWriter final : public format::StreamSink {
public:
    // Creates `target` if missing. Owners are restored when running as root.
    static Result<std::unique_ptr<RestoreWriter>> open(const std::string& target,
                                                       const RestoreWriterOptions& options);
    static Result<std::unique_ptr<RestoreWriter>> open(const std::string& target,
                                                       ExistingPolicy policy);
    ~RestoreWriter() override;

    // Objects of the next save set go below `prefix` (relative, checked like any path);
    // only those whose header offset is in `wanted` (any order) are written. `write_as`: objects
    // written under another path of the save set (the data of a hard link's first name, restored
    // under the link's name when only the link was chosen).
    Status begin_saveset(const std::string& prefix, std::vector<std::uint64_t> wanted,
                         std::map<std::uint64_t, std::string> write_as = {});
    // Where directories created for this save set's files get their metadata (optional).
    void set_directory_lookup(DirectoryLookup lookup);
    // The current object cannot be completed (damaged block): it is dropped and reported.
    void fail_current(const std::string& why);
    // Wanted objects never seen in the stream are reported as failed; waits for this writer's
    // files to be written; with SyncMode::End, a checkpoint sync (on the Writeback's thread when
    // the options name one, else here).
    void end_saveset();
    // Applies directory metadata, deepest first.
    Status finish();
    // Flushes what this writer wrote to the disk (syncfs of each filesystem written on), unless
    // SyncMode::None.
    Status sync_to_disk();

    Status on_object_header(std::uint64_t offset, const format::ObjectHeader& h) override;
    Status on_data(std::uint64_t file_offset, const std::uint8_t* data, std::size_t n) override;
    Status on_object_trailer(const format::ObjectTrailer& t,
                             const format::ObjectCheck& check) override;

    // The objects not restored, with why.
    const std::vector<RestoreOutcome>& outcomes() const { return outcomes_; }
    std::uint64_t files_restored() const { return restored_; } // directories included
    std::uint64_t bytes_written() const { return bytes_; }
    std::uint64_t failures() const { return failed_; } // failed or refused
    std::uint64_t skipped() const { return skipped_; }
    SyncMode sync_mode() const;

private:
    struct Impl;
    explicit RestoreWriter(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d_;
    std::vector<RestoreOutcome> outcomes_; // guarded by Impl::mutex while files are written
    std::atomic<std::uint64_t> restored_{0}, bytes_{0}, failed_{0}, skipped_{0};
    friend struct Impl;
};

} // namespace tl::job
