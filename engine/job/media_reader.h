#pragma once
// The one media reader: how every job that reads tape gets its blocks (docs/jobs.md "Reading
// media"). It positions a drive (at a tape file by its filemarks, or at a catalogued block by
// seek), reads one block at a time and says what came back (data, a filemark, the end of the
// data, an unreadable block), counting blocks and bytes. read_file() is the block loop of a
// whole tape file with each readable block parsed and each bad one reported; the volume scan
// (`scan`), the volume listing (`volume ls`) use it; SavesetReader (restore, verify, clone)
// reads its catalogued block ranges through read().
// Not thread-safe: one MediaReader per reading thread, on a drive the job has reserved.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/io_buffer.h"
#include "common/result.h"
#include "device/tape_drive.h"
#include "format/block.h"

namespace tl::job {

enum class BlockKind { Data, Filemark, EndOfData, Unreadable };

struct RawBlock {
    BlockKind kind = BlockKind::Data;
    std::size_t size = 0; // bytes read (Data)
    std::string error;    // Unreadable, EndOfData: the drive's message
    // Data: where its bytes are (the caller's buffer, or the drive's memory: read_view()).
    const std::uint8_t* data = nullptr;
};

// A block that could not be used: unreadable by the drive, or read but failing its checks.
struct BlockFault {
    std::uint32_t tape_file = 0, block = 0;
    bool unreadable = false; // else damaged (CRC, structure)
    std::string message;
};

class MediaReader {
public:
    explicit MediaReader(device::TapeDrive& drive) : drive_(drive) {}

    device::TapeDrive& drive() { return drive_; }
    // Before the first block of tape file `file` (0 = the label's): rewind, space filemarks.
    Status to_file(std::uint32_t file);
    // Before the object at logical position `pos` (a catalogued tape file start + block).
    Status seek(std::uint64_t pos);
    // One block into `buf`.
    RawBlock read(std::uint8_t* buf, std::size_t capacity);
    // One block, left where the drive holds it in memory when it can (TapeDrive::
    // read_block_view: valid until the next read, read-only), else read into `buf`.
    RawBlock read_view(std::uint8_t* buf, std::size_t capacity);

    using OnBlock = std::function<Status(std::uint32_t block, std::uint8_t* data, std::size_t size,
                                         format::BlockReader& parsed)>;
    using OnFault = std::function<void(const BlockFault&)>;
    // The block loop of tape file `file`, from its first block to its filemark or the end of
    // the data: each block that reads and parses goes to on_block (parsed in `parsed`, the
    // bytes in the reader's own buffer, which on_block may modify, e.g. to unseal chunks);
    // each one that does not, to on_fault, and the loop goes on. A non-ok Status from on_block
    // ends the loop with it; positioning errors end it too.
    Status read_file(std::uint32_t file, const OnBlock& on_block, const OnFault& on_fault);
    // The same loop from where the drive stands (at the start of tape file `file`, which names
    // the blocks in the callbacks).
    Status read_here(std::uint32_t file, const OnBlock& on_block, const OnFault& on_fault);
    // Called from on_block: the loop ends after this block (the rest of the file is not read).
    void stop() { stop_ = true; }

    std::uint64_t blocks_read() const { return blocks_; }
    std::uint64_t bytes_read() const { return bytes_; }

private:
    RawBlock outcome(Result<std::size_t> n, const std::uint8_t* data); // counted

    device::TapeDrive& drive_;
    IoBytes buf_; // aligned: a virtual cartridge reads into it with O_DIRECT
    format::BlockReader parsed_;
    std::uint64_t blocks_ = 0, bytes_ = 0;
    bool stop_ = false;
};

} // namespace tl::job
