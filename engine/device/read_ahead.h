#pragma once
// Sequential reads of a virtual cartridge read without the page cache (issue 40): with
// O_DIRECT the kernel's read-ahead is gone, and one 256 KiB read at a time leaves the disk
// waiting on each request. A reader of a tape reads forward, as a drive does: the cartridge
// reads a window of kWindow bytes from where a read starts and serves the blocks in it from
// memory, and while they are served the next window is read on another thread.
//
// Only blocks wholly inside a window are served from it; a block larger than a window is read
// straight into the caller's buffer. Reads are not thread-safe (one Cartridge reads at a time);
// the window being read ahead is another thread's until it is taken.
#include <cstddef>
#include <cstdint>
#include <future>

#include "common/io_buffer.h"
#include "common/result.h"
#include "device/cartridge_data.h"

namespace tl::device {

class ReadAhead {
public:
    static constexpr std::size_t kWindow = 8u << 20;

    ReadAhead();
    ~ReadAhead(); // waits for a window being read
    ReadAhead(const ReadAhead&) = delete;
    ReadAhead& operator=(const ReadAhead&) = delete;

    // Reads `size` bytes at `offset` of `data`, whose bytes end at `end`.
    Status read(const CartridgeData& data, std::uint64_t offset, void* buf, std::size_t size,
                std::uint64_t end);
    // Windows read so far (for tests and reports).
    std::uint64_t windows_read() const { return windows_; }

private:
    struct Window {
        IoBlock bytes;
        std::uint64_t from = 0;
        std::size_t size = 0; // 0: nothing held
        bool holds(std::uint64_t offset, std::size_t n) const {
            return size > 0 && offset >= from && offset + n <= from + size;
        }
    };
    Status fill(const CartridgeData& data, Window& w, std::uint64_t from, std::uint64_t end);
    void read_next(const CartridgeData& data, std::uint64_t end);
    // Waits for the window being read ahead.
    void take_next();

    Window current_;
    Window next_;
    std::future<Status> next_done_;
    bool next_pending_ = false;
    std::uint64_t windows_ = 0;
};

} // namespace tl::device
