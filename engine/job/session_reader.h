#pragma once
// Reads one source (file tree, raw device or image, command pipe, live SQLite database) into
// its stream: one reader thread per session. Files that cannot be read are reported as
// warnings and skipped; files that change while read are flagged. Counters are atomics the
// monitor samples while the reader runs.
#include <atomic>
#include <functional>
#include <string>
#include <unordered_map>

#include <sys/types.h>

#include "common/clock.h"
#include "job/stream_writer.h"
#include "source/file_tree_walker.h"
#include "source/source_spec.h"

namespace tl::job {

struct SessionCounters {
    std::atomic<std::uint64_t> bytes_read{0};   // from the source
    std::atomic<std::uint64_t> stream_bytes{0}; // after framing and compression
    std::atomic<std::uint64_t> files{0};
    std::atomic<std::uint64_t> warnings{0};
};

struct ReaderContext {
    std::int64_t saveset_id = 0;
    source::WalkOptions walk;
    std::string spool_dir; // where SQLite snapshots are taken
    Clock* clock = nullptr;
    std::function<void(const std::string&)> warn;         // thread-safe; adds to the job's warnings
    std::function<void(const std::string&)> current_file; // progress (optional)
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
    Status put_entry(const source::FsEntry& e, const std::string& abs);
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
