#include "service/lifo_pool.h"

#include <algorithm>

namespace tl::service {

LifoPool::LifoPool(std::size_t threads) {
    for (std::size_t i = 0; i < threads; ++i)
        workers_.push_back(std::make_unique<Worker>());
    for (auto& w : workers_)
        threads_.emplace_back([this, &w = *w] { run(w); });
}

LifoPool::~LifoPool() {
    shutdown();
}

void LifoPool::enqueue(std::function<void()> fn) {
    std::unique_lock lock(mutex_);
    if (idle_.empty()) {
        waiting_.push_back(std::move(fn));
        return;
    }
    Worker* w = idle_.back();
    idle_.pop_back();
    w->task = std::move(fn);
    lock.unlock();
    w->wake.notify_one();
}

void LifoPool::shutdown() {
    {
        std::lock_guard lock(mutex_);
        if (shutdown_) return;
        shutdown_ = true;
    }
    for (auto& w : workers_)
        w->wake.notify_one();
    for (auto& t : threads_)
        t.join();
}

void LifoPool::run(Worker& w) {
    std::unique_lock lock(mutex_);
    for (;;) {
        if (!w.task && !waiting_.empty()) {
            w.task = std::move(waiting_.front());
            waiting_.pop_front();
        }
        if (!w.task) {
            // After a shut-down the connections already waiting are still served (above).
            if (shutdown_) return;
            idle_.push_back(&w);
            w.wake.wait(lock, [&] { return w.task || shutdown_; });
            if (!w.task) {
                idle_.erase(std::find(idle_.begin(), idle_.end(), &w));
                continue;
            }
        }
        auto task = std::move(w.task);
        w.task = nullptr;
        lock.unlock();
        task();
        lock.lock();
    }
}

} // namespace tl::service
