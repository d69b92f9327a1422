#include "service/log_events.h"

#include <chrono>

#include "common/log_sinks.h"

namespace tl::service {

LogEvents::LogEvents(EventHub& hub) : hub_(hub) {
    set_level(spdlog::level::warn);
}

void LogEvents::sink_it_(const spdlog::details::log_msg& msg) {
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(msg.time.time_since_epoch()).count();
    const auto level = spdlog::level::to_string_view(msg.level);
    hub_.publish("log", {{"level", std::string(level.data(), level.size())},
                         {"module", std::string(msg.logger_name.data(), msg.logger_name.size())},
                         {"message", std::string(msg.payload.data(), msg.payload.size())},
                         {"time_ms", static_cast<long long>(ms)}});
}

LogEventsAttached::LogEventsAttached(EventHub& hub) : sink_(std::make_shared<LogEvents>(hub)) {
    log::add_sink(sink_);
}

LogEventsAttached::~LogEventsAttached() {
    log::remove_sink(sink_);
}

} // namespace tl::service
