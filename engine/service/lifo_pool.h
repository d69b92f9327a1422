#pragma once
// The service's pool of connection threads (a cpp-httplib TaskQueue): a new connection goes to
// the thread that became idle last, not to any waiting one. Each thread keeps its own catalog
// connection and that connection's page cache (docs/api.md "Lists and queries"); handing one
// client's successive calls to the same warm thread spares them a cold cache on each of the
// pool's threads in turn (docs/notes/2026-12-02-service-lab-notes.md
// "Client and service time apart; text answers; the LIFO pool"). Streams still get a
// thread each: a connection finds one idle thread or waits for the next.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <httplib.h>

namespace tl::service {

class LifoPool : public httplib::TaskQueue {
public:
    explicit LifoPool(std::size_t threads);
    LifoPool(const LifoPool&) = delete;
    LifoPool& operator=(const LifoPool&) = delete;
    ~LifoPool() override;

    void enqueue(std::function<void()> fn) override;
    void shutdown() override;

private:
    struct Worker {
        std::condition_variable wake;
        std::function<void()> task;
    };
    void run(Worker& w);

    std::mutex mutex_;
    std::vector<Worker*> idle_;                    // the last to become idle at the back
    std::deque<std::function<void()>> waiting_;    // connections no idle thread took yet
    std::vector<std::unique_ptr<Worker>> workers_; // one per thread
    std::vector<std::thread> threads_;
    bool shutdown_ = false;
};

} // namespace tl::service
