#include "job/block_handover.h"

namespace tl::job {

BlockQueue::BlockQueue() {
    for (std::size_t i = 0; i < kAhead; ++i)
        spare_.push_back(std::make_unique<BlockItem>());
}

std::unique_ptr<BlockItem> BlockQueue::take() {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return !spare_.empty() || stop_; });
    if (stop_) return nullptr;
    auto it = std::move(spare_.front());
    spare_.pop_front();
    return it;
}

void BlockQueue::give(std::unique_ptr<BlockItem> it) {
    std::lock_guard lock(m_);
    ready_.push_back(std::move(it));
    cv_.notify_all();
}

void BlockQueue::finish() {
    std::lock_guard lock(m_);
    done_ = true;
    cv_.notify_all();
}

bool BlockQueue::stopped() {
    std::lock_guard lock(m_);
    return stop_;
}

std::unique_ptr<BlockItem> BlockQueue::next() {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return !ready_.empty() || done_; });
    if (ready_.empty()) return nullptr;
    auto it = std::move(ready_.front());
    ready_.pop_front();
    return it;
}

void BlockQueue::recycle(std::unique_ptr<BlockItem> it, bool stop) {
    std::lock_guard lock(m_);
    spare_.push_back(std::move(it));
    if (stop) stop_ = true;
    cv_.notify_all();
}

void BlockQueue::stop() {
    std::lock_guard lock(m_);
    stop_ = true;
    cv_.notify_all();
}

std::unique_ptr<BlockItem> StraightHandover::take() {
    if (stop_) return nullptr;
    if (!spare_) spare_ = std::make_unique<BlockItem>();
    return std::move(spare_);
}

void StraightHandover::give(std::unique_ptr<BlockItem> it) {
    if (!parse_(*it)) stop_ = true;
    spare_ = std::move(it);
}

} // namespace tl::job
