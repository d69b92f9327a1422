#pragma once
// Reads small regular files ahead of the one a session is storing: a few threads open, read,
// fstat and (when asked) read the xattrs of the next files of the walk while the session's
// reader hashes and frames the current one, so the per-file system calls of a tree of small
// files run in parallel instead of one after another. Results are taken in the order the files
// were submitted. The directory fd a file is submitted with must stay open until its result was
// taken. An idle reader is woken once a few files wait for it, not for every file: a wake-up per
// file cost a futex call and a context switch per file (issue 17). A reader claims a few files
// per hold of the lock and marks each done without it; it takes the lock to wake the taker only
// when the taker sleeps (two futex calls per file before: the lock handed between readers and
// taker, and a broadcast per file). A result no reader has started is read by the thread that
// asks for it, and one a reader is reading is waited for a few microseconds before sleeping: on
// this kind of machine a sleep and its wake-up cost more than reading a small file (issue 17).
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>

#include "codec/hash.h"
#include "source/fs_entry.h"

namespace tl::source {

// Leaves the bytes of a resize uninitialized: they are read into at once (a zero fill would
// write every byte of every small file once more).
template <class T> struct UninitAllocator : std::allocator<T> {
    using value_type = T;
    template <class U> struct rebind { using other = UninitAllocator<U>; };
    UninitAllocator() = default;
    template <class U> UninitAllocator(const UninitAllocator<U>&) noexcept {}
    template <class U> void construct(U* p) noexcept { ::new (static_cast<void*>(p)) U; }
};

// What the size a file is submitted with means.
enum class SizeIs {
    Known, // the walk's stat: read up to it, no stat before (a file that grew is flagged later)
    AtMost // unknown until opened: stat the open file, read it if regular, small, not sparse
};

struct PrefetchedFile {
    int open_error = 0; // errno of openat; 0 = opened
    int read_error = 0; // errno of a failed read; 0 = read
    // fstat of the open file before its data was read (SizeIs::AtMost: a walk that deferred
    // the stat takes it from here, FsEntry::stat_pending).
    struct stat before {};
    bool before_ok = false;
    // Opened, but the data was left for the session to read: the readers' byte budget was spent
    // or (SizeIs::AtMost) the file is not a regular file, larger than the size submitted, or
    // sparse. `data`, `hash`, `after` and `meta` are then empty.
    bool unread = false;
    // Its size (`before`) as read; less when the file shrank while it was read.
    std::vector<std::uint8_t, UninitAllocator<std::uint8_t>> data;
    codec::Hash128 hash;  // XXH3-128 of data, computed by the reader thread that read it
    struct stat after {}; // fstat of the open file after its data was read
    bool after_ok = false;
    FsEntry meta; // xattrs and ACL read from the open fd (only when asked)
};

class FilePrefetcher final {
public:
    // `threads` readers (at least 1), holding at most `max_held_bytes` of data read and not yet
    // taken (a file that would pass it is left unread).
    explicit FilePrefetcher(std::size_t threads, std::uint64_t max_held_bytes = 16u << 20);
    ~FilePrefetcher(); // finishes what is queued
    FilePrefetcher(const FilePrefetcher&) = delete;
    FilePrefetcher& operator=(const FilePrefetcher&) = delete;

    // Queues the read of `name` in `dirfd`, `size` bytes (SizeIs::Known) or a regular file of
    // at most `size` bytes and not sparse (SizeIs::AtMost; else it is only opened and stat'ed,
    // `unread`); returns its ticket.
    std::uint64_t submit(int dirfd, std::string name, std::uint64_t size, bool read_xattrs,
                         SizeIs size_is = SizeIs::Known);
    // Waits for the result of `ticket`; tickets are taken in the order they were given.
    PrefetchedFile take(std::uint64_t ticket);
    // Gives a taken file's buffer back for a later read: no allocation and free per file (the
    // free of a buffer another thread allocated takes that thread's arena lock).
    void recycle(PrefetchedFile&& done);
    // Files submitted that no reader has started yet.
    std::uint64_t waiting();

private:
    struct Job {
        int dirfd = -1;
        std::string name;
        std::uint64_t size = 0;
        std::uint64_t reserved = 0; // of the byte budget, given back when taken
        SizeIs size_is = SizeIs::Known;
        bool xattrs = false;
        PrefetchedFile result;
        // Set by the reader without the lock (seq_cst, paired with taker_sleeps_).
        std::atomic<bool> done{false};
    };
    void run();
    void read_file(Job& job);
    // Reserves `bytes` of the budget for a read; false (nothing reserved) when it is spent.
    bool reserve(std::uint64_t bytes);
    // With `lock` held: claims the next unstarted job (and a spare buffer for it).
    Job& claim_next(std::unique_lock<std::mutex>& lock);
    // Marks a reader's job done; wakes the taker only when it sleeps.
    void finish(Job& job);
    // Waits a few microseconds without the lock for a job a reader is reading.
    static void spin_until_done(const Job& job);
    // With mutex_ held: files submitted that no reader has started.
    std::uint64_t unstarted() const { return first_ + jobs_.size() - next_job_; }

    std::mutex mutex_;
    std::condition_variable work_, ready_;
    std::deque<Job> jobs_;                  // tickets [first_, first_ + jobs_.size())
    std::uint64_t first_ = 0;               // the ticket of jobs_.front()
    std::uint64_t next_job_ = 0;            // the next ticket no reader has started
    std::size_t idle_ = 0;                  // readers waiting for work
    std::atomic<bool> taker_sleeps_{false}; // take() waits on ready_ (set and cleared under mutex_)
    std::vector<std::vector<std::uint8_t, UninitAllocator<std::uint8_t>>> spare_; // recycled
    bool stopping_ = false;
    std::size_t readers_ = 1; // the number of threads_, known before they start
    const std::uint64_t max_held_;
    std::atomic<std::uint64_t> held_{0}; // bytes reserved by results not yet taken
    std::vector<std::thread> threads_;
};

} // namespace tl::source
