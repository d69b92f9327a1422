#include "job/direct_file_data.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/thread_name.h"

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
    if (writer_.joinable()) {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
        }
        cv_.notify_all();
        writer_.join(); // writes what is queued first: the caller's descriptor is still open
    }
    if (direct_fd_ >= 0) ::close(direct_fd_);
}

// On the writer thread once it runs, else on the caller's: never both.
std::string DirectFileData::put_direct(const Run& r) {
    int err = 0;
    if (direct_fd_ >= 0) {
        auto why = put_all(direct_fd_, r.data.get(), r.bytes, r.from, err);
        if (why.empty() || err != EINVAL) return why;
        ::close(direct_fd_); // refused after all: the rest of the file goes buffered
        direct_fd_ = -1;
    }
    return put_all(r.fd, r.data.get(), r.bytes, r.from, err);
}

void DirectFileData::run() {
    name_this_thread("tl-direct-write");
    std::unique_lock lock(mutex_);
    for (;;) {
        cv_.wait(lock, [this] { return stop_ || !queued_.empty(); });
        if (queued_.empty()) return; // stopped, nothing left
        Run& r = queued_.front();
        std::string why;
        if (error_.empty()) { // after a failure nothing more is written
            lock.unlock();
            why = put_direct(r);
            lock.lock();
        }
        if (error_.empty()) error_ = std::move(why);
        spare_.push_back(std::move(r.data));
        queued_.pop_front();
        cv_.notify_all();
    }
}

std::string DirectFileData::queue_stage(int fd) {
    std::unique_lock lock(mutex_);
    if (!writer_.joinable()) writer_ = std::thread([this] { run(); });
    queued_.push_back({std::move(stage_), stage_from_, staged_, fd});
    cv_.notify_all();
    if (spare_.empty() && queued_.size() < kInFlight) {
        lock.unlock();
        stage_ = make_io_block(kStage);
        return {};
    }
    cv_.wait(lock, [this] { return !spare_.empty() || !error_.empty(); });
    if (!error_.empty()) return error_;
    stage_ = std::move(spare_.back());
    spare_.pop_back();
    return {};
}

std::string DirectFileData::wait_idle() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return queued_.empty(); });
    return error_;
}

std::string DirectFileData::flush(int fd) {
    if (staged_ == 0) return {};
    {
        std::lock_guard lock(mutex_);
        if (!error_.empty()) return error_;
    }
    const std::size_t aligned = staged_ / kAlign * kAlign;
    const std::size_t tail = staged_ - aligned;
    const std::uint64_t from = stage_from_;
    int err = 0;
    if (tail > 0) // its own page, after the aligned run: through the page cache now
        if (auto why = put_all(fd, stage_.get() + aligned, tail, from + aligned, err); !why.empty())
            return why;
    if (aligned > 0) {
        staged_ = aligned;
        if (writer_.joinable() || aligned == kStage) {
            if (auto why = queue_stage(fd); !why.empty()) return why;
        } else { // a file of one run (or its first, before a hole): no thread for it
            Run r{std::move(stage_), from, aligned, fd};
            auto why = put_direct(r);
            stage_ = std::move(r.data);
            if (!why.empty()) return why;
        }
    }
    stage_from_ = from + aligned + tail;
    staged_ = 0;
    return {};
}

std::string DirectFileData::write(int fd, const std::uint8_t* data, std::size_t n,
                                  std::uint64_t offset) {
    {
        std::lock_guard lock(mutex_);
        if (!error_.empty()) return error_;
    }
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
    auto why = flush(fd);
    auto behind = wait_idle();
    return why.empty() ? behind : why;
}

} // namespace tl::job
