#pragma once
// More places for the log's lines (common/log.h) besides the console, the file and the ring:
// a program adds a sink of its own (the service: warnings on its event stream) and removes it
// before the sink's target goes. The sink gets every line the file gets; it sets its own level.
// Thread-safe.
#include <memory>

#include <spdlog/sinks/sink.h>

namespace tl::log {

void add_sink(const std::shared_ptr<spdlog::sinks::sink>& sink);
void remove_sink(const std::shared_ptr<spdlog::sinks::sink>& sink);

} // namespace tl::log
