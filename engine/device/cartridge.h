#pragma once
// The on-disk form of one virtual cartridge (tape-notes §5b), a folder named by barcode:
//   data       block payloads, concatenated
//   index      one 16-byte record per object (block or filemark), see IndexRecord
//   meta.json  barcode, capacity, early-warning size, write-protect, load count, format version
// The index is kept in memory, so locating a logical object is O(1). The data file is written
// and read with O_DIRECT where the filesystem allows, into space preallocated ahead
// (cartridge_data.h). Appends are one write to data and one to index, without fsync; sync()
// (called at filemarks and close) is the durability point. Where the data goes direct, appends
// are written behind (write_ahead.h): data first, then their index records, in order; every
// other operation waits for them first, and a write that failed is reported by the next
// operation, with the blocks it lost forgotten (the index never lists data that is not there).
// Direct reads go through windows read ahead (read_ahead.h), dropped at the next write.
// Opening never writes: an index that disagrees with the data is reported and replaced in memory by
// one rebuilt from the data blocks (cartridge_index.h); the first write repairs a torn tail on
// disk, and refuses to append after a damaged record (docs/devices.md, "Damaged index"). Not
// thread-safe: owned by one VirtualTapeDrive.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/io_buffer.h"
#include "common/result.h"
#include "device/cartridge_data.h"
#include "device/read_ahead.h"
#include "device/write_ahead.h"

namespace tl::device {

struct CartridgeMeta {
    std::string barcode;
    std::uint64_t capacity = 4ull << 30; // bytes of payload the tape holds
    std::uint64_t ew_bytes = 2ull << 20; // early-warning zone before the end (mhvtl: 2 MiB)
    bool write_protected = false;
    std::uint64_t load_count = 0;
    long long created = 0; // unix seconds
};

// Index record on disk: little-endian {u64 data_offset; u32 length; u32 type}.
// type 1 = data block of `length` bytes at `data_offset`; type 2 = filemark (length 0).
struct IndexRecord {
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
    std::uint32_t type = 0;
};
inline constexpr std::uint32_t kRecBlock = 1;
inline constexpr std::uint32_t kRecFilemark = 2;
inline constexpr int kCartridgeFormatVersion = 1;

// How the index file on disk relates to the objects the cartridge is read with.
enum class IndexDamage {
    None,     // index and data agree
    TornTail, // the index is a prefix of the data's objects (a crash, a cut index): a writer
              // completes it and cuts only bytes after the last complete block
    Damaged,  // a record contradicts the data: writes are refused unless they replace
              // everything from that record on (relabel, overwrite)
};

class Cartridge {
public:
    // Opens the cartridge folder, creating it (with `defaults` as meta) when missing.
    // Takes an exclusive flock on it: Busy when another process has it.
    static Result<Cartridge> open(const std::string& dir, const CartridgeMeta& defaults);
    Cartridge(Cartridge&& o) noexcept;
    Cartridge& operator=(Cartridge&& o) noexcept;
    Cartridge(const Cartridge&) = delete;
    Cartridge& operator=(const Cartridge&) = delete;
    ~Cartridge();

    const std::string& dir() const { return dir_; }
    CartridgeMeta& meta() { return meta_; }
    const CartridgeMeta& meta() const { return meta_; }
    Status save_meta();

    std::uint64_t objects() const { return index_.size(); } // EOD as a logical object number
    const IndexRecord& record(std::uint64_t i) const { return index_[i]; }
    std::uint64_t data_bytes() const { return data_end_; }
    // Logical numbers of the filemarks, ascending.
    const std::vector<std::uint64_t>& filemarks() const { return filemarks_; }

    // Drops every object from `object` on (a write anywhere but EOD).
    Status truncate(std::uint64_t object);
    Status append_block(const void* data, std::size_t size);
    // The same for the first `size` bytes of `block` (`capacity` bytes, kIoAlign-aligned):
    // written behind, the cartridge keeps that buffer and leaves in `block` another of the same
    // capacity (bytes undefined) instead of copying it. A failed append leaves `block` as it was.
    Status append_block(IoBlock& block, std::size_t capacity, std::size_t size);
    Status append_filemark();
    Status read_payload(std::uint64_t object, void* buf);
    // The payload of `object` as it is in memory (CartridgeData::view), or null: read it.
    const std::uint8_t* view_payload(std::uint64_t object);
    Status sync(); // fdatasync data then index
    // True while the data's aligned blocks bypass the page cache (false on tmpfs, or where
    // the filesystem refuses O_DIRECT).
    bool direct_io() const { return data_.direct(); }
    // What opening found wrong with the index ("" when it agrees with the data).
    const std::string& damage_note() const { return damage_note_; }
    // Records of an index whose data file is gone or empty: nothing of the cartridge can be
    // read and it is not blank (0 when the data is there, or the index is empty too).
    std::uint64_t lost_objects() const { return lost_objects_; }

private:
    Cartridge() = default;
    Status load_index();
    // Before a write at `object`: repairs a torn tail on disk, refuses an append after a
    // damaged index record (Corrupt).
    Status prepare_write(std::uint64_t object);
    Status write_record(std::uint64_t i);
    Status seek_ends(std::uint64_t records);
    void close_fds();
    // An append of `data`, or of `block` when given (append_block).
    Status append(const void* data, std::size_t size, IoBlock* block, std::size_t capacity);
    // Queues a block behind the ones being written (direct data only).
    Status append_behind(const void* data, std::size_t size, IoBlock* block, std::size_t capacity);
    // Waits for the blocks written behind; on a failed write forgets the blocks it lost.
    Status settle();
    void settle_or_log(const char* when);
    std::string dir_;
    CartridgeMeta meta_;
    std::vector<IndexRecord> index_;
    std::vector<std::uint64_t> filemarks_;
    std::uint64_t data_end_ = 0;
    IndexDamage damage_ = IndexDamage::None;
    std::uint64_t disk_good_ = 0; // leading index records identical on disk and in memory
    std::string damage_note_;
    std::uint64_t lost_objects_ = 0;
    CartridgeData data_;
    int index_fd_ = -1;
    int lock_fd_ = -1;
    std::unique_ptr<WriteAhead> ahead_; // appends being written behind
    std::uint64_t ahead_first_ = 0;     // the object number of the first of them
    std::unique_ptr<ReadAhead> reader_; // direct reads: the windows read ahead
};

} // namespace tl::device
