#include "job/direct_file_data.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tl::job {

namespace {

// pwrite until `n` bytes are written: "" or errno's text.
std::string put_all(int fd, const std::uint8_t* p, std::size_t n, std::uint64_t offset, int& err) {
    std::size_t done = 0;
    while (done < n) {
        const ssize_t w = ::pwrite(fd, p + done, n - done, static_cast<off_t>(offset + done));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            err = w < 0 ? errno : EIO;
            return std::string("write: ") + std::strerror(err);
        }
        done += static_cast<std::size_t>(w);
    }
    return {};
}

} // namespace

std::unique_ptr<DirectFileData> DirectFileData::open(int dir, const std::string& name, int fd) {
    const int direct = ::openat(dir, name.c_str(), O_WRONLY | O_DIRECT | O_CLOEXEC | O_NOFOLLOW);
    if (direct < 0) return nullptr;
    struct stat a {
    }, b{};
    if (::fstat(fd, &a) != 0 || ::fstat(direct, &b) != 0 || a.st_dev != b.st_dev ||
        a.st_ino != b.st_ino) {
        ::close(direct); // not the file created: never write through it
        return nullptr;
    }
    return std::unique_ptr<DirectFileData>(new DirectFileData(direct));
}

DirectFileData::~DirectFileData() {
    if (direct_fd_ >= 0) ::close(direct_fd_);
}

std::string DirectFileData::flush(int fd) {
    if (staged_ == 0) return {};
    const std::size_t aligned = direct_fd_ >= 0 ? staged_ / kAlign * kAlign : 0;
    int err = 0;
    if (aligned > 0) {
        auto why = put_all(direct_fd_, stage_.get(), aligned, stage_from_, err);
        if (!why.empty() && err != EINVAL) return why;
        if (!why.empty()) { // refused after all: the rest of the file goes buffered
            ::close(direct_fd_);
            direct_fd_ = -1;
            why = put_all(fd, stage_.get(), aligned, stage_from_, err);
            if (!why.empty()) return why;
        }
    }
    if (staged_ > aligned)
        if (auto why =
                put_all(fd, stage_.get() + aligned, staged_ - aligned, stage_from_ + aligned, err);
            !why.empty())
            return why;
    stage_from_ += staged_;
    staged_ = 0;
    return {};
}

std::string DirectFileData::write(int fd, const std::uint8_t* data, std::size_t n,
                                  std::uint64_t offset) {
    if (staged_ > 0 && offset != stage_from_ + staged_)
        if (auto why = flush(fd); !why.empty()) return why; // a hole
    int err = 0;
    if (staged_ == 0 && offset % kAlign != 0) {
        // Up to the next aligned offset through the page cache.
        const auto head =
            static_cast<std::size_t>(std::min<std::uint64_t>(n, kAlign - offset % kAlign));
        if (auto why = put_all(fd, data, head, offset, err); !why.empty()) return why;
        data += head;
        n -= head;
        offset += head;
    }
    if (staged_ == 0) stage_from_ = offset;
    while (n > 0) {
        const std::size_t take = std::min(n, kStage - staged_);
        std::memcpy(stage_.get() + staged_, data, take);
        staged_ += take;
        data += take;
        n -= take;
        if (staged_ == kStage)
            if (auto why = flush(fd); !why.empty()) return why;
    }
    return {};
}

std::string DirectFileData::finish(int fd) {
    return flush(fd);
}

} // namespace tl::job
