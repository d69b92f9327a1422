#include "common/log.h"
#include "common/log_sinks.h"

#include <chrono>
#include <cstdio>
#include <map>

#include <spdlog/sinks/ansicolor_sink.h>
#include <spdlog/sinks/dist_sink.h>
#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/spdlog.h>

#include <sys/stat.h>

namespace tl::log {

namespace {
// `dist` feeds the console and `recorded`; `recorded` feeds the file and the ring. Module loggers
// write to `dist`, the record-only loggers to `recorded`.
struct Fanout {
    Fanout() { dist->add_sink(recorded); }
    std::shared_ptr<spdlog::sinks::dist_sink_mt> dist =
        std::make_shared<spdlog::sinks::dist_sink_mt>();
    std::shared_ptr<spdlog::sinks::dist_sink_mt> recorded =
        std::make_shared<spdlog::sinks::dist_sink_mt>();
    std::mutex mutex;
    spdlog::sink_ptr console;
    std::shared_ptr<RingSink> ring;
    std::map<std::string, std::shared_ptr<spdlog::logger>> record_only; // by module
};

std::shared_ptr<spdlog::logger> make_logger(const std::string& module, spdlog::sink_ptr sink) {
    auto logger = std::make_shared<spdlog::logger>(module, std::move(sink));
    logger->set_level(spdlog::level::debug);
    logger->flush_on(spdlog::level::warn);
    return logger;
}

Fanout& fanout() {
    static Fanout f; // see header: the one process-wide logging object
    return f;
}
} // namespace

std::shared_ptr<spdlog::logger> get(const std::string& module) {
    auto& f = fanout();
    std::lock_guard lock(f.mutex);
    if (auto existing = spdlog::get(module)) return existing;
    auto logger = make_logger(module, f.dist);
    spdlog::register_logger(logger);
    return logger;
}

std::shared_ptr<spdlog::logger> record_only(const std::string& module) {
    auto& f = fanout();
    std::lock_guard lock(f.mutex);
    auto& logger = f.record_only[module];
    if (!logger) logger = make_logger(module, f.recorded);
    return logger;
}

RingSink::RingSink(std::size_t capacity) : capacity_(capacity ? capacity : 1) {
    ring_.reserve(capacity_);
}

void RingSink::sink_it_(const spdlog::details::log_msg& msg) {
    Entry e;
    e.time_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(msg.time.time_since_epoch()).count();
    e.level = static_cast<int>(msg.level);
    e.module.assign(msg.logger_name.data(), msg.logger_name.size());
    e.text.assign(msg.payload.data(), msg.payload.size());
    std::lock_guard lock(ring_mutex_);
    e.seq = ++seq_;
    const std::size_t cap = capacity_;
    if (ring_.size() < cap) {
        ring_.push_back(std::move(e));
    } else {
        ring_[head_] = std::move(e);
        head_ = (head_ + 1) % cap;
    }
}

std::vector<Entry> RingSink::since(std::uint64_t seq) const {
    std::lock_guard lock(ring_mutex_);
    std::vector<Entry> out;
    const std::size_t n = ring_.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Entry& e = ring_[(head_ + i) % n];
        if (e.seq > seq) out.push_back(e);
    }
    return out;
}

std::uint64_t RingSink::last_seq() const {
    std::lock_guard lock(ring_mutex_);
    return seq_;
}

Result<spdlog::level::level_enum> parse_level(const std::string& name) {
    static const char* names[] = {"trace", "debug", "info", "warn", "error", "critical", "off"};
    for (int i = 0; i < 7; ++i)
        if (name == names[i]) return static_cast<spdlog::level::level_enum>(i);
    if (name == "warning") return spdlog::level::warn;
    return make_error(ErrorKind::InvalidArgument,
                      "log level '" + name +
                          "' is unknown; use trace, debug, info, warn, error, critical or off");
}

void set_console(spdlog::level::level_enum level) {
    auto& f = fanout();
    std::lock_guard lock(f.mutex);
    if (f.console) f.dist->remove_sink(f.console);
    auto sink = std::make_shared<spdlog::sinks::ansicolor_stderr_sink_mt>();
    sink->set_level(level);
    sink->set_pattern("%Y-%m-%d %H:%M:%S.%e %^%-5l%$ [%n] %v");
    f.console = sink;
    f.dist->add_sink(sink);
}

Status add_file(const std::string& path) {
    try {
        // Each file (the first and every one rotation opens) only for its owner: log lines
        // name backed-up files.
        spdlog::file_event_handlers private_file;
        private_file.after_open = [](const spdlog::filename_t&, std::FILE* f) {
            if (f) ::fchmod(::fileno(f), 0600);
        };
        auto sink = std::make_shared<spdlog::sinks::rotating_file_sink_mt>(path, 5u << 20, 5, false,
                                                                           private_file);
        sink->set_level(spdlog::level::debug);
        sink->set_pattern("%Y-%m-%d %H:%M:%S.%e %-5l [%n] [pid %P] %v");
        fanout().recorded->add_sink(sink);
        return {};
    } catch (const spdlog::spdlog_ex& e) {
        return make_error(ErrorKind::Io, "cannot open log file " + path + ": " + e.what());
    }
}

void add_sink(const std::shared_ptr<spdlog::sinks::sink>& sink) {
    fanout().recorded->add_sink(sink);
}

void remove_sink(const std::shared_ptr<spdlog::sinks::sink>& sink) {
    fanout().recorded->remove_sink(sink);
}

std::shared_ptr<RingSink> ring() {
    auto& f = fanout();
    std::lock_guard lock(f.mutex);
    if (!f.ring) {
        f.ring = std::make_shared<RingSink>();
        f.ring->set_level(spdlog::level::debug);
        f.recorded->add_sink(f.ring);
    }
    return f.ring;
}

void reset() {
    auto& f = fanout();
    std::lock_guard lock(f.mutex);
    f.recorded->set_sinks({});
    f.dist->set_sinks({f.recorded});
    f.console.reset();
    f.ring.reset();
}

} // namespace tl::log
