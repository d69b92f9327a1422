#include "metrics/job_monitor.h"

#include <algorithm>

#include "common/log.h"
#include "metrics/process_stat.h"
#include "metrics/sustained_rate.h"

namespace tl::metrics {

namespace {
bool same_item(const LiveDrive& a, const LiveDrive& b) {
    return a.name == b.name;
}
bool same_item(const LiveDevice& a, const LiveDevice& b) {
    return a.name == b.name;
}
bool same_item(const LiveSession& a, const LiveSession& b) {
    return a.source == b.source && a.drive == b.drive;
}

double rate(std::uint64_t now, std::uint64_t before, double dt) {
    return now >= before && dt > 0 ? static_cast<double>(now - before) / dt : 0;
}
} // namespace

JobMonitor::JobMonitor(const LiveBoard* board, std::string proc_stat_path)
    : board_(board), proc_stat_path_(std::move(proc_stat_path)) {
    if (auto r = read_proc_stat(proc_stat_path_)) last_cpu_ = r.value();
    (void)process_cpu_.sample_now(); // the base of the first poll's figure
}

Series& JobMonitor::series_named(const std::string& name, const std::string& unit) {
    for (auto& s : series_.series)
        if (s.name == name) return s;
    // A series that appears late (a drive that started later) is padded with zeros so every
    // series stays aligned with the sample times.
    // (Called after this sample's time was appended, hence the - 1.)
    series_.series.push_back({name, unit, std::vector<double>(series_.times.size() - 1, 0.0)});
    return series_.series.back();
}

JobMonitor::Rates JobMonitor::fill_rates(LiveSnapshot& s, double dt) const {
    // The same item's cumulative bytes at the last recorded poll (0 for a new one).
    auto before = [this](const auto LiveSnapshot::*list, const auto& item) -> std::uint64_t {
        if (last_)
            for (const auto& p : (*last_).*list)
                if (same_item(p, item)) return p.bytes;
        return 0;
    };
    Rates r;
    for (auto& d : s.drives) {
        d.rate = rate(d.bytes, before(&LiveSnapshot::drives, d), dt);
        r.total += d.rate;
        s.tape_bytes += d.bytes;
    }
    for (auto& x : s.sessions) {
        x.rate = rate(x.bytes, before(&LiveSnapshot::sessions, x), dt);
        r.source += x.rate;
        s.source_bytes += x.bytes;
        s.files += x.files;
    }
    for (auto& d : s.devices)
        d.rate = rate(d.bytes, before(&LiveSnapshot::devices, d), dt);
    return r;
}

void JobMonitor::fill_progress(LiveSnapshot& s, double elapsed) {
    s.wall_rate = elapsed > 0 ? static_cast<double>(s.tape_bytes) / elapsed : 0;
    if (s.total_bytes > 0 && s.source_bytes < s.total_bytes && elapsed > 0 && s.source_bytes > 0)
        s.eta_seconds = static_cast<double>(s.total_bytes - s.source_bytes) /
                        (static_cast<double>(s.source_bytes) / elapsed);
    else if (s.total_bytes > 0 && s.source_bytes >= s.total_bytes)
        s.eta_seconds = 0;
}

std::optional<CpuSample> JobMonitor::fill_cpu(LiveSnapshot& s) {
    // The machine and this process over the same interval.
    std::optional<CpuSample> cpu;
    if (auto r = read_proc_stat(proc_stat_path_)) {
        if (last_cpu_) cpu = usage_between(*last_cpu_, r.value());
        last_cpu_ = r.value();
    } else {
        log::get("metrics")->debug("{}", r.error().message);
    }
    if (cpu) {
        for (const auto& c : cpu->per_cpu)
            s.cpu_busy.push_back(c.busy());
        s.cpu_iowait = cpu->all.iowait;
    }
    // Over the monotonic time between the readings, not the job's elapsed time: a final poll
    // a millisecond after the last one would divide a scheduler tick by nothing.
    s.process_cpu_percent = process_cpu_.sample_now();
    s.rss_bytes = read_process_stat().rss_bytes;
    return cpu;
}

void JobMonitor::record(const LiveSnapshot& s, const Rates& r,
                        const std::optional<CpuSample>& cpu) {
    series_.times.push_back(s.elapsed);
    for (const auto& d : s.drives)
        series_named("drive:" + d.name, "B/s").values.push_back(d.rate);
    series_named("total", "B/s").values.push_back(r.total);
    series_named("source", "B/s").values.push_back(r.source);
    for (const auto& d : s.devices)
        series_named("device:" + d.name, "B/s").values.push_back(d.rate);
    for (std::size_t i = 0; i < s.cpu_busy.size(); ++i)
        series_named("cpu:" + std::to_string(i), "%").values.push_back(s.cpu_busy[i]);
    series_named("cpu:all", "%").values.push_back(cpu ? cpu->all.busy() : 0);
    series_named("iowait", "%").values.push_back(s.cpu_iowait);
    series_named("process", "%").values.push_back(s.process_cpu_percent);
    series_named("rss", "B").values.push_back(static_cast<double>(s.rss_bytes));
    // A series that got no value this time (a drive no longer reported) stays aligned.
    for (auto& x : series_.series)
        x.values.resize(series_.times.size(), 0.0);
    total_.push_back(r.total);
    last_elapsed_ = s.elapsed;
    last_ = s;
}

LiveSnapshot JobMonitor::poll(LiveSnapshot s, double elapsed, long long wall_time, bool final) {
    const double dt = elapsed - last_elapsed_;
    s.seq = ++seq_;
    s.elapsed = elapsed;
    s.wall_time = wall_time;
    s.source_bytes = s.tape_bytes = s.files = 0;
    const Rates rates = fill_rates(s, dt);
    fill_progress(s, elapsed);
    const auto cpu = fill_cpu(s);
    if (dt > 0 && !(final && dt < 0.05 * s.poll_interval)) record(s, rates, cpu);
    s.sustained_rate = sustained_rate(total_).rate;
    if (board_)
        if (auto st = board_->publish(s); !st)
            log::get("metrics")->warn("live figures not published: {}", st.error().message);
    return s;
}

std::vector<std::vector<double>> JobMonitor::drive_rates() const {
    std::vector<std::vector<double>> out;
    for (const auto* s : series_.with_prefix("drive:"))
        out.push_back(s->values);
    return out;
}

} // namespace tl::metrics
