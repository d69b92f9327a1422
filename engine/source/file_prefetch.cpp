#include "source/file_prefetch.h"

#include <algorithm>
#include <cerrno>
#include <chrono>

#include <fcntl.h>
#include <unistd.h>

#include "common/thread_name.h"
#include "source/file_tree_walker.h"

namespace tl::source {

FilePrefetcher::FilePrefetcher(std::size_t threads, std::uint64_t max_held_bytes)
    : readers_(std::max<std::size_t>(threads, 1)), max_held_(max_held_bytes) {
    for (std::size_t i = 0; i < readers_; ++i)
        threads_.emplace_back([this] {
            name_this_thread("tl-prefetch");
            run();
        });
}

FilePrefetcher::~FilePrefetcher() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    work_.notify_all();
    for (auto& t : threads_)
        t.join();
}

namespace {
// Submitted files that wake an idle reader: it then reads them (and whatever came meanwhile) in
// one go. 32 (8 before) with the session's window of 256 files: fewer wake-ups per file.
constexpr std::uint64_t kWakeBatch = 32;
// Files a reader claims per hold of the lock. Results are taken in order, so a reader's later
// files wait behind its first; 4 keeps both readers a few files ahead of the taker.
constexpr std::size_t kClaimBatch = 4;
// Recycled buffers kept at most, and the largest kept (a larger one is freed). As many as a
// session's read-ahead window (256 files, session_reader.cpp): at each directory's end the
// window drains and every buffer comes back; keeping fewer freed the rest and the next
// directory allocated them again (at most 256 x 64 KiB = 16 MiB per session).
constexpr std::size_t kMaxSpare = 256;
constexpr std::size_t kMaxSpareBytes = 64 * 1024;
} // namespace

std::uint64_t FilePrefetcher::submit(int dirfd, std::string name, std::uint64_t size,
                                     bool read_xattrs, SizeIs size_is) {
    std::uint64_t ticket = 0;
    bool wake = false;
    {
        std::lock_guard lock(mutex_);
        ticket = first_ + jobs_.size();
        Job& j = jobs_.emplace_back();
        j.dirfd = dirfd;
        j.name = std::move(name);
        j.size = size;
        j.xattrs = read_xattrs;
        j.size_is = size_is;
        wake = idle_ > 0 && unstarted() >= kWakeBatch;
    }
    if (wake) work_.notify_one();
    return ticket;
}

PrefetchedFile FilePrefetcher::take(std::uint64_t ticket) {
    std::unique_lock lock(mutex_);
    auto ready = [&] { return ticket == first_ && !jobs_.empty() && jobs_.front().done; };
    if (!ready() && ticket == first_ && next_job_ == first_ && !jobs_.empty()) {
        // No reader has started it: reading it here costs less than waking one and waiting.
        Job& job = claim_next(lock);
        lock.unlock();
        read_file(job);
        lock.lock();
        job.done = true;
    } else if (!ready() && ticket == first_ && !jobs_.empty()) {
        const Job& job = jobs_.front(); // a reader has it: kept in place until taken
        lock.unlock();
        spin_until_done(job);
        lock.lock();
    }
    if (!ready()) {
        if (idle_ > 0 && unstarted() > 0) work_.notify_all(); // a batch not yet full
        // A reader that sets `done` after this store sees it and wakes this thread; one that
        // set it before is seen by the predicate (both seq_cst).
        taker_sleeps_ = true;
        ready_.wait(lock, ready);
        taker_sleeps_ = false;
    }
    PrefetchedFile out = std::move(jobs_.front().result);
    held_ -= jobs_.front().reserved;
    jobs_.pop_front();
    ++first_;
    return out;
}

void FilePrefetcher::finish(Job& job) {
    job.done = true;
    if (!taker_sleeps_) return;
    { // the taker is in wait() or about to be, holding the lock: it waits once this gets it
        std::lock_guard lock(mutex_);
    }
    ready_.notify_one();
}

