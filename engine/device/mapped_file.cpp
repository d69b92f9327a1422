#include "device/mapped_file.h"

#include <algorithm>
#include <utility>

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tl::device {

MappedFile::MappedFile(MappedFile&& o) noexcept
    : base_(std::exchange(o.base_, nullptr)), from_(std::exchange(o.from_, 0)),
      length_(std::exchange(o.length_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& o) noexcept {
    if (this != &o) {
        reset();
        base_ = std::exchange(o.base_, nullptr);
        from_ = std::exchange(o.from_, 0);
        length_ = std::exchange(o.length_, 0);
    }
    return *this;
}

MappedFile::~MappedFile() {
    reset();
}

void MappedFile::reset() {
    if (base_) ::munmap(base_, length_);
    base_ = nullptr;
    from_ = 0;
    length_ = 0;
}

const std::uint8_t* MappedFile::at(int fd, std::uint64_t offset, std::size_t size) {
    if (base_ && offset >= from_ && offset + size <= from_ + length_)
        return static_cast<const std::uint8_t*>(base_) + (offset - from_);
    reset();
    struct stat st {};
    const auto file_size = ::fstat(fd, &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
    if (offset + size > file_size) return nullptr;
    // From the page the view starts in; its page tables filled at once (MAP_POPULATE: one
    // call instead of a fault per 64 KiB as the reads go forward).
    static const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    const std::uint64_t from = offset / page * page;
    const auto length = static_cast<std::size_t>(std::min<std::uint64_t>(
        file_size - from, std::max<std::uint64_t>(kWindow, offset + size - from)));
    void* p =
        ::mmap(nullptr, length, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, static_cast<off_t>(from));
    if (p == MAP_FAILED) return nullptr;
    base_ = p;
    from_ = from;
    length_ = length;
    return static_cast<const std::uint8_t*>(base_) + (offset - from_);
}

} // namespace tl::device
