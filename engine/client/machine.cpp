#include "client/machine.h"

#include <algorithm>

#include "client/json_field.h"

namespace tl::client {

namespace {
metrics::CpuTimes counters_from_json(const nlohmann::json& j) {
    metrics::CpuTimes t;
    t.user = field<std::uint64_t>(j, "user");
    t.nice = field<std::uint64_t>(j, "nice");
    t.system = field<std::uint64_t>(j, "system");
    t.idle = field<std::uint64_t>(j, "idle");
    t.iowait = field<std::uint64_t>(j, "iowait");
    t.irq = field<std::uint64_t>(j, "irq");
    t.softirq = field<std::uint64_t>(j, "softirq");
    t.steal = field<std::uint64_t>(j, "steal");
    return t;
}

int level_number(const std::string& name) {
    static const char* names[] = {"trace", "debug", "info", "warning", "error", "critical"};
    for (int i = 0; i < 6; ++i)
        if (name == names[i]) return i;
    return name == "warn" ? 3 : 2;
}
} // namespace

Result<HostReading> host_reading_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("cpus") || !j["cpus"].is_array() || !j.contains("process") ||
        !j["process"].is_object())
        return make_error(ErrorKind::Io, "the service's answer is no reading of its machine");
    try {
        HostReading h;
        h.time = field<double>(j, "time");
        h.monotonic = field<double>(j, "monotonic");
        if (j.contains("cpu")) h.cpu.all = counters_from_json(j["cpu"]);
        for (const auto& c : j["cpus"])
            h.cpu.per_cpu.push_back(counters_from_json(c));
        const auto& p = j["process"];
        h.pid = field<long long>(p, "pid");
        h.cpu_seconds = field<double>(p, "cpu_seconds");
        h.rss_bytes = field<std::uint64_t>(p, "rss_bytes");
        h.peak_rss_bytes = field<std::uint64_t>(p, "peak_rss_bytes");
        h.usable_cpus = std::max(1u, field<unsigned>(p, "usable_cpus"));
        return h;
    } catch (const nlohmann::json::exception& e) {
        return make_error(ErrorKind::Io,
                          std::string("the service's reading of its machine: ") + e.what());
    }
}

Result<ServiceLog> service_log_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("lines") || !j["lines"].is_array())
        return make_error(ErrorKind::Io, "the service's answer is no part of its log");
    try {
        ServiceLog log;
        log.next = field<std::string>(j, "next");
        log.more = field<bool>(j, "more");
        log.service_pid = field<long long>(j, "service_pid");
        for (const auto& l : j["lines"])
            log.lines.push_back({field<long long>(l, "time_ms"),
                                 level_number(field<std::string>(l, "level")),
                                 field<std::string>(l, "module"), field<long long>(l, "pid"),
                                 field<std::string>(l, "message")});
        return log;
    } catch (const nlohmann::json::exception& e) {
        return make_error(ErrorKind::Io, std::string("the service's log: ") + e.what());
    }
}

} // namespace tl::client
