#pragma once
// A tape drive in the Linux st vocabulary (see shared tape-notes §1): variable-block mode,
// one write() = one block, filemarks, spacing, logical positions (MTIOCPOS/MTSEEK semantics:
// blocks and filemarks counted from BOT). Backends: VirtualTapeDrive (the embedded default),
// StTapeDrive (/dev/nstN), NullDrive (discards). A TapeDrive is used by one thread at a time;
// counters() may be read from any thread.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

#include "common/io_buffer.h"
#include "common/result.h"

namespace tl::device {

// Status bits as st's MTIOCGET reports them (GMT_*).
struct DriveStatus {
    bool online = false;        // a cartridge is loaded and ready
    bool bot = false;           // at beginning of tape
    bool eof = false;           // just after a filemark (block 0 of a file > 0)
    bool eod = false;           // at end of recorded data
    bool early_warning = false; // past the early-warning mark (GMT_EOT)
    bool write_protected = false;
    bool cleaning_requested = false;
    long file_number = -1;  // driver-counted; -1 when unknown (after seek, BSF...)
    long block_number = -1; // block within the current file; -1 when unknown
    std::string volume;     // barcode of the loaded cartridge ("" when none / unknown)
};

struct BlockLimits {
    std::size_t min_block = 1;
    std::size_t max_block = 8u << 20;
};

// Monotonic counters; atomics so the sampler can read them while the drive works.
struct DriveCounters {
    std::atomic<std::uint64_t> bytes_written{0}, blocks_written{0};
    std::atomic<std::uint64_t> bytes_read{0}, blocks_read{0};
    std::atomic<std::uint64_t> filemarks_written{0};
    std::atomic<std::uint64_t> positioning_ops{0}; // rewind, space, seek, eom
    std::atomic<std::uint64_t> errors{0};
    std::atomic<std::uint64_t> media_errors{0};  // of them, failed reads and writes (Io, Corrupt)
    std::atomic<std::uint64_t> reposition_ns{0}; // time spent positioning (model or real)
    std::atomic<std::uint64_t> shoeshine_events{0}; // streaming model: stops + repositions
    std::atomic<std::uint64_t> shoeshine_ns{0};     // time lost to them
    std::atomic<std::uint64_t> sync_restarts{0};    // streaming model: restarts after a filemark
    std::atomic<std::uint64_t> tape_moving_ns{0};   // streaming model: the tape moved writing
    // Streaming model: when the tape first moved writing since the last load or positioning,
    // as the drive's clock's monotonic time in ns since its epoch (kTapeNotStarted: not since).
    static constexpr std::int64_t kTapeNotStarted = INT64_MIN;
    std::atomic<std::int64_t> tape_started_ns{kTapeNotStarted};
    // Gauges of a drive model with speed matching: the step it runs at and the lowest it ran
    // at while streaming, bytes per second (0 = no model).
    std::atomic<std::uint64_t> speed_step{0}, lowest_speed_step{0};
    // Gauges of the drive's buffer when it is known (streaming model); capacity 0 = unknown.
    std::atomic<std::uint64_t> buffer_bytes{0}, buffer_capacity{0};
};

class TapeDrive {
public:
    virtual ~TapeDrive() = default;

    virtual const std::string& name() const = 0; // e.g. "vlib0-drive1", "/dev/nst0"

    // Opens the device for I/O on the loaded cartridge. read_only opens O_RDONLY.
    // Errors: NoMedium (no cartridge), WriteProtected (rw open of a protected one), Busy.
    virtual Status open(bool read_only) = 0;
    // Closes; after a write this writes one filemark, as st does on the nst node.
    virtual Status close() = 0;
    virtual bool is_open() const = 0;

    // MTLOAD: makes a cartridge sitting in the drive ready again after unload().
    virtual Status load() = 0;
    // MTOFFL: closes (writing the pending filemark), rewinds and ejects, so that a changer can
    // take the cartridge. Everything written is persisted. No-op without a cartridge.
    virtual Status unload() = 0;

