#include "job/job_report.h"

#include <algorithm>
#include <sstream>

#include "common/path_json.h"
#include "common/units.h"

namespace tl::job {

double working_seconds(const JobReport& r) {
    return std::max(0.0, r.elapsed - r.waited);
}

double rate_over_work(const JobReport& r, std::uint64_t bytes) {
    const double work = working_seconds(r);
    return work > 0 ? static_cast<double>(bytes) / work : 0;
}

nlohmann::json to_json(const JobReport& r) {
    nlohmann::json j = {{"job_id", r.job_id},
                        {"kind", r.kind},
                        {"status", r.status},
                        {"started", r.started},
                        {"ended", r.ended},
                        {"elapsed_s", r.elapsed},
                        {"bytes", r.bytes},
                        {"stored_bytes", r.stored},
                        {"tape_bytes", r.tape_bytes},
                        {"files", r.files},
                        {"wall_rate_Bps", r.wall_rate},
                        {"sustained_rate_Bps", r.sustained_rate},
                        {"sustained_steady", r.sustained_steady},
                        {"cpu_seconds", r.cpu_seconds},
                        {"cpu_utilization_pct", r.cpu_utilization},
                        {"peak_rss_bytes", r.peak_rss},
                        {"compression_ratio", r.compression_ratio},
                        {"block_size", r.block_size},
                        {"sessions_per_drive", r.sessions_per_drive},
                        {"volumes", r.volumes},
                        {"warnings", r.warnings},
                        {"poll_interval_s", r.poll_interval},
                        {"sample_times", r.sample_times},
                        {"drive_samples", r.drive_samples}};
    if (!r.error.empty()) j["error"] = r.error;
    if (r.waited > 0) j["waited_s"] = r.waited;
    if (!r.sync.empty()) {
        j["sync"] = r.sync;
        j["sync_s"] = r.sync_seconds;
    }
    j["sessions"] = nlohmann::json::array();
    for (const auto& s : r.sessions)
        j["sessions"].push_back({{"saveset_id", s.saveset_id},
                                 {"source", path_json(s.source)},
                                 {"drive", s.drive},
                                 {"bytes", s.bytes},
                                 {"stored_bytes", s.stored},
                                 {"files", s.files},
                                 {"status", s.status},
                                 {"error", s.error}});
    j["drives"] = nlohmann::json::array();
    for (const auto& d : r.drives)
        j["drives"].push_back({{"name", d.name},
                               {"bytes", d.bytes},
                               {"blocks", d.blocks},
                               {"volumes", d.volumes},
                               {"shoeshine_events", d.shoeshine_events},
                               {"sync_restarts", d.sync_restarts},
                               {"lowest_speed", d.lowest_speed},
                               {"alerts", d.alerts},
                               {"busy_s", d.busy_seconds}});
    return j;
}

JobReport report_from_json(const nlohmann::json& j) {
    JobReport r;
    auto get = [&](const char* k, auto& v) {
        if (j.contains(k) && !j[k].is_null()) j[k].get_to(v);
    };
    get("job_id", r.job_id);
    get("kind", r.kind);
    get("status", r.status);
    get("error", r.error);
    get("started", r.started);
    get("ended", r.ended);
    get("elapsed_s", r.elapsed);
    get("waited_s", r.waited);
    get("bytes", r.bytes);
    get("stored_bytes", r.stored);
    get("tape_bytes", r.tape_bytes);
    get("files", r.files);
    get("wall_rate_Bps", r.wall_rate);
    get("sustained_rate_Bps", r.sustained_rate);
    get("sustained_steady", r.sustained_steady);
    get("cpu_seconds", r.cpu_seconds);
    get("cpu_utilization_pct", r.cpu_utilization);
    get("peak_rss_bytes", r.peak_rss);
    get("compression_ratio", r.compression_ratio);
    get("block_size", r.block_size);
    get("sessions_per_drive", r.sessions_per_drive);
    get("volumes", r.volumes);
    get("warnings", r.warnings);
    get("sync", r.sync);
    get("sync_s", r.sync_seconds);
    get("poll_interval_s", r.poll_interval);
    get("sample_times", r.sample_times);
    get("drive_samples", r.drive_samples);
    if (j.contains("sessions"))
        for (const auto& s : j["sessions"]) {
            SessionReport x;
            x.saveset_id = s.value("saveset_id", 0);
            if (s.contains("source"))
                if (auto source = path_from_json(s["source"])) x.source = source.value();
            x.drive = s.value("drive", "");
            x.bytes = s.value("bytes", 0ull);
            x.stored = s.value("stored_bytes", 0ull);
            x.files = s.value("files", 0ull);
            x.status = s.value("status", "");
            x.error = s.value("error", "");
            r.sessions.push_back(x);
        }
    if (j.contains("drives"))
        for (const auto& d : j["drives"]) {
            DriveReport x;
            x.name = d.value("name", "");
            x.bytes = d.value("bytes", 0ull);
            x.blocks = d.value("blocks", 0ull);
            if (d.contains("volumes")) d["volumes"].get_to(x.volumes);
            x.shoeshine_events = d.value("shoeshine_events", 0ull);
            x.sync_restarts = d.value("sync_restarts", 0ull);
            x.lowest_speed = d.value("lowest_speed", 0.0);
            if (d.contains("alerts")) d["alerts"].get_to(x.alerts);
            x.busy_seconds = d.value("busy_s", 0.0);
            r.drives.push_back(x);
        }
    return r;
}

bool has_rate(const JobReport& r) {
    return r.bytes > 0 && r.elapsed > 0;
}

std::string format_report(const JobReport& r) {
    std::ostringstream o;
    o << "Job " << r.job_id << " (" << r.kind << "): " << r.status << "\n";
    if (!r.error.empty()) o << "  error          : " << r.error << "\n";
    char line[256];
    std::snprintf(line, sizeof line, "  elapsed        : %.2f s\n", r.elapsed);
    o << line;
    if (r.waited > 0) {
        std::snprintf(line, sizeof line,
                      "  waited         : %.2f s for drives or volumes other jobs held (worked "
                      "%.2f s)\n",
                      r.waited, working_seconds(r));
        o << line;
    }
    o << "  files          : " << r.files << "\n"
      << "  source bytes   : " << format_bytes(r.bytes) << " (" << r.bytes << ")\n"
      << "  on tape        : " << format_bytes(r.tape_bytes) << " in " << r.volumes.size()
      << " volume(s)";
    for (const auto& v : r.volumes)
        o << " " << v;
    o << "\n";
    std::snprintf(line, sizeof line, "  compression    : %.2f : 1\n", r.compression_ratio);
    o << line;
    if (has_rate(r))
        o << "  wall rate      : " << format_rate(r.wall_rate) << "\n"
          << "  sustained rate : " << format_rate(r.sustained_rate)
          << (r.sustained_steady ? "" : " (no steady state reached)") << "\n";
    else
        o << "  wall rate      : - (no data moved)\n"
          << "  sustained rate : -\n";
    std::snprintf(line, sizeof line, "  CPU            : %.2f s (%.0f%% of the machine)\n",
                  r.cpu_seconds, r.cpu_utilization);
    o << line;
    o << "  peak memory    : " << format_bytes(r.peak_rss) << "\n";
    if (!r.sync.empty()) {
        std::snprintf(line, sizeof line, "  sync to disk   : %s (%s; %.2f s at the end)\n",
                      r.sync.c_str(),
                      r.sync == "file"   ? "fsync of every file"
                      : r.sync == "none" ? "left to the kernel"
                                         : "syncfs at checkpoints and at the end",
                      r.sync_seconds);
        o << line;
    }
    for (const auto& d : r.drives) {
        o << "  drive " << d.name << ": " << format_bytes(d.bytes) << ", " << d.blocks << " blocks";
        if (d.lowest_speed > 0) o << ", speed matched down to " << format_rate(d.lowest_speed);
        if (d.shoeshine_events)
            o << ", " << d.shoeshine_events
              << " repositions (shoe-shine: the data came slower than the drive's lowest speed)";
        if (d.sync_restarts) o << ", " << d.sync_restarts << " restarts after filemarks";
        for (const auto& a : d.alerts)
            o << "\n    TapeAlert " << a;
        o << "\n";
    }
    for (const auto& s : r.sessions)
        o << "  session " << s.source << " -> " << s.drive << ": " << s.files << " files, "
          << format_bytes(s.bytes) << ", " << s.status
          << (s.error.empty() ? "" : " (" + s.error + ")") << "\n";
    if (!r.warnings.empty()) {
        o << "  warnings (" << r.warnings.size() << "):\n";
        std::size_t n = 0;
        for (const auto& w : r.warnings) {
            if (++n > 20) {
                o << "    ... and " << r.warnings.size() - 20 << " more (see --json)\n";
                break;
            }
            o << "    " << w << "\n";
        }
    }
    return o.str();
}

} // namespace tl::job
