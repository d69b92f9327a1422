#pragma once
// A real drive through the Linux st driver: /dev/nstN (never the rewinding /dev/stN), variable
// block mode (MTSETBLK 0), MTIOCTOP/MTIOCGET/MTIOCPOS (tape-notes §1). Errno is mapped to kinds:
// ENOMEDIUM NoMedium, EROFS/EACCES WriteProtected, ENOSPC NoSpace (early warning / EOM),
// ENOMEM InvalidArgument (block larger than the buffer; consumed), EBUSY Busy, ENOENT NotFound,
// EIO at end of data NotFound "end of data", else Io. Errors are often deferred by the drive:
// only write_filemarks() (non-immediate MTWEOF) and close() are durability points.
// One thread at a time; counters() from any thread.
#include "device/tape_drive.h"

namespace tl::device {

struct StDriveConfig {
    std::string name;                // "lib1-drive0" or the device path
    std::string device;              // /dev/nst0 or /dev/tape/by-id/...-nst
    BlockLimits limits{1, 1u << 20}; // host max transfer: HBAs often cap at 512 KiB-1 MiB
};

class StTapeDrive final : public TapeDrive {
public:
    explicit StTapeDrive(StDriveConfig config) : c_(std::move(config)) {}
    ~StTapeDrive() override;

    const std::string& name() const override { return c_.name; }
    Status open(bool read_only) override;
    Status close() override;
    bool is_open() const override { return fd_ >= 0; }
    Status load() override;
    Status unload() override;
    Status write_block(const void* data, std::size_t size) override;
    Result<std::size_t> read_block(void* buf, std::size_t capacity) override;
    Status write_filemarks(int count) override;
    Status space_filemarks(long count) override;
    Status space_records(long count) override;
    Status rewind() override;
    Status goto_eod() override;
    Result<std::uint64_t> tell() override;
    Status seek(std::uint64_t logical) override;
    Result<DriveStatus> status() override;
    BlockLimits block_limits() const override { return c_.limits; }
    std::uint64_t capacity_bytes() const override { return 0; }
    std::uint64_t remaining_bytes() const override { return 0; }
    const DriveCounters& counters() const override { return counters_; }
    // LOG SENSE 2Eh through the drive's sg node (st_tape_alert.h).
    Result<std::uint64_t> read_tape_alerts() override;

private:
    Status op(short mt_op, int count, const char* what);
    Error errno_error(int err, const std::string& what);
    StDriveConfig c_;
    DriveCounters counters_;
    int fd_ = -1;
};

} // namespace tl::device
