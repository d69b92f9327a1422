#pragma once
// Data Protector's NULL device: always has a "cartridge", accepts every write and discards it,
// counting bytes, so a backup measures the read side alone. Reads find end of data at once.
// Capacity is unlimited (capacity_bytes() = 0: unknown). Same threading as TapeDrive.
#include "device/tape_drive.h"

namespace tl::device {

class NullDrive final : public TapeDrive {
public:
    explicit NullDrive(std::string name) : name_(std::move(name)) {}

    const std::string& name() const override { return name_; }
    Status open(bool read_only) override;
    Status close() override;
    bool is_open() const override { return open_; }
    Status load() override { return {}; }
    Status unload() override { return close(); }
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
    BlockLimits block_limits() const override { return {}; }
    std::uint64_t capacity_bytes() const override { return 0; }
    std::uint64_t remaining_bytes() const override { return 0; }
    const DriveCounters& counters() const override { return counters_; }

private:
    Status require_open();
    std::string name_;
    DriveCounters counters_;
    bool open_ = false;
    bool written_ = false;
    std::uint64_t objects_ = 0; // everything "written" since open; position is always EOD
};

} // namespace tl::device
