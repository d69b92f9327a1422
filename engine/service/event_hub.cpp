#include "service/event_hub.h"

#include <algorithm>

namespace tl::service {

bool Subscriber::wants(const StreamEvent& e) const {
    return e.droppable ? live_job_ != 0 && e.job == live_job_ : events_;
}

void Subscriber::push(const StreamEvent& e) {
    {
        std::lock_guard lock(mutex_);
        if (closed_ || overflowed_) return;
        if (queue_.size() >= limit_) {
            auto live = std::find_if(queue_.begin(), queue_.end(),
                                     [](const StreamEvent& q) { return q.droppable; });
            if (live != queue_.end()) {
                queue_.erase(live);
            } else if (e.droppable) {
                return; // the queue holds only job events: this snapshot goes
            } else {
                overflowed_ = true; // never drop a job event: end this client's stream
                ready_.notify_all();
                return;
            }
        }
        queue_.push_back(e);
    }
    ready_.notify_one();
}

void Subscriber::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    ready_.notify_all();
}

std::optional<StreamEvent> Subscriber::next(std::chrono::milliseconds wait) {
    std::unique_lock lock(mutex_);
    ready_.wait_for(lock, wait, [&] { return !queue_.empty() || closed_ || overflowed_; });
    if (overflowed_ || queue_.empty()) return std::nullopt;
    auto e = std::move(queue_.front());
    queue_.pop_front();
    return e;
}

bool Subscriber::ended() const {
    std::lock_guard lock(mutex_);
    return closed_ || overflowed_;
}

bool Subscriber::overflowed() const {
    std::lock_guard lock(mutex_);
    return overflowed_;
}

std::shared_ptr<Subscriber> EventHub::subscribe(bool events, std::int64_t live_job) {
    std::lock_guard lock(mutex_);
    if (subscribers_.size() >= kMaxSubscribers) return nullptr;
    auto s = std::make_shared<Subscriber>(kQueueLimit, events, live_job);
    subscribers_.insert(s);
    return s;
}

std::size_t EventHub::streams() {
    std::lock_guard lock(mutex_);
    return subscribers_.size();
}

void EventHub::unsubscribe(const std::shared_ptr<Subscriber>& s) {
    std::lock_guard lock(mutex_);
    subscribers_.erase(s);
}

void EventHub::deliver(StreamEvent e) {
    // Under the hub's lock: every subscriber sees the events in the order of their seq.
    e.seq = ++seq_;
    for (const auto& s : subscribers_)
        if (s->wants(e)) s->push(e);
}

void EventHub::publish(const std::string& type, const nlohmann::json& data) {
    std::lock_guard lock(mutex_);
    deliver({0, type, data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)});
}

void EventHub::announce_queued(std::int64_t queue_id, const nlohmann::json& data) {
    std::lock_guard lock(mutex_);
    if (!announced_.insert(queue_id).second) return;
    deliver({0, "queued", data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)});
}

void EventHub::publish_live(std::int64_t job, const nlohmann::json& snapshot) {
    std::lock_guard lock(mutex_);
    deliver({0, "live", snapshot.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
             true, job});
}

void EventHub::close() {
    std::lock_guard lock(mutex_);
    for (const auto& s : subscribers_)
        s->close();
    subscribers_.clear();
}

} // namespace tl::service
