#pragma once
// Keeps one large restored file's data moving to the disk and out of the page cache while it is
// written: each time a window of new data was written, writeback of that window starts, the
// window before it is waited for and its pages are dropped. A restore reads its data once, so
// the page cache gains nothing from it; without this, gigabytes of dirty pages wait for the
// kernel's thresholds, evict what the machine's programs had cached, and cost the writer a fresh
// page for every 4 KiB (on a virtual machine also the host's fault). Dirty data of a file stays
// under two windows. Durability is not its business: the restore's sync (syncfs at the end, or
// fsync per file) stays the point where data is known to be on the disk.
#include <cstdint>
#include <string>

namespace tl::job {

class WriteBehind final {
public:
    static constexpr std::uint64_t kWindow = 8u << 20;

    explicit WriteBehind(std::uint64_t window = kWindow) : window_(window) {}

    // `n` bytes were written at `offset` of `fd` (offsets may jump over holes). Returns an empty
    // string, or why the data written could not be sent to the disk (an I/O error: the file
    // is to be dropped). A filesystem without writeback of its own (tmpfs) just has nothing to
    // do.
    std::string wrote(int fd, std::uint64_t offset, std::uint64_t n);
    // The file is complete: writeback of what is left starts (not waited for).
    void finish(int fd);

    // Windows whose pages were dropped (for tests and reports).
    std::uint64_t windows_dropped() const { return dropped_; }

private:
    const std::uint64_t window_;
    std::uint64_t end_ = 0;       // the highest offset written so far
    std::uint64_t submitted_ = 0; // writeback was started below this offset
    std::uint64_t prev_from_ = 0; // the window submitted last: [prev_from_, submitted_)
    std::uint64_t dropped_ = 0;
    bool off_ = false; // the filesystem refused: nothing more to do for this file
};

} // namespace tl::job
