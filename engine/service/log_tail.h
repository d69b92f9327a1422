#pragma once
// The service's side of GET /v1/log (docs/api.md "The service's log"): the lines of the data
// directory's log file (<home>/logs/tapeloom.log, where the service, the CLI and a local console
// write, log.h), read from a cursor on, so that a console on another machine shows what a local
// one read from the file. A cursor is "INODE:OFFSET", opaque to the client: without one, the
// answer begins at the newest kTailBytes of the file; a cursor of another file (the log was
// rotated) starts the new file from its beginning. An answer holds whole lines only, at most
// kChunkBytes of them; `more` says the client should ask again with `next` at once. Thread-safe.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace tl::service {

struct LogFileLine {
    long long time_ms = 0; // unix milliseconds (the file's local time)
    std::string level;     // trace, debug, info, warning, error, critical
    std::string module;
    long long pid = 0;
    std::string message; // continuation lines joined with "\n"
};

struct LogFileChunk {
    std::vector<LogFileLine> lines;
    std::string next;  // the cursor after the last line read
    bool more = false; // the file holds more after `next` (the answer stopped at kChunkBytes)
};

inline constexpr std::uintmax_t kTailBytes = 1u << 20;
inline constexpr std::uintmax_t kChunkBytes = 1u << 20;

// One line of the file's form ("2026-11-30 15:20:26.561 warning [job] [pid 4242] text"); false
// for a continuation line.
bool parse_log_file_line(const std::string& text, LogFileLine& out);

// The lines of the log file at `path` after `cursor` ("" for its newest lines); InvalidArgument
// for a cursor that is not one. A missing file has no lines.
Result<LogFileChunk> read_log_file(const std::string& path, const std::string& cursor);

nlohmann::json to_json(const LogFileLine& l);

} // namespace tl::service
