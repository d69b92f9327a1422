#include "job/write_pool.h"

#include <algorithm>
#include <memory>

#include "common/thread_name.h"

namespace tl::job {

WritePool::WritePool(std::size_t lanes, std::size_t max_queued) : max_queued_(max_queued) {
    for (std::size_t i = 0; i < std::max<std::size_t>(lanes, 1); ++i)
        lanes_.push_back(std::make_unique<Lane>());
    for (auto& l : lanes_)
        l->thread = std::thread([this, lane = l.get()] {
            name_this_thread("tl-write");
            run(*lane);
        });
}

WritePool::~WritePool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    for (auto& l : lanes_)
        l->work.notify_one();
    for (auto& l : lanes_)
        l->thread.join();
}

void WritePool::post(std::size_t lane, std::function<void()> task, std::size_t bytes) {
    Lane& l = *lanes_[lane % lanes_.size()];
    {
        std::unique_lock lock(mutex_);
        // A task larger than the whole limit still runs, alone.
        ++waiting_for_room_;
        room_.wait(lock, [&] { return queued_ == 0 || queued_ + bytes <= max_queued_; });
        --waiting_for_room_;
        queued_ += bytes;
        l.tasks.emplace_back(std::move(task), bytes);
    }
    l.work.notify_one();
}

void WritePool::run(Lane& lane) {
    for (;;) {
        std::pair<std::function<void()>, std::size_t> next;
        {
            std::unique_lock lock(mutex_);
            lane.work.wait(lock, [&] { return !lane.tasks.empty() || stopping_; });
            if (lane.tasks.empty()) return;
            next = std::move(lane.tasks.front());
            lane.tasks.pop_front();
        }
        next.first();
        next.first = nullptr; // the data it held goes now, before the room is given back
        bool waiters = false;
        {
            std::lock_guard lock(mutex_);
            queued_ -= next.second;
            waiters = waiting_for_room_ > 0;
        }
        if (waiters) room_.notify_all();
    }
}

} // namespace tl::job
