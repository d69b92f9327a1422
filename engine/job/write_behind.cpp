#include "job/write_behind.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>

namespace tl::job {

namespace {

// sync_file_range's refusals that only say "not here" (a filesystem without it): not errors.
bool unsupported(int e) {
    return e == EINVAL || e == ESPIPE || e == EOPNOTSUPP || e == ENOSYS;
}

} // namespace

std::string WriteBehind::wrote(int fd, std::uint64_t offset, std::uint64_t n) {
    if (offset + n > end_) end_ = offset + n;
    if (off_ || end_ - submitted_ < window_) return {};
    const auto from = static_cast<off64_t>(submitted_);
    if (::sync_file_range(fd, from, static_cast<off64_t>(end_ - submitted_),
                          SYNC_FILE_RANGE_WRITE) != 0) {
        if (unsupported(errno)) return off_ = true, std::string();
        return std::string("write-behind: ") + std::strerror(errno);
    }
    if (submitted_ > prev_from_) { // the window before: written out, then its pages dropped
        const auto len = static_cast<off64_t>(submitted_ - prev_from_);
        const auto at = static_cast<off64_t>(prev_from_);
        if (::sync_file_range(fd, at, len,
                              SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE |
                                  SYNC_FILE_RANGE_WAIT_AFTER) != 0)
            return std::string("write-behind: ") + std::strerror(errno);
        (void)::posix_fadvise(fd, at, len, POSIX_FADV_DONTNEED); // advice: may keep some
        ++dropped_;
    }
    prev_from_ = submitted_;
    submitted_ = end_;
    return {};
}

void WriteBehind::finish(int fd) {
    if (off_ || end_ <= submitted_) return;
    (void)::sync_file_range(fd, static_cast<off64_t>(submitted_),
                            static_cast<off64_t>(end_ - submitted_), SYNC_FILE_RANGE_WRITE);
    submitted_ = end_; // an error here is the final sync's to report
}

} // namespace tl::job