    // Writes one block of exactly `size` bytes at the current position (which becomes EOD:
    // anything after it is gone). Errors: NoSpace (ENOSPC at early warning / physical end:
    // nothing was written), WriteProtected, InvalidArgument (size outside block limits), Io.
    virtual Status write_block(const void* data, std::size_t size) = 0;
    // write_block() of the first `size` bytes of `block` (`capacity` bytes, kIoAlign-aligned),
    // for a writer that builds each block in a buffer of its own: a drive that writes behind
    // may keep `block` instead of copying it, and leaves in its place another buffer of the same
    // capacity whose bytes are undefined. A write that fails leaves `block` as it was.
    virtual Status write_block_swap(IoBlock& block, std::size_t capacity, std::size_t size) {
        (void)capacity;
        return write_block(block.get(), size);
    }
    // Reads one block into `buf` (capacity bytes). Returns the block's length, or 0 when a
    // filemark was crossed. End of data: NotFound-kind error "end of data"; as on st, when the
    // last object is a filemark the first read at EOD returns 0 once more (two consecutive
    // zero reads), then the error. After goto_eod()/seek() to EOD the error comes at once. A block
    // larger than `capacity`: InvalidArgument (the block is consumed, as st's ENOMEM). Read errors:
    // Io or Corrupt.
    virtual Result<std::size_t> read_block(void* buf, std::size_t capacity) = 0;
    // read_block(), where the drive may instead point `view` at the block's bytes as it holds
    // them in memory (reads_from_memory()): valid until the next call on the drive, read-only.
    // `view` is null when the block went into `buf`.
    virtual Result<std::size_t> read_block_view(void* buf, std::size_t capacity,
                                                const std::uint8_t*& view) {
        view = nullptr;
        return read_block(buf, capacity);
    }

    virtual Status write_filemarks(int count) = 0; // synchronous: a durability point
    // Filemarks written without waiting for the drive to write out its buffer (st's MTWEOFI):
    // the tape keeps streaming, and nothing before them is durable until the next synchronous
    // write_filemarks() or close(). Drives that cannot defer them write them synchronously.
    virtual Status write_filemarks_immediate(int count) { return write_filemarks(count); }
    // >0 forward (ends after the mark), <0 back (ends before the mark). Running into EOD or
    // BOT: NotFound ("end of data" / "beginning of tape"), positioned there.
    virtual Status space_filemarks(long count) = 0;
    // >0 forward, <0 back. A filemark stops it with NotFound "filemark": forward ends after the
    // mark, backward before it (st's FSR/BSR).
    virtual Status space_records(long count) = 0;
    virtual Status rewind() = 0;
    virtual Status goto_eod() = 0;            // MTEOM: ready to append
    virtual Result<std::uint64_t> tell() = 0; // logical object number (blocks+filemarks)
    // The logical object number the drive is at as of its last operation, for live figures:
    // any thread may call it while another works the drive; -1 when the drive cannot say so
    // without a command (which only the working thread may send).
    virtual std::int64_t live_position() const { return -1; }
    virtual Status seek(std::uint64_t logical) = 0; // position before that object
    // Positioning ops (rewind, seek, BSF) straight after a data write first write the filemark
    // that close() would, as st does. Writing anywhere but EOD drops everything after it.

    virtual Result<DriveStatus> status() = 0;
    virtual BlockLimits block_limits() const = 0;
    // Native capacity and what remains before early warning, in bytes (0 when unknown).
    virtual std::uint64_t capacity_bytes() const = 0;
    virtual std::uint64_t remaining_bytes() const = 0;

    virtual const DriveCounters& counters() const = 0;
    // True where read_block() is only a copy from memory, never a wait (a virtual cartridge in
    // tmpfs, no modelled tape speed): a reader then reads on its own thread instead of ahead on
    // another (job/block_handover.h).
    virtual bool reads_from_memory() const { return false; }

    // TapeAlert flags (SSC LOG SENSE page 2Eh; device/tape_alert.h): bit n-1 set = flag n.
    // Reading clears them, as on a drive. 0 when the drive reports none or has no TapeAlert.
    virtual Result<std::uint64_t> read_tape_alerts() { return std::uint64_t{0}; }
    // With a cleaning cartridge loaded: the drive cleans its heads. A real drive does so by
    // itself when the cartridge is loaded (and ejects it), so this only waits for that.
    virtual Status clean() { return {}; }
};

// The TapeAlert bit of flag `n` (1..64).
constexpr std::uint64_t tape_alert_bit(int n) {
    return std::uint64_t{1} << (n - 1);
}

// Error message helper: "drive NAME: what".
inline Error drive_error(const std::string& drive, ErrorKind kind, const std::string& what) {
    return make_error(kind, "drive " + drive + ": " + what);
}

} // namespace tl::device
