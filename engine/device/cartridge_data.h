#pragma once
// The `data` file of a virtual cartridge (cartridge.h), written and read without the page
// cache where the filesystem allows it (issue 40): a cartridge write costs the disk, not the
// kernel's first touch of page-cache memory.
//
// Two descriptors are open on the file. The direct one (O_DIRECT) takes every transfer whose
// file offset and length are multiples of the filesystem's direct-I/O offset alignment and
// whose buffer meets its memory alignment (statx STATX_DIOALIGN; 4096 where the kernel does
// not say). With the fixed block sizes of a tape session (1 KiB multiples, the label 64 KiB)
// that is every block. A caller's unaligned buffer is copied through one reusable aligned
// bounce buffer (the engine's block buffers are aligned: common/io_buffer.h); an unaligned
// offset or length (blocks of arbitrary size) goes through the buffered descriptor, which the
// kernel keeps coherent with the direct one. The on-disk format does not change: no padding.
//
// Appends preallocate space ahead (fallocate with KEEP_SIZE, so the file's size stays that of
// its data and old readers see nothing new) in steps of kPreallocStep, bounded by the
// cartridge's capacity; what is left beyond the data is released at close. Where the
// filesystem refuses O_DIRECT (open fails with EINVAL, a transfer fails with EINVAL, or the
// filesystem keeps files in memory anyway: tmpfs, ramfs) everything is buffered and the log
// ("device", info) says so once per cartridge.
//
// Not thread-safe: owned by one Cartridge.
#include <cstddef>
#include <cstdint>
#include <string>

#include <sys/uio.h>

#include "common/io_buffer.h"
#include "common/result.h"
#include "device/mapped_file.h"

namespace tl::device {

inline constexpr std::uint64_t kPreallocStep = 64ull << 20;

// True when the filesystem holding `path` keeps its files in memory (tmpfs, ramfs): no direct
// I/O there, and a read is a copy from memory. False when it cannot be told.
bool keeps_files_in_memory(const std::string& path);

class CartridgeData {
public:
    CartridgeData() = default;
    // Opens (creating) the data file at `path`; `barcode` names the cartridge in log lines.
    static Result<CartridgeData> open(const std::string& path, const std::string& barcode);
    CartridgeData(CartridgeData&& o) noexcept;
    CartridgeData& operator=(CartridgeData&& o) noexcept;
    CartridgeData(const CartridgeData&) = delete;
    CartridgeData& operator=(const CartridgeData&) = delete;
    ~CartridgeData();

    // True while aligned transfers bypass the page cache.
    bool direct() const { return direct_fd_ >= 0; }
    // The buffered descriptor: for the file's size and for rebuilding an index from the data.
    int fd() const { return fd_; }

    // Writes `size` bytes at `offset` (the end of the data), preallocating ahead up to
    // `capacity` bytes of file.
    Status append(std::uint64_t offset, const void* data, std::size_t size, std::uint64_t capacity);
    // The same for `count` buffers written one after the other from `offset` (`bytes` in all):
    // one transfer where every buffer suits direct I/O.
    Status append(std::uint64_t offset, const iovec* iov, int count, std::size_t bytes,
                  std::uint64_t capacity);
    Status read(std::uint64_t offset, void* buf, std::size_t size) const;
    // The `size` bytes at `offset` as they are in memory, valid until the next call on this
    // object; null unless the filesystem keeps the file in memory (tmpfs), where a read would be
    // a copy (device/mapped_file.h).
    const std::uint8_t* view(std::uint64_t offset, std::size_t size) const;
    // Cuts the file at `size` (the preallocation beyond goes with it).
    Status truncate(std::uint64_t size);
    Status sync(); // fdatasync: the data written either way, the size, the extents

private:
    bool direct_fits(std::uint64_t offset, std::size_t size) const;
    void preallocate(std::uint64_t end, std::uint64_t capacity);
    // One transfer, direct where it can be; `write` picks pwrite over pread.
    Status transfer(bool write, std::uint64_t offset, void* p, std::size_t size) const;
    Status buffered(bool write, std::uint64_t offset, void* p, std::size_t size) const;
    void go_buffered(const std::string& why) const;
    bool direct_fits(const iovec* iov, int count) const;
    void release_preallocation();
    void close_fds();

    std::string path_;
    std::string barcode_;
    int fd_ = -1;
    mutable int direct_fd_ = -1; // closed when a transfer finds direct I/O refused
    std::uint64_t offset_align_ = 4096;
    std::uint64_t mem_align_ = 4096;
    std::uint64_t allocated_ = 0; // bytes of the file known to be allocated (data + ahead)
    bool preallocating_ = true;   // false once fallocate failed: the filesystem cannot
    mutable IoBytes bounce_;
    bool in_memory_ = false;
    mutable MappedFile map_; // for view()
};

} // namespace tl::device
