#pragma once
// What the service's streams learn by looking (event_hub.h): every quarter second the queue's
// new entries ("queued", also those the scheduler queued itself), the jobs that wait for a
// drive or a volume and why ("waiting", when the reason changes), and the running jobs' new
// live snapshots (metrics/live_board.h). Runs on a thread of its own from start() to stop().
#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <thread>

#include "service/event_hub.h"

namespace tl::service {

class EventWatch {
public:
    EventWatch(std::string home, EventHub& hub) : home_(std::move(home)), hub_(hub) {}
    ~EventWatch() { stop(); }
    EventWatch(const EventWatch&) = delete;
    EventWatch& operator=(const EventWatch&) = delete;

    void start();
    void stop();

private:
    void look();

    std::string home_;
    EventHub& hub_;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
    std::map<std::int64_t, std::string> waiting_;    // job -> reason last told
    std::map<std::int64_t, std::uint64_t> live_seq_; // job -> last snapshot told
};

} // namespace tl::service
