#include "device/st_tape_drive.h"

#include <cerrno>
#include <chrono>
#include <cstring>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mtio.h>
#include <unistd.h>

#include "common/log.h"
#include "device/st_tape_alert.h"

namespace tl::device {

namespace {
void add_relaxed(std::atomic<std::uint64_t>& c, std::uint64_t v) {
    c.fetch_add(v, std::memory_order_relaxed);
}
} // namespace

StTapeDrive::~StTapeDrive() {
    if (fd_ >= 0) {
        auto s = close();
        if (!s) log::get("device")->error("{}", s.error().message);
    }
}

Error StTapeDrive::errno_error(int err, const std::string& what) {
    add_relaxed(counters_.errors, 1);
    ErrorKind kind = ErrorKind::Io;
    std::string hint;
    switch (err) {
    case ENOMEDIUM:
        kind = ErrorKind::NoMedium;
        hint = "; load a cartridge";
        break;
    case EROFS:
    case EACCES:
        kind = ErrorKind::WriteProtected;
        hint = "; the cartridge is write-protected or opened read-only";
        break;
    case ENOSPC:
        kind = ErrorKind::NoSpace;
        hint = "; end of medium: continue on another cartridge";
        break;
    case ENOMEM:
        kind = ErrorKind::InvalidArgument;
        hint = "; the block was larger than the buffer and was skipped";
        break;
    case EINVAL:
        kind = ErrorKind::InvalidArgument;
        break;
    case EBUSY:
        kind = ErrorKind::Busy;
        hint = "; another process has the drive open";
        break;
    case ENOENT:
    case ENXIO:
        kind = ErrorKind::NotFound;
        hint = "; check the device path";
        break;
    default:
        break;
    }
    auto e = drive_error(c_.name, kind, what + ": " + std::strerror(err) + hint);
    log::get("device")->warn("{}", e.message);
    return e;
}

Status StTapeDrive::open(bool read_only) {
    if (fd_ >= 0) return drive_error(c_.name, ErrorKind::Busy, "already open; close it first");
    fd_ = ::open(c_.device.c_str(), (read_only ? O_RDONLY : O_RDWR) | O_CLOEXEC);
    if (fd_ < 0) return errno_error(errno, "cannot open " + c_.device);
    mtop setblk{MTSETBLK, 0};
    if (::ioctl(fd_, MTIOCTOP, &setblk) != 0) {
        auto e = errno_error(errno, "cannot select variable block mode (MTSETBLK 0)");
        ::close(fd_);
        fd_ = -1;
        return e;
    }
    return {};
}

Status StTapeDrive::close() {
    if (fd_ < 0) return {};
    int rc = ::close(fd_); // the driver writes the pending filemark here
    fd_ = -1;
    if (rc != 0) return errno_error(errno, "close (deferred error)");
    return {};
}

Status StTapeDrive::op(short mt_op, int count, const char* what) {
    if (fd_ < 0)
        return drive_error(c_.name, ErrorKind::InvalidArgument,
                           std::string(what) + ": drive is not open");
    mtop o{mt_op, count};
    const auto t0 = std::chrono::steady_clock::now();
    int rc = ::ioctl(fd_, MTIOCTOP, &o);
    const int err = errno;
    if (mt_op != MTWEOF) {
        add_relaxed(counters_.positioning_ops, 1);
        add_relaxed(counters_.reposition_ns,
                    static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                   std::chrono::steady_clock::now() - t0)
                                                   .count()));
    }
    if (rc == 0) return {};
    if (err == EIO && mt_op != MTWEOF) {
        auto s = status();
        if (s && s->eod)
            return drive_error(c_.name, ErrorKind::NotFound, std::string(what) + ": end of data");
        if (s && s->bot)
            return drive_error(c_.name, ErrorKind::NotFound,
                               std::string(what) + ": beginning of tape");
        if (s && (mt_op == MTFSR || mt_op == MTBSR) && s->eof)
            return drive_error(c_.name, ErrorKind::NotFound,
                               std::string(what) + ": filemark reached");
    }
    return errno_error(err, what);
}

