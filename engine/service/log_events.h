#pragma once
// The service's warnings and errors on its event stream (docs/api.md "Streams"): an spdlog
// sink that hands each line of level warn and above to the event hub as a "log" event
// {"level", "module", "message", "time_ms"}. Publishing appends to the subscribers' own queues
// and never waits for a client, so logging never stalls on a slow reader. Thread-safe.
#include <memory>
#include <mutex>

#include <spdlog/sinks/base_sink.h>

#include "service/event_hub.h"

namespace tl::service {

class LogEvents final : public spdlog::sinks::base_sink<std::mutex> {
public:
    explicit LogEvents(EventHub& hub);

protected:
    void sink_it_(const spdlog::details::log_msg& msg) override;
    void flush_() override {}

private:
    EventHub& hub_;
};

// Adds a LogEvents sink for `hub` to the log while it lives.
class LogEventsAttached {
public:
    explicit LogEventsAttached(EventHub& hub);
    ~LogEventsAttached();
    LogEventsAttached(const LogEventsAttached&) = delete;
    LogEventsAttached& operator=(const LogEventsAttached&) = delete;

private:
    std::shared_ptr<LogEvents> sink_;
};

} // namespace tl::service
