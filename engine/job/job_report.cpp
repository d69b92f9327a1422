#include "job/job_report.h"

#include <algorithm>
#include <sstream>

#include "common/path_json.h"
#include "common/units.h"

namespace tl::job {

// A drive's trace: only the moments it reached, in seconds since the job's start.
nlohmann::json times_json(const DriveTimes& t) {
    nlohmann::json j = nlohmann::json::object();
    auto put = [&](const char* k, double v) {
        if (v >= 0) j[k] = v;
    };
    put("mount_start_s", t.mount_start);
    put("mounted_s", t.mounted);
    put("first_block_s", t.first_block);
    put("tape_start_s", t.tape_start);
    put("last_block_s", t.last_block);
    put("on_tape_s", t.on_tape);
    put("released_s", t.released);
    return j;
}

double working_seconds(const JobReport& r) {
    return std::max(0.0, r.elapsed - r.waited);
}

double rate_over_work(const JobReport& r, std::uint64_t bytes) {
    const double work = working_seconds(r);
    return work > 0 ? static_cast<double>(bytes) / work : 0;
}

namespace {
void add_volume_reads(const JobReport& r, nlohmann::json& j) {
    j["read_order"] = r.read_order;
    if (!r.drive_model.empty()) {
        j["drive_model"] = r.drive_model;
        j["planned_s"] = r.planned_seconds;
        j["actual_s"] = r.actual_seconds;
    }
    j["volume_reads"] = nlohmann::json::array();
    for (const auto& v : r.volume_reads)
        j["volume_reads"].push_back({{"barcode", v.barcode},
                                     {"passes", v.passes},
                                     {"locates", v.locates},
                                     {"back_steps", v.back_steps},
                                     {"positioning_s", v.positioning_seconds},
                                     {"planned_passes", v.planned_passes},
                                     {"planned_locates", v.planned_locates},
                                     {"planned_s", v.planned_seconds},
                                     {"actual_s", v.actual_seconds}});
}

void get_volume_reads(const nlohmann::json& j, JobReport& r) {
    r.read_order = j.value("read_order", "");
    r.drive_model = j.value("drive_model", "");
    r.planned_seconds = j.value("planned_s", 0.0);
    r.actual_seconds = j.value("actual_s", 0.0);
    if (!j.contains("volume_reads")) return;
    for (const auto& v : j["volume_reads"]) {
        VolumeReadReport x;
        x.barcode = v.value("barcode", "");
        x.passes = v.value("passes", 0ull);
        x.locates = v.value("locates", 0ull);
        x.back_steps = v.value("back_steps", 0ull);
        x.positioning_seconds = v.value("positioning_s", 0.0);
        x.planned_passes = v.value("planned_passes", 0ull);
        x.planned_locates = v.value("planned_locates", 0ull);
        x.planned_seconds = v.value("planned_s", 0.0);
        x.actual_seconds = v.value("actual_s", 0.0);
        r.volume_reads.push_back(x);
    }
}

DriveTimes times_from_json(const nlohmann::json& j) {
    DriveTimes t;
    t.mount_start = j.value("mount_start_s", -1.0);
    t.mounted = j.value("mounted_s", -1.0);
    t.first_block = j.value("first_block_s", -1.0);
    t.tape_start = j.value("tape_start_s", -1.0);
    t.last_block = j.value("last_block_s", -1.0);
    t.on_tape = j.value("on_tape_s", -1.0);
    t.released = j.value("released_s", -1.0);
    return t;
}

void format_volume_reads(const JobReport& r, std::ostream& o) {
    if (r.read_order.empty()) return;
    char line[256];
    o << "  read order     : " << r.read_order << "\n";
    for (const auto& v : r.volume_reads) {
        std::snprintf(line, sizeof line,
                      "  volume %s: %llu pass(es), %llu locates, %.1f s positioning",
                      v.barcode.c_str(), static_cast<unsigned long long>(v.passes),
                      static_cast<unsigned long long>(v.locates), v.positioning_seconds);
        o << line;
        if (!r.drive_model.empty()) {
            std::snprintf(line, sizeof line, "; planned %.1f s, actual %.1f s", v.planned_seconds,
                          v.actual_seconds);
            o << line;
        }
        o << "\n";
    }
    if (r.drive_model.empty()) return;
    std::snprintf(line, sizeof line,
                  "  drive time     : planned %.1f s, actual %.1f s (%s model)\n",
                  r.planned_seconds, r.actual_seconds, r.drive_model.c_str());
    o << line;
}

// Without compression the ratio is only the object headers' share of the stream: "none" says
// what the administrator asked for. Reports without a codec (other jobs, older backups): the ratio.
// A backup's compression; "" for other kinds, which compress nothing (a clone copies the
// stream as it is).
std::string compression_line(const JobReport& r) {
    if (r.kind != "backup") return "";
    if (r.codec == "none") return "  compression    : none\n";
    char ratio[64];
    std::snprintf(ratio, sizeof ratio, "  compression    : %.2f : 1", r.compression_ratio);
    return ratio + (r.codec.empty() ? std::string() : " (" + r.codec + ")") + "\n";
}
} // namespace

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
    if (!r.codec.empty()) j["codec"] = r.codec;
    if (r.waited > 0) j["waited_s"] = r.waited;
    if (r.reserved_at >= 0) j["reserved_s"] = r.reserved_at;
    if (r.sessions_started_at >= 0) j["sessions_started_s"] = r.sessions_started_at;
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
    if (!r.read_order.empty()) add_volume_reads(r, j);
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
                               {"busy_s", d.busy_seconds},
                               {"timeline", times_json(d.times)}});
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
    get("reserved_s", r.reserved_at);
    get("sessions_started_s", r.sessions_started_at);
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
    get("codec", r.codec);
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
    get_volume_reads(j, r);
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
            if (d.contains("timeline")) x.times = times_from_json(d["timeline"]);
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
    o << compression_line(r);
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
        o << "  drive " << d.name << ": " << format_bytes(d.bytes) << ", " << d.blocks
          << (d.blocks == 1 ? " block" : " blocks");
        if (d.lowest_speed > 0) o << ", speed matched down to " << format_rate(d.lowest_speed);
        if (d.shoeshine_events)
            o << ", " << d.shoeshine_events
              << " repositions (shoe-shine: the data came slower than the drive's lowest speed)";
        if (d.sync_restarts) o << ", " << d.sync_restarts << " restarts after filemarks";
        for (const auto& a : d.alerts)
            o << "\n    TapeAlert " << a;
        o << "\n";
    }
    format_volume_reads(r, o);
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
