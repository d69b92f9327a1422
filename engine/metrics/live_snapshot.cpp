#include "metrics/live_snapshot.h"

namespace tl::metrics {

namespace {
template <typename T> void get(const nlohmann::json& j, const char* key, T& out) {
    auto it = j.find(key);
    if (it != j.end() && !it->is_null()) out = it->get<T>();
}
} // namespace

nlohmann::json to_json(const LiveSnapshot& s) {
    nlohmann::json drives = nlohmann::json::array();
    for (const auto& d : s.drives)
        drives.push_back({{"name", d.name},
                          {"volume", d.volume},
                          {"state", d.state},
                          {"bytes", d.bytes},
                          {"blocks", d.blocks},
                          {"rate", d.rate},
                          {"shoeshine", d.shoeshine},
                          {"buffer_fill", d.buffer_fill},
                          {"positioning_ops", d.positioning_ops},
                          {"position", d.position},
                          {"seconds_writing", d.seconds_writing},
                          {"seconds_positioning", d.seconds_positioning},
                          {"seconds_mounting", d.seconds_mounting},
                          {"seconds_idle", d.seconds_idle},
                          {"seconds_waiting_media", d.seconds_waiting_media}});
    nlohmann::json sessions = nlohmann::json::array();
    for (const auto& x : s.sessions)
        sessions.push_back({{"source", x.source},
                            {"drive", x.drive},
                            {"state", x.state},
                            {"current_file", x.current_file},
                            {"error", x.error},
                            {"bytes", x.bytes},
                            {"stored", x.stored},
                            {"files", x.files},
                            {"rate", x.rate}});
    nlohmann::json devices = nlohmann::json::array();
    for (const auto& d : s.devices)
        devices.push_back({{"name", d.name}, {"bytes", d.bytes}, {"rate", d.rate}});
    return {{"job_id", s.job_id},
            {"kind", s.kind},
            {"name", s.name},
            {"pid", s.pid},
            {"seq", s.seq},
            {"ended", s.ended},
            {"status", s.status},
            {"waiting_for", s.waiting_for},
            {"wall_time", s.wall_time},
            {"started_at", s.started_at},
            {"seconds_waiting", s.seconds_waiting},
            {"level", s.level},
            {"level_note", s.level_note},
            {"elapsed", s.elapsed},
            {"poll_interval", s.poll_interval},
            {"source_bytes", s.source_bytes},
            {"tape_bytes", s.tape_bytes},
            {"files", s.files},
            {"total_bytes", s.total_bytes},
            {"wall_rate", s.wall_rate},
            {"sustained_rate", s.sustained_rate},
            {"eta_seconds", s.eta_seconds},
            {"process_cpu_percent", s.process_cpu_percent},
            {"rss_bytes", s.rss_bytes},
            {"cpu_busy", s.cpu_busy},
            {"cpu_iowait", s.cpu_iowait},
            {"drives", drives},
            {"sessions", sessions},
            {"devices", devices}};
}

LiveSnapshot snapshot_from_json(const nlohmann::json& j) {
    LiveSnapshot s;
    get(j, "job_id", s.job_id);
    get(j, "kind", s.kind);
    get(j, "name", s.name);
    get(j, "pid", s.pid);
    get(j, "seq", s.seq);
    get(j, "ended", s.ended);
    get(j, "status", s.status);
    get(j, "waiting_for", s.waiting_for);
    get(j, "wall_time", s.wall_time);
    get(j, "started_at", s.started_at);
    get(j, "seconds_waiting", s.seconds_waiting);
    get(j, "level", s.level);
    get(j, "level_note", s.level_note);
    get(j, "elapsed", s.elapsed);
    get(j, "poll_interval", s.poll_interval);
    get(j, "source_bytes", s.source_bytes);
    get(j, "tape_bytes", s.tape_bytes);
    get(j, "files", s.files);
    get(j, "total_bytes", s.total_bytes);
    get(j, "wall_rate", s.wall_rate);
    get(j, "sustained_rate", s.sustained_rate);
    get(j, "eta_seconds", s.eta_seconds);
    get(j, "process_cpu_percent", s.process_cpu_percent);
    get(j, "rss_bytes", s.rss_bytes);
    get(j, "cpu_busy", s.cpu_busy);
    get(j, "cpu_iowait", s.cpu_iowait);
    if (auto it = j.find("drives"); it != j.end() && it->is_array())
        for (const auto& d : *it) {
            LiveDrive x;
            get(d, "name", x.name);
            get(d, "volume", x.volume);
            get(d, "state", x.state);
            get(d, "bytes", x.bytes);
            get(d, "blocks", x.blocks);
            get(d, "rate", x.rate);
            get(d, "shoeshine", x.shoeshine);
            get(d, "buffer_fill", x.buffer_fill);
            get(d, "positioning_ops", x.positioning_ops);
            get(d, "position", x.position);
            get(d, "seconds_writing", x.seconds_writing);
            get(d, "seconds_positioning", x.seconds_positioning);
            get(d, "seconds_mounting", x.seconds_mounting);
            get(d, "seconds_idle", x.seconds_idle);
            get(d, "seconds_waiting_media", x.seconds_waiting_media);
            s.drives.push_back(std::move(x));
        }
    if (auto it = j.find("sessions"); it != j.end() && it->is_array())
        for (const auto& d : *it) {
            LiveSession x;
            get(d, "source", x.source);
            get(d, "drive", x.drive);
            get(d, "state", x.state);
            get(d, "current_file", x.current_file);
            get(d, "error", x.error);
            get(d, "bytes", x.bytes);
            get(d, "stored", x.stored);
            get(d, "files", x.files);
            get(d, "rate", x.rate);
            s.sessions.push_back(std::move(x));
        }
    if (auto it = j.find("devices"); it != j.end() && it->is_array())
        for (const auto& d : *it) {
            LiveDevice x;
            get(d, "name", x.name);
            get(d, "bytes", x.bytes);
            get(d, "rate", x.rate);
            s.devices.push_back(std::move(x));
        }
    return s;
}

} // namespace tl::metrics
