#include "device/cartridge_data.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "common/log.h"
#include "device/sys_error.h"

namespace tl::device {

namespace {

// pwrite or pread until `size` bytes moved; false with errno set on failure (ENODATA: the
// file ended first).
bool move_all(bool write, int fd, char* p, std::size_t size, std::uint64_t offset) {
    std::size_t done = 0;
    while (done < size) {
        const auto at = static_cast<off_t>(offset + done);
        const ssize_t n = write ? ::pwrite(fd, p + done, size - done, at)
                                : ::pread(fd, p + done, size - done, at);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        if (n == 0) {
            errno = write ? EIO : ENODATA;
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// pwritev until `bytes` moved; false with errno set on failure. `iov` is consumed.
bool write_vector(int fd, iovec* iov, int count, std::size_t bytes, std::uint64_t offset) {
    std::size_t done = 0;
    while (done < bytes) {
        const ssize_t n = ::pwritev(fd, iov, count, static_cast<off_t>(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        if (n == 0) {
            errno = EIO;
            return false;
        }
        done += static_cast<std::size_t>(n);
        for (std::size_t left = static_cast<std::size_t>(n); left > 0 && count > 0;) {
            const std::size_t take = std::min(left, iov->iov_len);
            iov->iov_base = static_cast<char*>(iov->iov_base) + take;
            iov->iov_len -= take;
            left -= take;
            if (iov->iov_len == 0) {
                ++iov;
                --count;
            }
        }
    }
    return true;
}

bool in_memory(const struct statfs& fs) {
    const auto type = static_cast<unsigned long>(fs.f_type);
    return type == TMPFS_MAGIC || type == RAMFS_MAGIC;
}

// Why direct I/O is not used on the open file ("" when it is), and its alignments.
std::string direct_refusal(int fd, std::uint64_t& offset_align, std::uint64_t& mem_align) {
    struct statfs fs {};
    if (::fstatfs(fd, &fs) == 0 && in_memory(fs))
        return "its filesystem keeps files in memory (tmpfs)";
#ifdef STATX_DIOALIGN
    struct statx sx {};
    if (::statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 &&
        (sx.stx_mask & STATX_DIOALIGN) != 0) {
        if (sx.stx_dio_offset_align == 0 || sx.stx_dio_mem_align == 0)
            return "its filesystem offers no direct I/O for it";
        offset_align = sx.stx_dio_offset_align;
        mem_align = sx.stx_dio_mem_align;
    }
#endif
    return {};
}

} // namespace

Result<CartridgeData> CartridgeData::open(const std::string& path, const std::string& barcode) {
    CartridgeData d;
    d.path_ = path;
    d.barcode_ = barcode;
    d.fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (d.fd_ < 0) return sys_error("cannot open", path);
    struct stat st {};
    if (::fstat(d.fd_, &st) != 0) return sys_error("cannot stat", path);
    d.allocated_ = static_cast<std::uint64_t>(st.st_size);
    struct statfs fs {};
    d.in_memory_ = ::fstatfs(d.fd_, &fs) == 0 && in_memory(fs);
    std::string refused = direct_refusal(d.fd_, d.offset_align_, d.mem_align_);
    if (refused.empty()) {
        d.direct_fd_ = ::open(path.c_str(), O_RDWR | O_DIRECT | O_CLOEXEC);
        if (d.direct_fd_ < 0) refused = std::string("O_DIRECT refused: ") + std::strerror(errno);
    }
    if (!refused.empty())
        log::get("device")->info("cartridge {}: {}; its data goes through the page cache", barcode,
                                 refused);
    return d;
}

CartridgeData::CartridgeData(CartridgeData&& o) noexcept {
    *this = std::move(o);
}

CartridgeData& CartridgeData::operator=(CartridgeData&& o) noexcept {
    if (this != &o) {
        release_preallocation();
        close_fds();
        path_ = std::move(o.path_);
        barcode_ = std::move(o.barcode_);
        fd_ = o.fd_;
        direct_fd_ = o.direct_fd_;
        offset_align_ = o.offset_align_;
        mem_align_ = o.mem_align_;
        allocated_ = o.allocated_;
        preallocating_ = o.preallocating_;
        bounce_ = std::move(o.bounce_);
        in_memory_ = o.in_memory_;
        map_ = std::move(o.map_);
        o.fd_ = o.direct_fd_ = -1;
    }
    return *this;
}

CartridgeData::~CartridgeData() {
    release_preallocation();
    close_fds();
}

void CartridgeData::close_fds() {
    for (int* fd : {&fd_, &direct_fd_})
        if (*fd >= 0) {
            ::close(*fd);
            *fd = -1;
        }
}

// What was preallocated beyond the data is given back: a cartridge on the shelf holds its
// data's space only. (ext4 and xfs free the blocks past the size on a truncate to the size.)
void CartridgeData::release_preallocation() {
    if (fd_ < 0) return;
    struct stat st {};
    if (::fstat(fd_, &st) != 0 || allocated_ <= static_cast<std::uint64_t>(st.st_size)) return;
    if (::ftruncate(fd_, st.st_size) != 0)
        log::get("device")->warn("cartridge {}: cannot release the space preallocated after its "
                                 "data in {}: {}",
                                 barcode_, path_, std::strerror(errno));
    allocated_ = static_cast<std::uint64_t>(st.st_size);
}

// A filesystem asking for more memory alignment than kIoAlign (the bounce buffer's) never goes
// direct.
bool CartridgeData::direct_fits(std::uint64_t offset, std::size_t size) const {
    return direct_fd_ >= 0 && size > 0 && offset % offset_align_ == 0 &&
           size % offset_align_ == 0 && kIoAlign % mem_align_ == 0;
}

void CartridgeData::go_buffered(const std::string& why) const {
    ::close(direct_fd_);
    direct_fd_ = -1;
    log::get("device")->info("cartridge {}: {}; its data goes through the page cache from now on",
                             barcode_, why);
}

void CartridgeData::preallocate(std::uint64_t end, std::uint64_t capacity) {
    std::uint64_t want = (end + kPreallocStep - 1) / kPreallocStep * kPreallocStep;
    want = std::max(std::min(want, capacity), end);
    if (want <= allocated_) return;
    if (::fallocate(fd_, FALLOC_FL_KEEP_SIZE, static_cast<off_t>(allocated_),
                    static_cast<off_t>(want - allocated_)) != 0) {
        preallocating_ = false; // a full or a simple filesystem: appends allocate as they go
        log::get("device")->debug("cartridge {}: no space preallocated ({}); appends allocate "
                                  "as they write",
                                  barcode_, std::strerror(errno));
        return;
    }
    allocated_ = want;
}

Status CartridgeData::buffered(bool write, std::uint64_t offset, void* p, std::size_t size) const {
    if (move_all(write, fd_, static_cast<char*>(p), size, offset)) return {};
    return sys_error(write ? "cannot write" : "cannot read", path_);
}

Status CartridgeData::transfer(bool write, std::uint64_t offset, void* p, std::size_t size) const {
    if (!direct_fits(offset, size)) return buffered(write, offset, p, size);
    char* io = static_cast<char*>(p);
    const bool bounce = reinterpret_cast<std::uintptr_t>(p) % mem_align_ != 0;
    if (bounce) {
        if (bounce_.size() < size) bounce_ = IoBytes(size);
        io = reinterpret_cast<char*>(bounce_.data());
        if (write) std::memcpy(io, p, size);
    }
    if (move_all(write, direct_fd_, io, size, offset)) {
        if (bounce && !write) std::memcpy(p, io, size);
        return {};
    }
    if (errno != EINVAL) return sys_error(write ? "cannot write" : "cannot read", path_);
    go_buffered(std::string("a direct ") + (write ? "write" : "read") + " of " +
                std::to_string(size) + " bytes at " + std::to_string(offset) + " was refused");
    return buffered(write, offset, p, size);
}

Status CartridgeData::append(std::uint64_t offset, const void* data, std::size_t size,
                             std::uint64_t capacity) {
    if (direct_fd_ >= 0 && preallocating_ && offset + size > allocated_)
        preallocate(offset + size, capacity);
    // transfer() only reads from the buffer when writing.
    return transfer(true, offset, const_cast<void*>(data), size);
}

bool CartridgeData::direct_fits(const iovec* iov, int count) const {
    for (int i = 0; i < count; ++i)
        if (iov[i].iov_len % offset_align_ != 0 ||
            reinterpret_cast<std::uintptr_t>(iov[i].iov_base) % mem_align_ != 0)
            return false;
    return true;
}

Status CartridgeData::append(std::uint64_t offset, const iovec* iov, int count, std::size_t bytes,
                             std::uint64_t capacity) {
    if (count == 1) return append(offset, iov[0].iov_base, iov[0].iov_len, capacity);
    if (direct_fits(offset, bytes) && direct_fits(iov, count)) {
        if (preallocating_ && offset + bytes > allocated_) preallocate(offset + bytes, capacity);
        std::vector<iovec> left(iov, iov + count);
        if (write_vector(direct_fd_, left.data(), count, bytes, offset)) return {};
        if (errno != EINVAL) return sys_error("cannot write", path_);
        go_buffered("a direct write of " + std::to_string(bytes) + " bytes at " +
                    std::to_string(offset) + " was refused");
    }
    std::uint64_t at = offset;
    for (int i = 0; i < count; ++i) {
        TL_TRY(append(at, iov[i].iov_base, iov[i].iov_len, capacity));
        at += iov[i].iov_len;
    }
    return {};
}

Status CartridgeData::read(std::uint64_t offset, void* buf, std::size_t size) const {
    return transfer(false, offset, buf, size);
}

const std::uint8_t* CartridgeData::view(std::uint64_t offset, std::size_t size) const {
    return in_memory_ ? map_.at(fd_, offset, size) : nullptr;
}

Status CartridgeData::truncate(std::uint64_t size) {
    map_.reset(); // a view past the new end would fault
    if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) return sys_error("cannot truncate", path_);
    allocated_ = size;
    return {};
}

Status CartridgeData::sync() {
    if (::fdatasync(fd_) != 0) return sys_error("cannot fsync", path_);
    return {};
}

bool keeps_files_in_memory(const std::string& path) {
    struct statfs fs {};
    return ::statfs(path.c_str(), &fs) == 0 && in_memory(fs);
}

} // namespace tl::device
