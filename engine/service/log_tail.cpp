#include "service/log_tail.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sys/stat.h>

namespace tl::service {

namespace {
// "2026-11-30 15:20:26.561" in the machine's local time, as spdlog wrote it.
bool parse_time(const std::string& t, long long& ms) {
    std::tm tm{};
    int millis = 0;
    if (t.size() < 23 ||
        std::sscanf(t.c_str(), "%4d-%2d-%2d %2d:%2d:%2d.%3d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                    &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &millis) != 7)
        return false;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    tm.tm_isdst = -1;
    const std::time_t s = std::mktime(&tm);
    if (s == -1) return false;
    ms = static_cast<long long>(s) * 1000 + millis;
    return true;
}

// The text between `open` at `at` (after spaces) and the next `close`; `at` moves past it.
bool bracketed(const std::string& text, std::size_t& at, std::string& out) {
    while (at < text.size() && text[at] == ' ')
        ++at;
    if (at >= text.size() || text[at] != '[') return false;
    const auto end = text.find(']', at);
    if (end == std::string::npos) return false;
    out = text.substr(at + 1, end - at - 1);
    at = end + 1;
    return true;
}

struct LogCursor {
    unsigned long long inode = 0;
    std::uintmax_t offset = 0;
};

Result<LogCursor> parse_log_cursor(const std::string& text) {
    LogCursor c;
    char rest = 0;
    if (std::sscanf(text.c_str(), "%llu:%ju%c", &c.inode, &c.offset, &rest) != 2)
        return make_error(ErrorKind::InvalidArgument,
                          "?after= takes the `next` of an earlier answer (INODE:OFFSET), not '" +
                              text + "'");
    return c;
}

std::string log_cursor_text(unsigned long long inode, std::uintmax_t offset) {
    return std::to_string(inode) + ":" + std::to_string(offset);
}

// The lines of `bytes` (whole lines only: it ends with a newline), continuations joined.
std::vector<LogFileLine> parse_lines(const std::string& bytes) {
    std::vector<LogFileLine> out;
    std::size_t at = 0;
    while (at < bytes.size()) {
        const auto end = bytes.find('\n', at);
        const std::string text = bytes.substr(at, end - at);
        at = end + 1;
        if (text.empty()) continue;
        LogFileLine line;
        if (parse_log_file_line(text, line))
            out.push_back(std::move(line));
        else if (!out.empty()) // a continuation of the line before it
            out.back().message += "\n" + text;
    }
    return out;
}
} // namespace

bool parse_log_file_line(const std::string& text, LogFileLine& out) {
    if (text.size() < 24 || !parse_time(text.substr(0, 23), out.time_ms)) return false;
    std::size_t at = 23;
    while (at < text.size() && text[at] == ' ')
        ++at;
    const std::size_t level_start = at;
    while (at < text.size() && std::isalpha(static_cast<unsigned char>(text[at])))
        ++at;
    out.level = text.substr(level_start, at - level_start);
    if (out.level.empty()) return false;
    if (out.level == "warn") out.level = "warning";
    std::string pid;
    if (!bracketed(text, at, out.module) || !bracketed(text, at, pid) || pid.rfind("pid ", 0) != 0)
        return false;
    out.pid = std::atoll(pid.c_str() + 4);
    if (at < text.size() && text[at] == ' ') ++at;
    out.message = text.substr(at);
    return true;
}

Result<LogFileChunk> read_log_file(const std::string& path, const std::string& cursor) {
    LogCursor from;
    if (!cursor.empty()) {
        auto c = parse_log_cursor(cursor);
        if (!c) return c.error();
        from = c.value();
    }
    LogFileChunk chunk;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        chunk.next = log_cursor_text(0, 0);
        return chunk;
    }
    const auto inode = static_cast<unsigned long long>(st.st_ino);
    const auto size = static_cast<std::uintmax_t>(st.st_size);
    std::uintmax_t start = from.offset;
    bool mid_line = false;
    if (cursor.empty()) {
        start = size > kTailBytes ? size - kTailBytes : 0;
        mid_line = start > 0;
    } else if (from.inode != inode || from.offset > size) {
        start = 0; // rotated: a new file under the same name
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(ErrorKind::Io, "cannot read the service's log file " + path);
    in.seekg(static_cast<std::streamoff>(start));
    std::string bytes(static_cast<std::size_t>(std::min(size - start, kChunkBytes)), '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    std::size_t skip = 0;
    if (mid_line) { // the newest lines begin after the first newline
        skip = bytes.find('\n');
        skip = skip == std::string::npos ? bytes.size() : skip + 1;
    }
    const auto last = bytes.rfind('\n');
    const std::size_t whole = last == std::string::npos || last < skip ? skip : last + 1;
    chunk.lines = parse_lines(bytes.substr(skip, whole - skip));
    chunk.next = log_cursor_text(inode, start + whole);
    chunk.more = start + bytes.size() < size && whole > 0; // stopped at kChunkBytes
    return chunk;
}

nlohmann::json to_json(const LogFileLine& l) {
    return {{"time_ms", l.time_ms},
            {"level", l.level},
            {"module", l.module},
            {"pid", l.pid},
            {"message", l.message}};
}

} // namespace tl::service
