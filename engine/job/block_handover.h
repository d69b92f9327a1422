#pragma once
// How the blocks a SavesetReader reads reach the side that parses, hashes and writes them.
// Through BlockQueue, a bounded queue to another thread: the reading thread keeps the drive
// busy (a tape, a disk read, a modelled tape speed) while this one works. Or straight, on the
// parsing thread (StraightHandover), where a read is only a copy from memory (a virtual
// cartridge in tmpfs): there is nothing to wait for, and a block read on the other core reached
// the parsing core's cache only when its file's hash read it — the hash of a 200,000-file
// restore took 2.3x its time on the same core (issue 40). Straight, a block is parsed before
// the next is read, so it can be left where the drive holds it (TapeDrive::read_block_view).
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "common/io_buffer.h"
#include "common/result.h"
#include "format/block.h"

namespace tl::job {

// Blocks first..last of one tape file of a volume, read in one pass.
struct Visit {
    std::uint32_t volume_seq = 0;
    std::string barcode;
    std::uint32_t file_number = 0;
    std::uint64_t start_pos = 0;
    std::uint32_t first = ~0u, last = 0;
};

// A block read: its bytes, parsed, or the error it met. The buffer is allocated without being
// cleared, at the largest block size: a read touches only the pages of the block it reads
// (clearing 4 MiB per buffer cost more than the CRC of the blocks read into it).
struct BlockItem {
    IoBlock data; // aligned: a virtual cartridge reads into it with O_DIRECT
    // Its chunks point into `data`, or, handed on straight, into the drive's memory (a
    // cartridge in tmpfs viewed in place: valid until the next read).
    format::ParsedBlock parsed;
    Status st;
    bool filemark = false;
    const Visit* v = nullptr;
    std::uint32_t b = 0;
    bool fatal = false; // st ends the read
};

// The reading side's view: buffers to read into, blocks handed on.
class BlockHandover {
public:
    virtual ~BlockHandover() = default;
    // A buffer to read the next block into, or null: no more blocks are wanted.
    virtual std::unique_ptr<BlockItem> take() = 0;
    // A block read (or the error that ended its read).
    virtual void give(std::unique_ptr<BlockItem> it) = 0;
    // Nothing more will be read.
    virtual void finish() = 0;
    // The parsing side wants no more blocks (ends a wait for a cartridge).
    virtual bool stopped() = 0;
};

// Between two threads: kAhead buffers go round (spare -> read -> ready -> parsed -> spare), so
// reading never runs far ahead.
class BlockQueue final : public BlockHandover {
public:
    static constexpr std::size_t kAhead = 8;
    BlockQueue();
    std::unique_ptr<BlockItem> take() override; // waits for a spare buffer
    void give(std::unique_ptr<BlockItem> it) override;
    void finish() override;
    bool stopped() override;
    // The parsing side: the next block, or null when reading is done and nothing is left.
    std::unique_ptr<BlockItem> next();
    // A parsed block's buffer back; `stop`: no more blocks are wanted.
    void recycle(std::unique_ptr<BlockItem> it, bool stop);
    void stop();

private:
    std::mutex m_;
    std::condition_variable cv_;
    std::deque<std::unique_ptr<BlockItem>> ready_, spare_;
    bool done_ = false, stop_ = false;
};

// On the reading thread: each block is parsed as soon as it is read, in one buffer.
class StraightHandover final : public BlockHandover {
public:
    // Parses a block; false when no more are wanted.
    using Parse = std::function<bool(BlockItem&)>;
    explicit StraightHandover(Parse parse) : parse_(std::move(parse)) {}
    std::unique_ptr<BlockItem> take() override;
    void give(std::unique_ptr<BlockItem> it) override;
    void finish() override {}
    bool stopped() override { return stop_; }

private:
    Parse parse_;
    std::unique_ptr<BlockItem> spare_ = std::make_unique<BlockItem>();
    bool stop_ = false;
};

} // namespace tl::job