Status StTapeDrive::load() {
    if (fd_ >= 0) return op(MTLOAD, 1, "load");
    int fd = ::open(c_.device.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return errno_error(errno, "cannot open " + c_.device);
    mtop o{MTLOAD, 1};
    int rc = ::ioctl(fd, MTIOCTOP, &o);
    const int err = errno;
    ::close(fd);
    if (rc != 0) return errno_error(err, "load");
    return {};
}

Status StTapeDrive::unload() {
    if (fd_ < 0) {
        int fd = ::open(c_.device.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) return errno_error(errno, "cannot open " + c_.device);
        mtop o{MTOFFL, 1};
        int rc = ::ioctl(fd, MTIOCTOP, &o);
        const int err = errno;
        ::close(fd);
        if (rc != 0 && err != ENOMEDIUM) return errno_error(err, "unload (MTOFFL)");
        return {};
    }
    TL_TRY(op(MTOFFL, 1, "unload (MTOFFL)"));
    return close();
}

Status StTapeDrive::write_block(const void* data, std::size_t size) {
    if (fd_ < 0)
        return drive_error(c_.name, ErrorKind::InvalidArgument, "write: drive is not open");
    if (size < c_.limits.min_block || size > c_.limits.max_block)
        return drive_error(
            c_.name, ErrorKind::InvalidArgument,
            "block of " + std::to_string(size) + " bytes is outside the drive's limits (" +
                std::to_string(c_.limits.min_block) + ".." + std::to_string(c_.limits.max_block) +
                " bytes); use a block size within them");
    ssize_t n;
    do
        n = ::write(fd_, data, size);
    while (n < 0 && errno == EINTR);
    if (n < 0) return errno_error(errno, "write of " + std::to_string(size) + " bytes");
    if (static_cast<std::size_t>(n) != size)
        return drive_error(c_.name, ErrorKind::NoSpace,
                           "short write at end of medium; continue on another cartridge");
    add_relaxed(counters_.bytes_written, size);
    add_relaxed(counters_.blocks_written, 1);
    return {};
}

Result<std::size_t> StTapeDrive::read_block(void* buf, std::size_t capacity) {
    if (fd_ < 0) return drive_error(c_.name, ErrorKind::InvalidArgument, "read: drive is not open");
    ssize_t n;
    do
        n = ::read(fd_, buf, capacity);
    while (n < 0 && errno == EINTR);
    if (n < 0) {
        const int err = errno;
        if (err == EIO) {
            auto s = status();
            if (s && s->eod) return drive_error(c_.name, ErrorKind::NotFound, "end of data");
        }
        return errno_error(err, "read");
    }
    if (n > 0) {
        add_relaxed(counters_.bytes_read, static_cast<std::uint64_t>(n));
        add_relaxed(counters_.blocks_read, 1);
    }
    return static_cast<std::size_t>(n);
}

Status StTapeDrive::write_filemarks(int count) {
    TL_TRY(op(MTWEOF, count, "write filemark"));
    add_relaxed(counters_.filemarks_written, static_cast<std::uint64_t>(count));
    return {};
}

Status StTapeDrive::space_filemarks(long count) {
    if (count == 0) return {};
    return count > 0 ? op(MTFSF, static_cast<int>(count), "space forward filemarks")
                     : op(MTBSF, static_cast<int>(-count), "space back filemarks");
}

Status StTapeDrive::space_records(long count) {
    if (count == 0) return {};
    return count > 0 ? op(MTFSR, static_cast<int>(count), "space forward records")
                     : op(MTBSR, static_cast<int>(-count), "space back records");
}

Status StTapeDrive::rewind() {
    return op(MTREW, 1, "rewind");
}
Status StTapeDrive::goto_eod() {
    return op(MTEOM, 1, "go to end of data");
}

Result<std::uint64_t> StTapeDrive::tell() {
    if (fd_ < 0) return drive_error(c_.name, ErrorKind::InvalidArgument, "tell: drive is not open");
    mtpos p{};
    if (::ioctl(fd_, MTIOCPOS, &p) != 0) return errno_error(errno, "read position (MTIOCPOS)");
    return static_cast<std::uint64_t>(p.mt_blkno);
}

Status StTapeDrive::seek(std::uint64_t logical) {
    return op(MTSEEK, static_cast<int>(logical), "seek (MTSEEK)");
}

Result<DriveStatus> StTapeDrive::status() {
    int fd = fd_;
    const bool temp = fd < 0;
    if (temp) {
        fd = ::open(c_.device.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) return errno_error(errno, "cannot open " + c_.device);
    }
    mtget g{};
    int rc = ::ioctl(fd, MTIOCGET, &g);
    const int err = errno;
    if (temp) ::close(fd);
    if (rc != 0) return errno_error(err, "status (MTIOCGET)");
    DriveStatus s;
    s.online = GMT_ONLINE(g.mt_gstat);
    s.bot = GMT_BOT(g.mt_gstat);
    s.eof = GMT_EOF(g.mt_gstat);
    s.eod = GMT_EOD(g.mt_gstat);
    s.early_warning = GMT_EOT(g.mt_gstat);
    s.write_protected = GMT_WR_PROT(g.mt_gstat);
    s.cleaning_requested = (g.mt_gstat & 0x00008000) != 0; // GMT_CLN (not in glibc's mtio.h)
    s.file_number = g.mt_fileno;
    s.block_number = g.mt_blkno;
    return s;
}

Result<std::uint64_t> StTapeDrive::read_tape_alerts() {
    auto sg = sg_node_of(c_.device);
    if (!sg) return sg.error();
    return read_tape_alerts_sg(sg.value());
}

} // namespace tl::device
