#include "bench/service_bench.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>

#include <sys/stat.h>

#include "bench/report_util.h"
#include "bench/scratch_backup.h"
#include "bench/service_bench_parts.h"
#include "common/units.h"
#include "service/event_hub.h"

namespace tl::bench {

Status make_private_home(const std::string& home) {
    if (::mkdir(home.c_str(), 0700) != 0)
        return make_error(ErrorKind::Io, "cannot create " + home + ": " + std::strerror(errno));
    return {};
}

namespace {
// A part's failure as the bench reports it: which part, and why (its kind kept for the exit
// code; a cancelled bench says so as every bench does).
Status named_part(const char* part, Status st) {
    if (st || st.error().kind == ErrorKind::Cancelled) return st;
    return make_error(st.error().kind,
                      std::string("bench service, ") + part + " part: " + st.error().message);
}
} // namespace

Result<ServiceBenchResult> run_service_bench(const ServiceBenchOptions& o, Clock& clock) {
    if (!o.start_service)
        return make_error(ErrorKind::Internal, "bench service needs a way to start the service");
    if (o.calls == 0 || o.runs == 0 || o.window <= 0 || o.processes == 0 || o.backup_rate <= 0 ||
        o.backup_seconds <= 0)
        return make_error(ErrorKind::InvalidArgument,
                          "bench service: --calls, --runs, --window, --processes, --backup-rate "
                          "and --backup-seconds must be above zero");
    if (o.followers == 0 || 2 * o.followers > service::EventHub::kMaxSubscribers)
        return make_error(ErrorKind::InvalidArgument,
                          "bench service: --followers takes 1 to " +
                              std::to_string(service::EventHub::kMaxSubscribers / 2) +
                              " (pairs of streams; the service serves " +
                              std::to_string(service::EventHub::kMaxSubscribers) +
                              " streams at once)");
    ServiceBenchResult r;
    r.machine = read_machine_info(clock);
    r.options = o;
    if (o.latency) TL_TRY(named_part("latency", time_service_calls(o, r, clock)));
    TL_TRY(cancelled_check(o.cancel));
    if (o.stream) TL_TRY(named_part("stream", measure_stream_cost(o, r, clock)));
    TL_TRY(cancelled_check(o.cancel));
    if (o.during_backup) TL_TRY(named_part("during-backup", time_calls_during_backup(o, r, clock)));
    TL_TRY(cancelled_check(o.cancel));
    if (o.backup) TL_TRY(named_part("backup", compare_backups(o, r, clock)));
    return r;
}

namespace {
double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

std::string ms(double seconds) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(2);
    o << seconds * 1000 << " ms";
    return o.str();
}

nlohmann::json call_json(const CallTiming& c) {
    nlohmann::json j = {{"what", c.what},       {"calls", c.calls}, {"rows", c.rows},
                        {"median_s", c.median}, {"p99_s", c.p99},   {"worst_s", c.worst}};
    if (c.has_service_time)
        j["service"] = {
            {"median_s", c.service_median}, {"p99_s", c.service_p99}, {"worst_s", c.service_worst}};
    return j;
}

void format_call(std::ostream& o, const CallTiming& c, const char* target) {
    o << "  " << c.what << ": median " << ms(c.median) << ", p99 " << ms(c.p99) << ", worst "
      << ms(c.worst) << " (" << c.calls << " calls";
    if (c.rows) o << ", " << c.rows << " rows";
    o << ")";
    if (c.has_service_time)
        o << "; in the service: median " << ms(c.service_median) << ", p99 " << ms(c.service_p99)
          << ", worst " << ms(c.service_worst);
    if (target) o << "; target " << target;
    o << "\n";
}
} // namespace

