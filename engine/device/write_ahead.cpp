#include "device/write_ahead.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace tl::device {

WriteAhead::WriteAhead(std::size_t slot_size, Sink sink)
    : slot_size_(slot_size), sink_(std::move(sink)) {
    const std::size_t slots =
        std::max<std::size_t>(2, kRingBytes / std::max<std::size_t>(1, slot_size));
    ring_.resize(slots);
    for (auto& s : ring_)
        s.data = make_io_block(slot_size_);
    thread_ = std::thread([this] { run(); });
}

WriteAhead::~WriteAhead() {
    (void)drain(); // an error was returned to the owner already, or is of no one's concern now
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
}

Status WriteAhead::submit(std::uint64_t offset, const void* data, std::size_t size) {
    return queue(offset, size, [&](Slot& s) { std::memcpy(s.data.get(), data, size); });
}

Status WriteAhead::submit(std::uint64_t offset, IoBlock& block, std::size_t capacity,
                          std::size_t size) {
    if (capacity != slot_size_) return submit(offset, block.get(), size);
    return queue(offset, size, [&](Slot& s) { std::swap(s.data, block); });
}

template <class Fill> Status WriteAhead::queue(std::uint64_t offset, std::size_t size, Fill fill) {
    if (size > slot_size_)
        return make_error(ErrorKind::Internal, "a block of " + std::to_string(size) +
                                                   " bytes is larger than the drive's buffer "
                                                   "slots of " +
                                                   std::to_string(slot_size_));
    std::size_t at = 0;
    {
        std::unique_lock lock(mutex_);
        cv_.wait(lock, [this] { return !error_ || count_ < ring_.size(); });
        if (!error_) return error_;
        at = (head_ + count_) % ring_.size();
    }
    // The slot is not queued yet: the writer does not look at it.
    Slot& s = ring_[at];
    fill(s);
    s.size = size;
    s.offset = offset;
    {
        std::lock_guard lock(mutex_);
        ++count_;
    }
    cv_.notify_all();
    return {};
}

Status WriteAhead::drain() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return count_ == 0; });
    return error_;
}

std::uint64_t WriteAhead::written() const {
    std::lock_guard lock(mutex_);
    return written_;
}

std::size_t WriteAhead::batch_locked() const {
    std::size_t n = 1;
    while (n < count_ && n < kMaxBatch) {
        const Slot& prev = ring_[(head_ + n - 1) % ring_.size()];
        const Slot& next = ring_[(head_ + n) % ring_.size()];
        if (next.offset != prev.offset + prev.size) break;
        ++n;
    }
    return n;
}

void WriteAhead::run() {
    iovec iov[kMaxBatch];
    for (;;) {
        std::size_t n = 0, first = 0;
        {
            std::unique_lock lock(mutex_);
            cv_.wait(lock, [this] { return stop_ || count_ > 0; });
            if (count_ == 0) return; // stop_, nothing left
            n = batch_locked();
            first = head_;
        }
        std::size_t bytes = 0;
        for (std::size_t i = 0; i < n; ++i) {
            Slot& s = ring_[(first + i) % ring_.size()];
            iov[i] = {s.data.get(), s.size};
            bytes += s.size;
        }
        Status st = sink_(ring_[first].offset, iov, static_cast<int>(n), bytes);
        {
            std::lock_guard lock(mutex_);
            if (st) {
                written_ += n;
                head_ = (head_ + n) % ring_.size();
                count_ -= n;
            } else {
                error_ = std::move(st); // everything queued is dropped
                head_ = (head_ + count_) % ring_.size();
                count_ = 0;
            }
        }
        cv_.notify_all();
    }
}

} // namespace tl::device
