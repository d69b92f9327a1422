// `monitor`: the live figures of running jobs in the terminal (per drive, per session, per
// CPU), read from the data directory's LiveBoard without taking its lock, so it watches a job
// run by another tapeloom-cli, the service or the console; with --connect, a remote service's
// (GET /v1/live?ended=true and the CPUs of its machine, GET /v1/host).
#include <chrono>
#include <functional>
#include <iomanip>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "client/service_api.h"
#include "client/service_client.h"
#include "commands/commands.h"
#include "common/units.h"
#include "metrics/cpu_stat.h"
#include "metrics/live_board.h"

namespace tl::cli {

namespace {

std::string clip(const std::string& s, std::size_t n) {
    if (s.size() <= n) return s;
    return "…" + s.substr(s.size() - (n - 1));
}

std::string duration(double s) {
    const auto t = static_cast<long long>(s + 0.5);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", t / 3600, (t / 60) % 60, t % 60);
    return buf;
}

void print_job(std::ostream& o, const metrics::LiveSnapshot& s) {
    o << "job " << s.job_id;
    if (!s.name.empty()) o << " (" << s.name << ")";
    o << "  " << (s.ended ? s.status : std::string("running")) << "  elapsed "
      << duration(s.elapsed) << "  wall " << format_rate(s.wall_rate) << "  sustained "
      << format_rate(s.sustained_rate) << "  left "
      << (s.ended             ? std::string("-")
          : s.eta_seconds < 0 ? std::string("unknown")
                              : duration(s.eta_seconds))
      << "\n  read " << format_bytes(s.source_bytes) << " in " << s.files << " files, on tape "
      << format_bytes(s.tape_bytes) << ", job process CPU " << std::fixed << std::setprecision(0)
      << s.process_cpu_percent << "% of a core, RSS " << format_bytes(s.rss_bytes) << "\n";
    o << std::left << "  " << std::setw(12) << "DRIVE" << std::setw(10) << "VOLUME" << std::setw(19)
      << "STATE" << std::setw(13) << "RATE" << std::setw(12) << "BYTES" << std::setw(8) << "BUFFER"
      << "SHOE-SHINE\n";
    for (const auto& d : s.drives) {
        std::string buffer = "-";
        if (d.buffer_fill >= 0)
            buffer = std::to_string(static_cast<int>(d.buffer_fill * 100)) + "%";
        o << "  " << std::setw(12) << clip(d.name, 11) << std::setw(10)
          << (d.volume.empty() ? "-" : d.volume) << std::setw(19) << d.state << std::setw(13)
          << format_rate(d.rate) << std::setw(12) << format_bytes(d.bytes) << std::setw(8) << buffer
          << d.shoeshine << "\n";
    }
    if (!s.devices.empty()) {
        o << "  source devices:";
        for (const auto& d : s.devices)
            o << "  " << d.name << " " << format_rate(d.rate) << " (" << format_bytes(d.bytes)
              << ")";
        o << "\n";
    }
    o << "  " << std::setw(32) << "SESSION" << std::setw(12) << "DRIVE" << std::setw(21) << "STATE"
      << std::setw(13) << "RATE" << std::setw(12) << "BYTES" << std::setw(9) << "FILES"
      << "CURRENT FILE\n";
    for (const auto& x : s.sessions)
        o << "  " << std::setw(32) << clip(x.source, 31) << std::setw(12)
          << (x.drive.empty() ? "-" : clip(x.drive, 11)) << std::setw(21) << x.state
          << std::setw(13) << format_rate(x.rate) << std::setw(12) << format_bytes(x.bytes)
          << std::setw(9) << x.files << clip(x.current_file, 40) << "\n";
}

// The snapshots of `jobs` not yet printed (a job's seq and end mark what was printed): a line of
// `--json` carries each snapshot once, however the monitor's and the jobs' polls interleave.
class NewSnapshots {
public:
    nlohmann::json take(const std::vector<metrics::LiveSnapshot>& jobs) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& s : jobs) {
            const std::pair<std::uint64_t, bool> mark{s.seq, s.ended};
            auto [it, added] = printed_.try_emplace(s.job_id, mark);
            if (!added && it->second == mark) continue;
            it->second = mark;
            out.push_back(metrics::to_json(s));
        }
        return out;
    }

private:
    std::map<std::int64_t, std::pair<std::uint64_t, bool>> printed_;
};

