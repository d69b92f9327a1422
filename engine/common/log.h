#pragma once
// Logging: one named spdlog logger per engine module ("device", "format", "catalog", "job"...).
// All module loggers write to one fan-out sink, so the program (CLI or GUI) decides once where
// lines go: the console at a chosen level, a rotating file under the data directory, and an
// in-memory ring that the GUI's Log page reads. This fan-out is the one process-wide object of
// the engine, as spdlog's own registry is; everything else is owned by an Engine.
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <spdlog/logger.h>
#include <spdlog/sinks/base_sink.h>

#include "common/result.h"

namespace tl::log {

// A logger for a module; created on first use, attached to the fan-out sink. Thread-safe.
std::shared_ptr<spdlog::logger> get(const std::string& module);
// A logger for lines the program also reports itself on the terminal (the CLI's final error):
// they go to the log file and the ring, never to the console sink, so the terminal shows them
// once. Thread-safe.
std::shared_ptr<spdlog::logger> record_only(const std::string& module);

struct Entry {
    std::uint64_t seq = 0; // 1, 2, 3... in arrival order
    long long time_ms = 0; // unix time in milliseconds
    int level = 0;         // spdlog::level::level_enum
    std::string module;
    std::string text;
};

// Keeps the last `capacity` entries; readers poll with the last seq they saw. Thread-safe.
class RingSink final : public spdlog::sinks::base_sink<std::mutex> {
public:
    explicit RingSink(std::size_t capacity = 5000);
    std::vector<Entry> since(std::uint64_t seq) const;
    std::uint64_t last_seq() const;

protected:
    void sink_it_(const spdlog::details::log_msg& msg) override;
    void flush_() override {}

private:
    mutable std::mutex ring_mutex_;
    std::vector<Entry> ring_;
    std::size_t capacity_;
    std::size_t head_ = 0;
    std::uint64_t seq_ = 0;
};

// Parses "trace|debug|info|warn|error|critical|off".
Result<spdlog::level::level_enum> parse_level(const std::string& name);

// Console output on stderr at `level`; replaces an earlier console sink.
void set_console(spdlog::level::level_enum level);
// A rotating file (5 files of 5 MiB) at `path`, level debug.
Status add_file(const std::string& path);
// The in-memory ring (created on first call).
std::shared_ptr<RingSink> ring();
// Removes every sink (tests use this to start clean).
void reset();

} // namespace tl::log
