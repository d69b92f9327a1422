#pragma once
// The service's streams (docs/api.md "Streams"): job events (queued, waiting with the reason,
// started, ended; tasks started and ended) and live snapshots of running jobs, handed to every
// subscribed client through a queue of its own. Publishing never waits for a client: each
// queue is bounded; when one is full its oldest live snapshot is dropped, never a job event; a
// queue full of job events ends that client's stream (it is told so and may reconnect).
// Thread-safe.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

namespace tl::service {

struct StreamEvent {
    std::uint64_t seq = 0;  // per hub, increasing: the SSE id
    std::string type;       // queued, waiting, started, ended, task-started, task-ended, live
    std::string data;       // JSON
    bool droppable = false; // a live snapshot
    std::int64_t job = 0;   // the job a live snapshot is of
};

class Subscriber {
public:
    Subscriber(std::size_t limit, bool events, std::int64_t live_job)
        : limit_(limit), events_(events), live_job_(live_job) {}

    // The next event, waiting up to `wait`; nullopt on timeout or once ended().
    std::optional<StreamEvent> next(std::chrono::milliseconds wait);
    // True once the queue overflowed with job events or the hub closed.
    bool ended() const;
    bool overflowed() const;

private:
    friend class EventHub;
    bool wants(const StreamEvent& e) const;
    void push(const StreamEvent& e);
    void close();

    const std::size_t limit_;
    const bool events_;           // job events
    const std::int64_t live_job_; // live snapshots of this job (0: none)
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<StreamEvent> queue_;
    bool overflowed_ = false;
    bool closed_ = false;
};

class EventHub {
public:
    static constexpr std::size_t kQueueLimit = 256;
    static constexpr std::size_t kMaxSubscribers = 16;

    // nullptr when kMaxSubscribers streams are open.
    std::shared_ptr<Subscriber> subscribe(bool events, std::int64_t live_job);
    void unsubscribe(const std::shared_ptr<Subscriber>& s);

    void publish(const std::string& type, const nlohmann::json& data);
    void publish_live(std::int64_t job, const nlohmann::json& snapshot);
    // A queue entry's "queued" event, once per entry, whoever sees it first.
    void announce_queued(std::int64_t queue_id, const nlohmann::json& data);
    void close();          // every stream ends
    std::size_t streams(); // open streams of clients following the service (GET /metrics)

private:
    void deliver(StreamEvent e);

    std::mutex mutex_;
    std::set<std::shared_ptr<Subscriber>> subscribers_;
    std::set<std::int64_t> announced_;
    std::uint64_t seq_ = 0;
};

} // namespace tl::service