// One look: the jobs' snapshots and the CPU counters of the machine they run on.
struct Look {
    std::vector<metrics::LiveSnapshot> jobs;
    std::optional<metrics::CpuReading> cpu;
};
using Looker = std::function<Result<Look>()>;

Looker local_looker(const Context& ctx) {
    return [board = metrics::LiveBoard(ctx.home())]() -> Result<Look> {
        auto jobs = board.read();
        if (!jobs) return jobs.error();
        Look l{std::move(jobs.value()), std::nullopt};
        if (auto cpu = metrics::read_proc_stat()) l.cpu = std::move(cpu.value());
        return l;
    };
}

Looker remote_looker(const Context& ctx) {
    std::shared_ptr<client::ServiceClient> service = client_for(ctx);
    return [service]() -> Result<Look> {
        client::ServiceApi api(*service);
        auto jobs = api.live_board();
        if (!jobs) return jobs.error();
        auto host = api.host();
        if (!host) return host.error();
        return Look{std::move(jobs->jobs), std::move(host->cpu)};
    };
}

int monitor(Context& ctx) {
    double interval = 1;
    if (ctx.args().has("interval")) {
        auto v = parse_seconds(ctx.args().get("interval"));
        if (!v) return ctx.fail(v.error());
        if (v.value() < 0.1)
            return ctx.fail(make_error(ErrorKind::InvalidArgument, "--interval must be >= 100ms"));
        interval = v.value();
    }
    long long count = -1; // until interrupted
    if (ctx.args().has("count")) {
        count = std::atoll(ctx.args().get("count").c_str());
        if (count < 1)
            return ctx.fail(make_error(ErrorKind::InvalidArgument, "--count must be >= 1"));
    }
    const bool remote = ctx.args().has("connect");
    const Looker look = remote ? remote_looker(ctx) : local_looker(ctx);
    const std::string where = remote ? ctx.args().get("connect") : ctx.home();
    const bool tty = !ctx.json() && isatty(STDOUT_FILENO);
    auto first = look();
    if (!first) return ctx.fail(first.error());
    auto before = std::move(first->cpu);
    NewSnapshots fresh;
    for (long long i = 0; count < 0 || i < count; ++i) {
        std::this_thread::sleep_for(std::chrono::duration<double>(interval));
        auto now = look();
        if (!now) return ctx.fail(now.error());
        metrics::CpuSample cpu;
        if (before && now->cpu) cpu = metrics::usage_between(before.value(), now->cpu.value());
        before = now->cpu;
        const auto* jobs = &now->jobs;
        if (ctx.json()) {
            nlohmann::json j;
            j["jobs"] = fresh.take(*jobs);
            j["cpu_busy"] = nlohmann::json::array();
            for (const auto& c : cpu.per_cpu)
                j["cpu_busy"].push_back(c.busy());
            j["cpu_iowait"] = cpu.all.iowait;
            ctx.out() << j.dump() << "\n" << std::flush;
            continue;
        }
        std::ostringstream o;
        if (tty) o << "\033[H\033[2J";
        o << "tapeloom monitor  " << where << "  every " << interval << " s\n";
        o << "CPU busy %:";
        for (std::size_t c = 0; c < cpu.per_cpu.size(); ++c)
            o << " cpu" << c << " " << std::fixed << std::setprecision(0) << cpu.per_cpu[c].busy();
        o << "  iowait " << std::fixed << std::setprecision(0) << cpu.all.iowait << "\n";
        std::size_t shown = 0;
        for (const auto& s : *jobs)
            if (!s.ended || shown == 0) {
                print_job(o, s);
                ++shown;
            }
        if (jobs->empty()) o << "no job has run on this data directory\n";
        ctx.out() << o.str() << std::flush;
    }
    return 0;
}

} // namespace

void add_monitor_commands(Registry& r) {
    r.push_back({{"monitor"},
                 "[--interval 1s] [--count N]",
                 "live per-drive, per-session and per-CPU figures of the running jobs (Ctrl+C "
                 "to stop; does not lock the data directory; --connect: a remote service's)",
                 {"interval", "count"},
                 {},
                 monitor});
}

} // namespace tl::cli
