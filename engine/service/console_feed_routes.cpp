// The reads a console's Dashboard and Log page poll besides GET /v1/live (live_route.cpp;
// docs/api.md "The machine of the service"), so that a console on another machine shows the
// service's machine and log, not its own:
//   GET /v1/host  the machine's cumulative /proc/stat counters per CPU and the service process's
//                 CPU seconds and memory, with the service's clocks: the client differences two
//                 answers (metrics::usage_between), so any number of consoles may poll;
//   GET /v1/log?after=CURSOR  the lines of the data directory's log file (log_tail.h).
// Scope read. Each answers from files and /proc, never from the catalog.
#include <chrono>

#include "metrics/cpu_stat.h"
#include "metrics/process_cpu.h"
#include "metrics/process_stat.h"
#include "service/api_context.h"
#include "service/log_tail.h"

namespace tl::service {

namespace {
nlohmann::json counters_json(const metrics::CpuTimes& t) {
    return {{"user", t.user},     {"nice", t.nice}, {"system", t.system},   {"idle", t.idle},
            {"iowait", t.iowait}, {"irq", t.irq},   {"softirq", t.softirq}, {"steal", t.steal}};
}

double seconds_of(std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
}

Result<nlohmann::json> host_json(long pid) {
    auto cpu = metrics::read_proc_stat();
    if (!cpu) return cpu.error();
    nlohmann::json cpus = nlohmann::json::array();
    for (const auto& t : cpu->per_cpu)
        cpus.push_back(counters_json(t));
    const auto me = metrics::read_process_stat();
    return nlohmann::json{
        {"time", seconds_of(std::chrono::system_clock::now().time_since_epoch())},
        {"monotonic", seconds_of(std::chrono::steady_clock::now().time_since_epoch())},
        {"cpu", counters_json(cpu->all)},
        {"cpus", cpus},
        {"process",
         {{"pid", pid},
          {"cpu_seconds", me.cpu_seconds},
          {"rss_bytes", me.rss_bytes},
          {"peak_rss_bytes", me.peak_rss_bytes},
          {"usable_cpus", metrics::usable_cpus()}}}};
}
} // namespace

void add_console_feed_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/host", [&ctx](const httplib::Request&, httplib::Response& res) {
        auto host = host_json(ctx.pid);
        if (!host) return reply_error(res, host.error());
        reply_json(res, 200, host.value());
    });
    server.Get("/v1/log", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto chunk = read_log_file(ctx.home + "/logs/tapeloom.log", req.get_param_value("after"));
        if (!chunk) return reply_error(res, chunk.error());
        nlohmann::json lines = nlohmann::json::array();
        for (const auto& l : chunk->lines)
            lines.push_back(to_json(l));
        reply_json(res, 200,
                   {{"lines", lines},
                    {"next", chunk->next},
                    {"more", chunk->more},
                    {"service_pid", ctx.pid}});
    });
}

} // namespace tl::service
