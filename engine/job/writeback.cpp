#include "job/writeback.h"

#include <fcntl.h>
#include <unistd.h>

#include "common/log.h"
#include "common/thread_name.h"

namespace tl::job {

Writeback::Writeback(std::string dir, std::uint64_t every) : dir_(std::move(dir)), every_(every) {
    thread_ = std::thread([this] {
        name_this_thread("tl-writeback");
        run();
    });
}

Writeback::~Writeback() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    due_.notify_one();
    thread_.join();
    if (fd_ >= 0) ::close(fd_);
}

void Writeback::wrote(std::uint64_t n) {
    const std::uint64_t before = pending_.fetch_add(n, std::memory_order_relaxed);
    if (before < every_ && before + n >= every_) { // once per crossing
        std::lock_guard lock(mutex_); // the thread is waiting, or sees the count when it looks
        due_.notify_one();
    }
}

void Writeback::checkpoint() {
    if (pending_.load() == 0) return; // nothing written since the last one
    {
        std::lock_guard lock(mutex_);
        asked_ = true;
    }
    due_.notify_one();
}

void Writeback::run() {
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            due_.wait(lock, [&] { return stopping_ || asked_ || pending_.load() >= every_; });
            if (stopping_) return;
            asked_ = false;
        }
        pending_.store(0);
        // Opened once the writers created the target. A failure here is seen again, and
        // reported, by the final sync.
        if (fd_ < 0) fd_ = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd_ >= 0 && ::syncfs(fd_) == 0)
            checkpoints_++;
        else
            log::get("job")->debug("restore checkpoint sync of {} failed", dir_);
    }
}

} // namespace tl::job
