#pragma once
// A read-only view of a file whose pages are in memory anyway (tmpfs): reading through the
// mapping costs no copy into a buffer (issue 40: the copy of a 200,000-file restore's
// cartridge was a tenth of its CPU). One window of the file is mapped at a time, kWindow bytes
// from the start of the view that needed it, so the process maps (and counts in its resident
// set) no more than that; views stay valid until the next at() or reset(). Only for files
// nobody shortens while they are viewed: a virtual cartridge in a drive, whose truncation is
// this process's own write (which resets the view first).
#include <cstddef>
#include <cstdint>

namespace tl::device {

class MappedFile {
public:
    static constexpr std::size_t kWindow = 32u << 20;

    MappedFile() = default;
    MappedFile(MappedFile&& o) noexcept;
    MappedFile& operator=(MappedFile&& o) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();

    // `size` bytes at `offset` of the file open on `fd`, or null when they cannot be mapped
    // (the caller reads them instead).
    const std::uint8_t* at(int fd, std::uint64_t offset, std::size_t size);
    void reset(); // unmaps

private:
    void* base_ = nullptr;
    std::uint64_t from_ = 0; // file offset of base_
    std::size_t length_ = 0;
};

} // namespace tl::device