nlohmann::json to_json(const ServiceBenchResult& r) {
    nlohmann::json j = {{"machine", machine_json(r.machine)}};
    if (r.options.latency) {
        j["latency"] = {
            {"entries", r.entries}, {"jobs", r.jobs}, {"calls", nlohmann::json::array()}};
        for (const auto& c : r.calls)
            j["latency"]["calls"].push_back(call_json(c));
    }
    if (r.options.during_backup) {
        const auto& d = r.during;
        j["during_backup"] = {{"jobs", d.jobs},
                              {"dir_entries", d.dir_entries},
                              {"drives", d.drives},
                              {"sources", d.sources},
                              {"rate_per_source", d.rate},
                              {"backup_bytes", d.backup_bytes},
                              {"backup_elapsed_s", d.backup_seconds},
                              {"running_checks", d.checks},
                              {"calls", nlohmann::json::array()}};
        for (const auto& c : d.calls)
            j["during_backup"]["calls"].push_back(call_json(c));
    }
    if (r.options.stream)
        j["stream"] = {{"drives", r.stream.drives},
                       {"sessions", r.stream.sessions},
                       {"window_s", r.stream.window},
                       {"follower_pairs", r.stream.followers},
                       {"cpu_percent_per_pair", r.stream.per_pair()},
                       {"cpu_percent_without_before", r.stream.without_before},
                       {"cpu_percent_following", r.stream.with},
                       {"cpu_percent_without_after", r.stream.without_after},
                       {"events", r.stream.events}};
    if (r.options.backup)
        j["backup"] = {
            {"bytes", r.backup.bytes},
            {"in_process_mb_s", r.backup.in_process},
            {"service_mb_s", r.backup.service},
            {"service_wall_mb_s", r.backup.service_wall},
            {"ratio_of_medians", median(r.backup.in_process) > 0
                                     ? median(r.backup.service) / median(r.backup.in_process)
                                     : 0.0}};
    return j;
}

std::string format_service_bench(const ServiceBenchResult& r) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(1);
    o << "machine: " << r.machine.cpus << " CPUs, load " << r.machine.load_average << "\n";
    if (r.options.latency) {
        o << "latency on a catalog of " << r.entries << " entries and " << r.jobs << " jobs:\n";
        for (const auto& c : r.calls)
            format_call(o, c, nullptr);
    }
    if (r.options.during_backup) {
        const auto& d = r.during;
        o << "during a backup on " << d.drives << " drives (" << d.sources << " sources of "
          << format_bytes(static_cast<std::uint64_t>(d.rate)) << "/s; it read "
          << format_bytes(d.backup_bytes) << " in " << d.backup_seconds
          << " s, and ran before and after every series of calls: " << d.checks
          << " checks), a history of " << d.jobs << " jobs, a directory of " << d.dir_entries
          << " entries:\n";
        for (const auto& c : d.calls)
            format_call(o, c, "< 100 ms");
    }
    if (r.options.stream) {
        const double base = (r.stream.without_before + r.stream.without_after) / 2;
        o << "streams: a backup on " << r.stream.drives << " drives, " << r.stream.sessions
          << " sessions; service CPU over " << r.stream.window
          << " s windows: " << r.stream.without_before << "% without a follower, " << r.stream.with
          << "% with " << r.stream.followers << " clients following its live stream and "
          << r.stream.followers << " the event stream (" << r.stream.events << " events), "
          << r.stream.without_after << "% without again; the followers cost "
          << (r.stream.with - base) << "% of a core, " << r.stream.per_pair()
          << "% per pair of streams (target < 1%)\n";
    }
    if (r.options.backup) {
        o << "backup of " << format_bytes(r.backup.bytes) << ", MB/s (the job's bytes / its "
          << "elapsed):\n  in process:";
        for (double v : r.backup.in_process)
            o << " " << v;
        o << "\n  through the service:";
        for (double v : r.backup.service)
            o << " " << v;
        o << " (submit to ended:";
        for (double v : r.backup.service_wall)
            o << " " << v;
        o << ")\n";
        const double a = median(r.backup.in_process), b = median(r.backup.service);
        if (a > 0) o << "  service / in process (medians): " << b / a << "\n";
    }
    return o.str();
}

} // namespace tl::bench
