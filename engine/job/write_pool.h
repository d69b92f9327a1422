#pragma once
// The restore's writer threads: a few lanes, each a thread running its tasks in the order they
// were posted, so everything of one file (create, writes, metadata, rename) is posted to one lane
// and runs in order while other files are written on the other lanes. The memory the waiting
// tasks hold is bounded: post() waits while it exceeds the limit, so a fast tape cannot fill
// the memory. Thread-safe; shared by every RestoreWriter of a restore job.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tl::job {

class WritePool final {
public:
    // `lanes` threads (at least 1); `max_queued` bytes held by waiting tasks at most.
    explicit WritePool(std::size_t lanes, std::size_t max_queued = 64u << 20);
    ~WritePool(); // runs what is queued, then stops the threads
    WritePool(const WritePool&) = delete;
    WritePool& operator=(const WritePool&) = delete;

    std::size_t lanes() const { return lanes_.size(); }
    // Runs `task` on lane `lane % lanes()` after the tasks posted there before; `bytes` is the
    // memory it holds, its buffers' size rather than the data in them (counted against the
    // limit until it ran).
    void post(std::size_t lane, std::function<void()> task, std::size_t bytes = 0);

private:
    struct Lane {
        std::deque<std::pair<std::function<void()>, std::size_t>> tasks;
        std::condition_variable work; // only this lane's thread waits on it
        std::thread thread;
    };
    void run(Lane& lane);

    std::mutex mutex_;
    std::condition_variable room_;
    std::size_t waiting_for_room_ = 0;
    std::vector<std::unique_ptr<Lane>> lanes_;
    std::size_t queued_ = 0;
    const std::size_t max_queued_;
    bool stopping_ = false;
};

} // namespace tl::job
