#pragma once
// Starts a restore's data on its way to the disk while the restore runs: once enough bytes were
// written since the last checkpoint, a thread of its own runs syncfs on the target's filesystem.
// Without it the kernel begins writing back only when a tenth of the memory is dirty, so a
// restore of a few GiB would leave nearly all of its data to the final sync, and the disk would
// idle while the tape is read. The writers never wait for it; the final sync of the restore
// (RestoreWriter::sync_to_disk) stays the durability point. Thread-safe.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace tl::job {

class Writeback final {
public:
    // Checkpoints of `dir`'s filesystem every `every` bytes written (`dir` is opened at the
    // first one: the writers create it). One that fails is left to the final sync.
    explicit Writeback(std::string dir, std::uint64_t every = 64u << 20);
    ~Writeback(); // stops the thread (a checkpoint under way completes)
    Writeback(const Writeback&) = delete;
    Writeback& operator=(const Writeback&) = delete;

    // `n` more bytes were written under the target.
    void wrote(std::uint64_t n);
    // A checkpoint now (a save set was completed) if bytes were written since the last one, run
    // on its thread: the caller goes on.
    void checkpoint();
    // Checkpoints run so far.
    std::uint64_t checkpoints() const { return checkpoints_.load(); }

private:
    void run();

    const std::string dir_;
    int fd_ = -1; // the checkpoint thread's
    const std::uint64_t every_;
    std::atomic<std::uint64_t> pending_{0};
    std::atomic<std::uint64_t> checkpoints_{0};
    std::mutex mutex_;
    std::condition_variable due_;
    bool stopping_ = false;
    bool asked_ = false; // checkpoint() was called since the last one began
    std::thread thread_;
};

} // namespace tl::job
