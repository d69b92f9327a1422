#pragma once
// A large restored file's data written without the page cache (issue 40): the restore's
// chunks (any size, any alignment) are gathered in one aligned 4 MiB buffer and written with
// O_DIRECT in whole aligned runs, so the restore costs the disk and one copy, not the page
// cache's first touch of every page. What cannot go direct goes through the file's ordinary
// descriptor: the bytes before the first aligned offset after a hole, and the unaligned tail
// of each run (at a hole and at the end). The two never write the same page.
//
// The direct descriptor is opened on the same file by name in its directory and checked to be
// the same inode; a filesystem that refuses O_DIRECT (tmpfs) gets no DirectFileData and the
// caller writes as before. A direct write refused later (EINVAL) turns buffered for the rest
// of the file. One writer at a time.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "common/io_buffer.h"

namespace tl::job {

class DirectFileData {
public:
    static constexpr std::size_t kStage = 4u << 20;
    static constexpr std::uint64_t kAlign = kIoAlign;

    // Direct writes to the file open as `fd`, named `name` in directory `dir`; nullptr when
    // the filesystem refuses them.
    static std::unique_ptr<DirectFileData> open(int dir, const std::string& name, int fd);
    ~DirectFileData();
    DirectFileData(const DirectFileData&) = delete;
    DirectFileData& operator=(const DirectFileData&) = delete;

    // Writes `n` bytes at `offset` of the file (through `fd` where not direct). "" or why not.
    std::string write(int fd, const std::uint8_t* data, std::size_t n, std::uint64_t offset);
    // Writes what is gathered. "" or why not.
    std::string finish(int fd);

private:
    DirectFileData(int direct_fd) : direct_fd_(direct_fd), stage_(make_io_block(kStage)) {}
    std::string flush(int fd);

    int direct_fd_ = -1;
    IoBlock stage_;
    std::uint64_t stage_from_ = 0; // the file offset of the gathered bytes (aligned)
    std::size_t staged_ = 0;
};

} // namespace tl::job
