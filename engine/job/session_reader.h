#pragma once
// Reads one source (file tree, raw device or image, command pipe, live SQLite database) into
// its stream: one reader thread per session. Files that cannot be read are reported as
// warnings and skipped; files that change while read are flagged. Counters are atomics the
// monitor samples while the reader runs.
#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <sys/types.h>

#include "common/clock.h"
#include "job/catalog_records.h"
#include "job/change_detector.h"
#include "job/stream_writer.h"
#include "source/file_prefetch.h"
#include "source/file_tree_walker.h"
#include "source/link_table.h"
#include "source/source_spec.h"

namespace tl::job {

struct SessionCounters {
    std::atomic<std::uint64_t> bytes_read{0};   // from the source
    std::atomic<std::uint64_t> stream_bytes{0}; // after framing and compression
    std::atomic<std::uint64_t> files{0};
    std::atomic<std::uint64_t> warnings{0};
    // diff/incr: entries left out as unchanged (by metadata, or by content with --compare-hash)
    // and deletion markers recorded.
    std::atomic<std::uint64_t> unchanged{0};
    std::atomic<std::uint64_t> same_content{0};
    std::atomic<std::uint64_t> deleted{0};
};

struct ReaderContext {
    std::int64_t saveset_id = 0;
    source::WalkOptions walk;
    std::string spool_dir; // where SQLite snapshots are taken
    Clock* clock = nullptr;
    std::function<void(const std::string&)> warn;         // thread-safe; adds to the job's warnings
    std::function<void(const std::string&)> current_file; // progress (optional)
    // diff/incr of a file tree (docs/levels.md): the base chain (save set ids, the full first;
    // empty = store everything), the catalog to load it from (on the reader's own connection),
    // and where the deletion markers go once the walk is complete.
    std::vector<std::int64_t> base_chain;
    std::string db_path;
    bool compare_hash = false; // skip a metadata-changed file whose content hash is unchanged
    std::function<void(std::vector<DeletionRecord>)> record_deletions;
    // diff/incr without a catalog at hand (a client's agent): the base view itself, used
    // instead of loading base_chain from db_path.
    std::shared_ptr<BaseView> base_view;
};

class SessionReader {
public:
    SessionReader(source::SourceSpec spec, StreamWriter& out, ReaderContext ctx,
                  SessionCounters& counters);
    // Reads the whole source and finishes the stream. An error means the stream is incomplete
    // (the job fails that save set); warnings do not stop it.
    Status run();

private:
    Status read_tree();
    Status read_raw(const std::string& path, format::ObjectKind kind, const std::string& name);
    Status read_command();
    Status read_sqlite();
    // A full backup's regular file, once the readers opened it: its stat from the open file
    // (FsEntry::stat_pending), and whether it is a further name of a file already stored
    // (`links`, walk order). False when it is skipped (warned: it vanished or changed type).
    bool settle_regular_file(source::FsEntry& e, const std::string& abs,
                             std::optional<source::PrefetchedFile>& pre, source::LinkTable& links);
    // One walked entry into the stream and the catalog. `pre`: the file's data, stat and xattrs
    // already read by the prefetcher (small files).
    Status put_entry(const source::FsEntry& e, const std::string& abs,
                     source::PrefetchedFile* pre = nullptr);
    // The entry's object header: metadata, owner names, xattrs and ACLs as walked.
    format::ObjectHeader header_of(const source::FsEntry& e);
    // A prefetched file's xattrs and ACL into `h`; false when it could not be opened (warned:
    // the file is skipped).
    bool take_prefetched(const source::FsEntry& e, const std::string& abs,
                         source::PrefetchedFile& pre, format::ObjectHeader& h);
    // Opens a regular file to read it; adds its xattrs, ACL and sparse map to `h`. -1 when it
    // cannot be opened (warned: the file is skipped).
    int open_data(const source::FsEntry& e, const std::string& abs, format::ObjectHeader& h);
    // The file's data as data frames (from `pre` or `fd`); a read error or a change while it was
    // read is flagged in the trailer and warned, not an error.
    Status store_data(const source::FsEntry& e, const std::string& abs, int fd,
                      const source::PrefetchedFile* pre, const format::ObjectHeader& h,
                      format::ObjectTrailer& trailer);
    // The catalog row of a stored entry.
    FileRecord record_of(const source::FsEntry& e, const format::ObjectHeader& h,
                         const format::ObjectTrailer& trailer, std::uint64_t header_offset) const;
    // A prefetched file's data as data frames.
    Status copy_prefetched(const source::PrefetchedFile& pre, format::ObjectTrailer& trailer);
    // --compare-hash: whether the file's content hashes to `hash` (read without storing it).
    bool same_content(const source::FsEntry& e, const std::array<std::uint8_t, 16>& hash);
    // Copies the content of fd (size bytes, or to EOF when size is unknown) as data frames.
    Status copy_data(int fd, std::uint64_t size, const std::vector<format::Extent>* extents,
                     format::ObjectTrailer& trailer);

    source::SourceSpec spec_;
    StreamWriter& out_;
    ReaderContext ctx_;
    SessionCounters& counters_;
    std::uint64_t next_object_id_ = 1;
    std::unordered_map<uid_t, std::string> users_;
    std::unordered_map<gid_t, std::string> groups_;
};

} // namespace tl::job
