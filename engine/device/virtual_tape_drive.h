#pragma once
// The file-backed tape drive (tape-notes §5b): st semantics over a Cartridge folder under the
// data directory. Which cartridge is in the drive is asked of `resolve` at open()/status() (the
// changer's state file is the truth, not the drive), so a changer move made by another object
// or process is seen. Optional streaming model (§4.3) and fault injection for tests.
// Used by one thread at a time; counters() may be read from any thread.
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "common/clock.h"
#include "device/cartridge.h"
#include "device/streaming_model.h"
#include "device/tape_drive.h"
#include "device/tape_timing.h"
#include "device/virtual_faults.h"

namespace tl::device {

struct VirtualDriveConfig {
    std::string name;                         // "vlib0-drive0"
    std::string media_dir;                    // folder holding one <barcode>/ folder per cartridge
    std::uint64_t capacity = 4ull << 30;      // for blank cartridges (meta.json keeps its own)
    std::uint64_t ew_bytes = 2ull << 20;      // early-warning zone for blank cartridges
    BlockLimits limits;                       // READ BLOCK LIMITS (default 1 B .. 8 MiB)
    std::optional<StreamingConfig> streaming; // off by default
    double locate_seconds = 0; // modelled time per positioning op (with streaming only)
    // A drive type's timing model (load, unload, locate, reads, cleaning, and the streaming model
    // with its speed steps, which replaces `streaming`); off by default.
    std::optional<TapeTiming> timing;
    // The library folder whose faults.json (virtual_faults.h) injects faults into this drive,
    // the drive's number in it; "" = none.
    std::string library_dir;
    int element = 0;
    // Barcode of the cartridge in the drive ("" = empty). Required.
    std::function<std::string()> resolve;
};

// Faults a test can inject. Object numbers are logical (tell()).
struct DriveFaults {
    std::optional<std::uint64_t> write_error_at; // a write creating this object fails (Io)
    std::optional<std::uint64_t> read_error_at;  // reading this object fails (Io), not consumed
    std::optional<std::uint64_t> corrupt_at;     // reading this object returns flipped bytes
    bool offline = false;                        // not ready: open/I-O fail with Io
    bool media_error = false;                    // every read/write/filemark fails with Io
};

class VirtualTapeDrive final : public TapeDrive {
public:
    VirtualTapeDrive(VirtualDriveConfig config, Clock& clock);
    ~VirtualTapeDrive() override;

    const std::string& name() const override { return c_.name; }
    Status open(bool read_only) override;
    Status close() override;
    bool is_open() const override { return open_; }
    Status load() override;
    Status unload() override;
    Status write_block(const void* data, std::size_t size) override;
    // Written behind (a direct cartridge), `block` is kept and a free slot's buffer given back.
    Status write_block_swap(IoBlock& block, std::size_t capacity, std::size_t size) override;
    Result<std::size_t> read_block(void* buf, std::size_t capacity) override;
    // A cartridge in memory is viewed in place (CartridgeData::view), unless a fault corrupts
    // the block read.
    Result<std::size_t> read_block_view(void* buf, std::size_t capacity,
                                        const std::uint8_t*& view) override;
    Status write_filemarks(int count) override;
    Status write_filemarks_immediate(int count) override; // into the modelled buffer, no sync
    Status space_filemarks(long count) override;
    Status space_records(long count) override;
    Status rewind() override;
    Status goto_eod() override;
    Result<std::uint64_t> tell() override;
    std::int64_t live_position() const override { return static_cast<std::int64_t>(pos_.load()); }
    Status seek(std::uint64_t logical) override;
    Result<DriveStatus> status() override;
    BlockLimits block_limits() const override { return c_.limits; }
    std::uint64_t capacity_bytes() const override;
    std::uint64_t remaining_bytes() const override;
    const DriveCounters& counters() const override { return counters_; }
    // No timing model, and the cartridges in a filesystem that keeps files in memory.
    bool reads_from_memory() const override { return memory_reads_; }
    Result<std::uint64_t> read_tape_alerts() override;
    // The model's cleaning time; an injected cleaning request is answered.
    Status clean() override;

    void set_faults(const DriveFaults& f) { faults_ = f; }
    // Sets the write-protect tab of the loaded cartridge (persisted in its meta.json).
    Status set_write_protected(bool on);
    // Releases the cartridge folder (persisting it) without ejecting; next use re-resolves.
    Status detach();

private:
    Status ensure_cartridge();
    // read_block(), or read_block_view() when `view` is given.
    Result<std::size_t> read_next(void* buf, std::size_t capacity, const std::uint8_t** view);
    // write_block() of `data`, or of `block` when given (write_block_swap).
    Status write(const void* data, std::size_t size, IoBlock* block, std::size_t capacity);
    Status require_open(const char* op);
    Status pending_filemark();
    Status append_filemarks(int count, bool sync); // sync: drain the buffer, durable on return
    std::string faulty(const char* op) const;      // "" when no fault applies
    void positioned();
    // Runs a positioning op and charges the model's locate time for the distance it moved.
    Status travel(const std::function<Status()>& op);
    Status space_filemarks_now(long count);
    Status space_records_now(long count);
    Status goto_eod_now();
    std::uint64_t bytes_at(std::uint64_t logical) const; // where an object starts on the tape
    void charge(std::chrono::nanoseconds d);             // mechanical time: counted and slept
    void publish_model();
    // Re-reads the library's injected faults for this drive and `barcode`; consumes the one-shot
    // TapeAlert flags into alerts_.
    void refresh_faults(const std::string& barcode);
    std::optional<Error> injected_media_error(bool writing);
    std::uint64_t ew_at() const;
    Error fail(ErrorKind kind, const std::string& what);

    VirtualDriveConfig c_;
    Clock& clock_;
    DriveFaults faults_;
    DriveFaultSpec injected_drive_;
    CartridgeFaultSpec injected_cart_;
    std::uint64_t alerts_ = 0; // raised and not read yet
    DriveCounters counters_;
    std::optional<Cartridge> cart_;
    std::string barcode_;
    std::unique_ptr<StreamingModel> model_;
    bool memory_reads_ = false;
    bool ejected_ = false;
    bool open_ = false;
    bool read_only_ = false;
    bool last_write_ = false;     // a data write since the last filemark/positioning
    bool eod_zero_ = false;       // st EOD_2: the extra zero read at EOD was returned
    bool ew_refuse_next_ = false; // EW zone: the next write returns NoSpace
    // Logical object number; atomic so live_position() may read it while the drive works.
    std::atomic<std::uint64_t> pos_{0};
    long file_ = 0, blk_ = 0; // st's driver-counted numbers (-1 unknown)
};

} // namespace tl::device