void FilePrefetcher::spin_until_done(const Job& job) {
    // About the time a reader takes for a small file from the page cache.
    constexpr auto kSpin = std::chrono::microseconds(20);
    const auto until = std::chrono::steady_clock::now() + kSpin;
    while (!job.done.load(std::memory_order_acquire)) {
        if (std::chrono::steady_clock::now() > until) return;
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
}

FilePrefetcher::Job& FilePrefetcher::claim_next(std::unique_lock<std::mutex>&) {
    // A deque keeps its elements in place when the ends change: safe outside the lock.
    Job& job = jobs_[static_cast<std::size_t>(next_job_ - first_)];
    ++next_job_;
    if (!spare_.empty()) {
        job.result.data = std::move(spare_.back());
        spare_.pop_back();
    }
    return job;
}

void FilePrefetcher::recycle(PrefetchedFile&& done) {
    if (done.data.capacity() > kMaxSpareBytes) return;
    std::lock_guard lock(mutex_);
    if (spare_.size() < kMaxSpare) spare_.push_back(std::move(done.data));
}

std::uint64_t FilePrefetcher::waiting() {
    std::lock_guard lock(mutex_);
    return unstarted();
}

void FilePrefetcher::run() {
    std::vector<Job*> claimed;
    claimed.reserve(kClaimBatch);
    for (;;) {
        claimed.clear();
        {
            std::unique_lock lock(mutex_);
            if (unstarted() == 0 && !stopping_) {
                ++idle_;
                work_.wait(lock, [&] { return unstarted() > 0 || stopping_; });
                --idle_;
            }
            if (unstarted() == 0) return;
            // The rest is left to the other readers (and to the taker, which reads an unstarted
            // file itself rather than wait).
            const auto share = std::max<std::uint64_t>(1, unstarted() / (readers_ + 1));
            while (claimed.size() < std::min<std::uint64_t>(kClaimBatch, share))
                claimed.push_back(&claim_next(lock));
        }
        for (Job* job : claimed) {
            read_file(*job);
            finish(*job);
        }
    }
}

bool FilePrefetcher::reserve(std::uint64_t bytes) {
    if (held_.fetch_add(bytes) + bytes <= max_held_) return true;
    held_ -= bytes;
    return false;
}

void FilePrefetcher::read_file(Job& j) {
    auto& r = j.result;
    // O_NONBLOCK: a name that became a FIFO since the walk saw it opens without a writer.
    constexpr int kFlags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK;
    int fd = ::openat(j.dirfd, j.name.c_str(), kFlags | O_NOATIME);
    if (fd < 0 && errno == EPERM) // O_NOATIME needs the file's owner (or root)
        fd = ::openat(j.dirfd, j.name.c_str(), kFlags);
    if (fd < 0) {
        r.open_error = errno;
        return;
    }
    std::uint64_t size = j.size;
    bool small = true;
    if (j.size_is == SizeIs::AtMost) {
        r.before_ok = ::fstat(fd, &r.before) == 0;
        size = static_cast<std::uint64_t>(r.before.st_size);
        small = r.before_ok && S_ISREG(r.before.st_mode) && size <= j.size &&
                static_cast<std::uint64_t>(r.before.st_blocks) * 512 >= size;
    }
    if (!small || !reserve(size)) {
        r.unread = true;
        r.data.clear();
        ::close(fd);
        return;
    }
    j.reserved = size;
    r.data.resize(static_cast<std::size_t>(size));
    std::size_t got = 0;
    while (got < r.data.size()) {
        const ssize_t n = ::read(fd, r.data.data() + got, r.data.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            r.read_error = errno;
            break;
        }
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    r.data.resize(got);
    r.hash = codec::hash128(r.data.data(), r.data.size());
    r.after_ok = r.read_error == 0 && ::fstat(fd, &r.after) == 0;
    if (j.xattrs) read_metadata_fd(fd, r.meta);
    ::close(fd);
}

} // namespace tl::source
