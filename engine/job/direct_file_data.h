#pragma once
// A large restored file's data written without the page cache (issue 40): the restore's
// chunks (any size, any alignment) are gathered in aligned 4 MiB buffers and written with
// O_DIRECT in whole aligned runs, so the restore costs the disk and one copy, not the page
// cache's first touch of every page. What cannot go direct goes through the file's ordinary
// descriptor: the bytes before the first aligned offset after a hole, and the unaligned tail
// of each run (at a hole and at the end). The two never write the same page.
//
// A full buffer is written behind the caller, on the file's own writer thread (started with the
// first full buffer, so a file under 4 MiB costs no thread), while the caller gathers the next:
// the disk gets the file's next run while the restore decodes, hashes and copies it, instead of
// waiting for each write in turn. At most kInFlight buffers are queued; the caller waits for a
// free one. A write that fails behind the caller is returned by the next write() or finish(),
// and nothing after it is written. finish() returns once every byte is written; the destructor
// waits for what is queued too, so the file's descriptor outlives every write through it.
//
// The direct descriptor is opened on the same file by name in its directory and checked to be
// the same inode; a filesystem that refuses O_DIRECT (tmpfs) gets no DirectFileData and the
// caller writes as before. A direct write refused later (EINVAL) turns buffered for the rest
// of the file. One caller at a time.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/io_buffer.h"

namespace tl::job {

class DirectFileData {
public:
    static constexpr std::size_t kStage = 4u << 20;
    static constexpr std::size_t kInFlight = 2; // full buffers queued behind the caller
    static constexpr std::uint64_t kAlign = kIoAlign;

    // Direct writes to the file open as `fd`, named `name` in directory `dir`; nullptr when
    // the filesystem refuses them.
    static std::unique_ptr<DirectFileData> open(int dir, const std::string& name, int fd);
    ~DirectFileData();
    DirectFileData(const DirectFileData&) = delete;
    DirectFileData& operator=(const DirectFileData&) = delete;

    // Writes `n` bytes at `offset` of the file (through `fd` where not direct). "" or why not.
    std::string write(int fd, const std::uint8_t* data, std::size_t n, std::uint64_t offset);
    // Writes what is gathered and waits for every write queued. "" or why not.
    std::string finish(int fd);

private:
    struct Run {
        IoBlock data;
        std::uint64_t from = 0;
        std::size_t bytes = 0;
        int fd = -1; // the file's ordinary descriptor, should O_DIRECT be refused
    };

    explicit DirectFileData(int direct_fd) : direct_fd_(direct_fd), stage_(make_io_block(kStage)) {}
    std::string flush(int fd);
    std::string queue_stage(int fd); // the full stage goes behind; a free buffer takes its place
    std::string wait_idle();         // every queued run written: "" or the first error
    std::string put_direct(const Run& r);
    void run();

    int direct_fd_ = -1; // written by the writer thread alone once it runs
    IoBlock stage_;
    std::uint64_t stage_from_ = 0; // the file offset of the gathered bytes (aligned)
    std::size_t staged_ = 0;

    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<Run> queued_;     // oldest first; the front is being written
    std::vector<IoBlock> spare_; // buffers written and free again
    std::string error_;          // the first failed write behind the caller
    bool stop_ = false;
    std::thread writer_;
};

} // namespace tl::job
