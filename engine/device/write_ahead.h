#pragma once
// Blocks written to a virtual cartridge after the drive has taken them, as a real drive's
// buffer does (issue 40): the drive worker builds its next block while the disk writes the
// previous ones, and blocks that queue up while the disk is busy go to it in one vectored write
// of up to kMaxBatch blocks, so the disk sees the large transfers it is fastest with.
//
// submit() copies the block into one of a fixed ring of aligned slots (waiting for a free one
// when the disk is behind) and returns; given the block's own buffer of the slots' size, it
// swaps that buffer with the free slot's instead of copying it. One thread hands the queued
// blocks to the sink in the order they came. The sink's first error stops the writing: the blocks
// still queued are dropped, and submit() and drain() return that error from then on, with the
// number of blocks the sink wrote (`written()`), so the owner can forget the rest. Nothing is ever
// written out of order, so a process killed meanwhile leaves a prefix of the blocks on disk.
//
// Used by one Cartridge: submit() and drain() from one thread at a time.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <sys/uio.h>

#include "common/io_buffer.h"
#include "common/result.h"

namespace tl::device {

class WriteAhead {
public:
    static constexpr std::size_t kRingBytes = 16u << 20;
    static constexpr std::size_t kMaxBatch = 16;

    // Writes `count` contiguous blocks (`iov`, `bytes` in all) starting at data offset `offset`.
    using Sink =
        std::function<Status(std::uint64_t offset, const iovec* iov, int count, std::size_t bytes)>;

    // Slots of `slot_size` bytes; their number is what kRingBytes holds (at least 2).
    WriteAhead(std::size_t slot_size, Sink sink);
    ~WriteAhead(); // drains, then stops the thread
    WriteAhead(const WriteAhead&) = delete;
    WriteAhead& operator=(const WriteAhead&) = delete;

    // Queues a copy of `size` (<= slot size) bytes for data offset `offset`.
    Status submit(std::uint64_t offset, const void* data, std::size_t size);
    // Queues the first `size` bytes of `block` (`capacity` bytes, kIoAlign-aligned). When
    // `capacity` is the slot size, no copy: `block` and the free slot swap buffers, so `block`
    // holds another of the same capacity on return (its bytes undefined). When nothing is
    // queued (an error), `block` is as it was.
    Status submit(std::uint64_t offset, IoBlock& block, std::size_t capacity, std::size_t size);
    // Returns once every queued block is written, or with the first error.
    Status drain();
    // Blocks the sink has written (not counting those dropped after an error).
    std::uint64_t written() const;
    std::size_t slot_size() const { return slot_size_; }

private:
    struct Slot {
        IoBlock data;
        std::size_t size = 0;
        std::uint64_t offset = 0;
    };
    // Waits for a free slot, lets `fill` put the block in it and queues it.
    template <class Fill> Status queue(std::uint64_t offset, std::size_t size, Fill fill);
    void run();
    // The batch at the head of the queue: contiguous blocks, at most kMaxBatch.
    std::size_t batch_locked() const;

    const std::size_t slot_size_;
    Sink sink_;
    std::vector<Slot> ring_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    std::size_t head_ = 0;  // the oldest queued slot
    std::size_t count_ = 0; // queued slots, the one being written included
    std::uint64_t written_ = 0;
    Status error_;
    bool stop_ = false;
    std::thread thread_;
};

} // namespace tl::device
