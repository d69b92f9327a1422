#include "device/null_drive.h"

namespace tl::device {

Status NullDrive::require_open() {
    if (!open_) return drive_error(name_, ErrorKind::InvalidArgument, "drive is not open");
    return {};
}

Status NullDrive::open(bool) {
    if (open_) return drive_error(name_, ErrorKind::Busy, "already open; close it first");
    open_ = true;
    written_ = false;
    objects_ = 0;
    return {};
}

Status NullDrive::close() {
    if (open_ && written_) counters_.filemarks_written.fetch_add(1, std::memory_order_relaxed);
    open_ = false;
    return {};
}

Status NullDrive::write_block(const void*, std::size_t size) {
    TL_TRY(require_open());
    const auto lim = block_limits();
    if (size < lim.min_block || size > lim.max_block)
        return drive_error(name_, ErrorKind::InvalidArgument,
                           "block of " + std::to_string(size) +
                               " bytes is outside the drive's limits");
    counters_.bytes_written.fetch_add(size, std::memory_order_relaxed);
    counters_.blocks_written.fetch_add(1, std::memory_order_relaxed);
    ++objects_;
    written_ = true;
    return {};
}

Result<std::size_t> NullDrive::read_block(void*, std::size_t) {
    TL_TRY(require_open());
    return drive_error(name_, ErrorKind::NotFound, "end of data (the null device keeps nothing)");
}

Status NullDrive::write_filemarks(int count) {
    TL_TRY(require_open());
    if (count < 0) return drive_error(name_, ErrorKind::InvalidArgument, "negative filemark count");
    counters_.filemarks_written.fetch_add(static_cast<std::uint64_t>(count),
                                          std::memory_order_relaxed);
    objects_ += static_cast<std::uint64_t>(count);
    written_ = false;
    return {};
}

Status NullDrive::space_filemarks(long count) {
    TL_TRY(require_open());
    if (count == 0) return {};
    return drive_error(name_, ErrorKind::NotFound, "end of data (the null device keeps nothing)");
}

Status NullDrive::space_records(long count) {
    return space_filemarks(count);
}

Status NullDrive::rewind() {
    TL_TRY(require_open());
    counters_.positioning_ops.fetch_add(1, std::memory_order_relaxed);
    return {};
}

Status NullDrive::goto_eod() {
    return rewind();
}

Result<std::uint64_t> NullDrive::tell() {
    TL_TRY(require_open());
    return objects_;
}

Status NullDrive::seek(std::uint64_t) {
    return rewind();
}

Result<DriveStatus> NullDrive::status() {
    DriveStatus s;
    s.online = true;
    s.eod = true;
    s.bot = objects_ == 0;
    s.file_number = 0;
    s.block_number = 0;
    s.volume = "NULL";
    return s;
}

} // namespace tl::device
