#include "bench/multiplex_bench.h"

#include <algorithm>
#include <sstream>

#include "bench/job_phases.h"
#include "bench/report_util.h"
#include "bench/scratch_backup.h"
#include "bench/throttled_source.h"
#include "common/units.h"
#include "device/tape_timing.h"
#include "metrics/cpu_stat.h"

namespace tl::bench {

namespace {

// The library config of a drive type scaled to the bench's drive rate (tape_timing.h).
nlohmann::json model_config(const MultiplexBenchOptions& o) {
    auto type = device::find_drive_type(o.model);
    const double rate_scale = type ? o.drive_rate / type->native_rate : 1;
    nlohmann::json m = {
        {"type", o.model}, {"time_scale", o.time_scale}, {"rate_scale", rate_scale}};
    if (o.buffer_given) m["buffer"] = o.buffer / rate_scale;
    return m;
}

// The planner's figures for the same scaled model: buffer, backhitch and lowest step.
Status predict_with_model(const MultiplexBenchOptions& o, PlanInput& pi) {
    auto c = device::timing_config(model_config(o));
    if (!c) return c.error();
    const auto s = device::TapeTiming(c.value()).streaming();
    pi.buffer = s.buffer;
    pi.reposition_s = s.reposition_s;
    pi.lowest_step = s.steps.front();
    pi.drive_model = o.model;
    return {};
}

std::string source_command(const MultiplexBenchOptions& o, std::uint64_t bytes, std::size_t i) {
    return throttled_source_spec(o.source_program, bytes, o.source_rate, i + 1);
}

double sum(const std::vector<std::uint64_t>& v) {
    double s = 0;
    for (auto x : v)
        s += static_cast<double>(x);
    return s;
}

// The median of the summed per-drive samples above zero. Next to the engine's sustained rate
// (docs/metrics.md) because in a run this short the 3 s reposition after labeling (zero
// samples right after the buffer-filling first sample) weighs on the mean; the median shows
// the rate the drives stream at once they do.
double median_rate(const job::JobReport& b) {
    std::vector<double> sums;
    for (std::size_t i = 0; i < b.sample_times.size(); ++i) {
        double s = 0;
        for (const auto& d : b.drive_samples)
            if (i < d.size()) s += d[i];
        if (s > 0) sums.push_back(s);
    }
    if (sums.empty()) return 0;
    std::sort(sums.begin(), sums.end());
    const std::size_t n = sums.size();
    return n % 2 ? sums[n / 2] : (sums[n / 2 - 1] + sums[n / 2]) / 2;
}

nlohmann::json timelines(const job::JobReport& b) {
    auto a = nlohmann::json::array();
    for (const auto& d : b.drives)
        a.push_back({{"name", d.name},
                     {"tape_seconds", d.tape_seconds},
                     {"timeline", job::times_json(d.times)}});
    return a;
}

} // namespace

Result<MultiplexBenchResult> run_multiplex_bench(const MultiplexBenchOptions& o, Clock& clock) {
    if (o.source_program.empty() || o.sessions_per_drive == 0 || o.drive_rate <= 0)
        return make_error(ErrorKind::InvalidArgument,
                          "bench multiplex needs a source program, K >= 1 and a drive rate");
    MultiplexBenchResult r;
    r.machine = read_machine_info(clock);
    r.options = o;
    r.options.cancel = nullptr;
    auto tmp = make_scratch_dir(o.scratch);
    if (!tmp) return tmp.error();
    ScratchDir scratch{tmp.value()};
    const std::uint64_t per_source = std::max<std::uint64_t>(o.size / o.sessions_per_drive, 1);
    for (std::size_t li = 0; li < o.drives.size(); ++li) {
        TL_TRY(cancelled_check(o.cancel));
        const std::size_t d = o.drives[li];
        MultiplexLevel l;
        l.drives = d;
        l.sessions = d * o.sessions_per_drive;
        ScratchBackup b;
        for (std::size_t i = 0; i < l.sessions; ++i)
            b.sources.push_back(source_command(o, per_source, i));
        b.bytes = per_source * l.sessions;
        b.drives = d;
        b.sessions_per_drive = o.sessions_per_drive;
        b.block_size = o.block_size;
        if (o.model.empty())
            b.streaming = nlohmann::json{
                {"rate", o.drive_rate}, {"buffer", o.buffer}, {"reposition_s", o.reposition_s}};
        else
            b.model = model_config(o);
        b.poll_interval = 0.5; // short runs: more samples for the sustained rate
        b.cancel = o.cancel;
        auto before = metrics::read_proc_stat();
        const std::string home = scratch.path + "/home" + std::to_string(li);
        auto rep = backup_to_scratch(b, home, clock);
        auto after = metrics::read_proc_stat();
        if (!rep) return rep.error();
        ScratchDir done{home}; // free the level's tapes before the next one
        l.report = rep.value();
        if (before && after) {
            const auto u = metrics::usage_between(before.value(), after.value());
            l.all_cpu_busy = u.all.busy();
            for (const auto& c : u.per_cpu)
                l.per_cpu_busy.push_back(c.busy());
        }
        PlanInput pi;
        // Unthrottled sources offer more than any drive takes: model them as "fast enough".
        pi.source_rate = o.source_rate > 0 ? o.source_rate : o.drive_rate;
        pi.sessions = l.sessions;
        pi.drive_rate = o.drive_rate;
        pi.drives = d;
        pi.sessions_per_drive = o.sessions_per_drive;
        pi.buffer = o.buffer;
        pi.reposition_s = o.reposition_s;
        if (!o.model.empty()) TL_TRY(predict_with_model(o, pi));
        auto plan = make_plan(pi);
        if (!plan) return plan.error();
        l.predicted = plan.value();
        r.levels.push_back(std::move(l));
    }
    return r;
}

nlohmann::json to_json(const MultiplexBenchResult& r) {
    nlohmann::json levels = nlohmann::json::array();
    for (const auto& l : r.levels) {
        const auto& b = l.report;
        std::vector<std::uint64_t> shoeshine;
        for (const auto& d : b.drives)
            shoeshine.push_back(d.shoeshine_events);
        levels.push_back({{"drives", l.drives},
                          {"sessions", l.sessions},
                          {"job_status", b.status},
                          {"bytes", b.bytes},
                          {"tape_bytes", b.tape_bytes},
                          {"seconds", b.elapsed},
                          {"wall_mb_s", b.wall_rate / 1e6},
                          {"sustained_mb_s", b.sustained_rate / 1e6},
                          {"sustained_steady", b.sustained_steady},
                          {"median_mb_s", median_rate(b) / 1e6},
                          {"predicted_mb_s", l.predicted.total / 1e6},
                          {"process_cpu_pct", b.cpu_utilization},
                          {"machine_cpu_busy_pct", l.all_cpu_busy},
                          {"per_cpu_busy_pct", l.per_cpu_busy},
                          {"shoeshine_per_drive", shoeshine},
                          {"shoeshine_total", sum(shoeshine)},
                          {"phases", to_json(job_phases(b),
                                             r.options.drive_rate * static_cast<double>(l.drives))},
                          {"drive_timelines", timelines(b)},
                          {"predicted_backhitches_per_hour", l.predicted.backhitches_per_hour}});
    }
    const auto& o = r.options;
    return {{"date", r.machine.date},
            {"machine", machine_json(r.machine)},
            {"sessions_per_drive", o.sessions_per_drive},
            {"source_rate_mb_s", o.source_rate / 1e6},
            {"drive_rate_mb_s", o.drive_rate / 1e6},
            {"buffer_mb", o.buffer / 1e6},
            {"reposition_s", o.reposition_s},
            {"bytes_per_drive", o.size},
            {"block_size", o.block_size},
            {"levels", levels}};
}

std::string format_multiplex_bench(const MultiplexBenchResult& r) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(2);
    const auto& op = r.options;
    o << "Tapeloom bench multiplex, " << r.machine.date << " (load " << r.machine.load_average
      << " at start, " << r.machine.cpus << " CPUs)\n  " << op.sessions_per_drive
      << " source(s) per drive at "
      << (op.source_rate > 0 ? format_rate(op.source_rate) : std::string("full speed"))
      << "; drives at " << format_rate(op.drive_rate);
    if (op.model.empty())
        o << " (buffer " << op.buffer / 1e6 << " MB, reposition " << op.reposition_s << " s)";
    else
        o << " (" << op.model << " model scaled to that rate, mechanics / " << op.time_scale << ")";
    o << "; " << format_bytes(op.size) << " per drive\n"
      << "  drives  sessions  sustained MB/s  median  (model)  wall MB/s   CPU %  per CPU %      "
         "bytes  seconds  shoe-shine per drive\n";
    for (const auto& l : r.levels) {
        const auto& b = l.report;
        o.width(8);
        o << l.drives;
        o.width(10);
        o << l.sessions;
        o.width(16);
        o << b.sustained_rate / 1e6;
        o.width(8);
        o << median_rate(b) / 1e6;
        o << "  (";
        o.width(5);
        o << l.predicted.total / 1e6 << ")";
        o.width(11);
        o << b.wall_rate / 1e6;
        o.precision(0);
        o.width(8);
        o << l.all_cpu_busy << "  ";
        std::string per;
        for (double c : l.per_cpu_busy)
            per += (per.empty() ? "" : "/") + std::to_string(static_cast<int>(c + 0.5));
        o << per << std::string(per.size() < 11 ? 11 - per.size() : 0, ' ');
        o.width(10);
        o << format_bytes(b.bytes);
        o.precision(1);
        o.width(9);
        o << b.elapsed << "  ";
        for (std::size_t i = 0; i < b.drives.size(); ++i)
            o << (i ? "," : "") << b.drives[i].shoeshine_events;
        o.precision(2);
        o << "\n";
        o << format_phases(job_phases(b), op.drive_rate * static_cast<double>(l.drives),
                           b.wall_rate);
        o << format_drive_times(b);
    }
    o << "  sustained: per-drive samples every 0.5 s summed, ramp-up/down dropped "
         "(docs/metrics.md); median: of those sums; model: plan's prediction;\n  wall: tape "
         "bytes / elapsed; CPU %: whole machine, overall and per CPU\n";
    return o.str();
}

} // namespace tl::bench
