#include "service/metrics_text.h"

#include <sstream>

namespace tl::service {

namespace {
// A label value with \, " and newline escaped as the format asks.
std::string label(const std::string& v) {
    std::string out;
    for (char c : v) {
        if (c == '\\' || c == '"') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

void head(std::ostream& o, const char* name, const char* type, const char* help) {
    o << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n";
}

void drive_counters(std::ostream& o, const std::map<std::string, DriveTotals>& drives) {
    const auto each = [&](const char* name, const char* help, auto figure) {
        head(o, name, "counter", help);
        for (const auto& [drive, t] : drives)
            o << name << "{drive=\"" << label(drive) << "\"} " << figure(t) << "\n";
    };
    each("tapeloom_drive_written_bytes_total", "Bytes backups wrote on the drive.",
         [](const DriveTotals& t) { return t.written_bytes; });
    each("tapeloom_drive_read_bytes_total", "Bytes restores, verifies, scans and clones read.",
         [](const DriveTotals& t) { return t.read_bytes; });
    each("tapeloom_drive_mounts_total", "Volumes jobs mounted in the drive.",
         [](const DriveTotals& t) { return t.mounts; });
    each("tapeloom_drive_failed_sessions_total", "Media sessions on the drive that failed.",
         [](const DriveTotals& t) { return t.failed_sessions; });
}

void job_counters(std::ostream& o, const TallyFigures& t) {
    head(o, "tapeloom_jobs_total", "counter", "Jobs that ended, by kind and status.");
    for (const auto& [key, n] : t.jobs)
        o << "tapeloom_jobs_total{kind=\"" << label(key.first) << "\",status=\""
          << label(key.second) << "\"} " << n << "\n";
    drive_counters(o, t.drives);
    head(o, "tapeloom_backup_last_success_timestamp_seconds", "gauge",
         "When the last completed backup of a definition ended (unix seconds).");
    for (const auto& [key, ended] : t.last_success)
        o << "tapeloom_backup_last_success_timestamp_seconds{definition=\"" << label(key.first)
          << "\",client=\"" << label(key.second) << "\"} " << ended << "\n";
}

void client_metrics(std::ostream& o, const std::vector<catalog::ClientRow>& clients) {
    head(o, "tapeloom_client_up", "gauge",
         "1 when the client's agent answered at the last contact, else 0.");
    for (const auto& c : clients)
        o << "tapeloom_client_up{client=\"" << label(c.name) << "\"} "
          << (c.reachable.value_or(false) ? 1 : 0) << "\n";
    head(o, "tapeloom_client_last_backup_timestamp_seconds", "gauge",
         "When the client's last backup with a completed session ended (unix seconds).");
    for (const auto& c : clients)
        if (c.last_backup)
            o << "tapeloom_client_last_backup_timestamp_seconds{client=\"" << label(c.name)
              << "\"} " << *c.last_backup << "\n";
    head(o, "tapeloom_client_last_backup_bytes", "gauge",
         "Source bytes the client's last backup with a completed session read.");
    for (const auto& c : clients)
        if (c.last_backup && c.last_backup_bytes)
            o << "tapeloom_client_last_backup_bytes{client=\"" << label(c.name) << "\"} "
              << *c.last_backup_bytes << "\n";
}

void live_metrics(std::ostream& o, const std::vector<metrics::LiveSnapshot>& live) {
    head(o, "tapeloom_job_rate_bytes_per_second", "gauge",
         "Tape bytes per second of a running job over its last poll.");
    for (const auto& s : live)
        o << "tapeloom_job_rate_bytes_per_second{job=\"" << s.job_id << "\",name=\""
          << label(s.name) << "\"} " << s.wall_rate << "\n";
    head(o, "tapeloom_drive_bytes", "gauge", "Bytes a drive wrote for the running job.");
    for (const auto& s : live)
        for (const auto& d : s.drives)
            o << "tapeloom_drive_bytes{drive=\"" << label(d.name) << "\",job=\"" << s.job_id
              << "\"} " << d.bytes << "\n";
    head(o, "tapeloom_drive_state", "gauge", "1 for the state a drive of a running job is in.");
    for (const auto& s : live)
        for (const auto& d : s.drives)
            o << "tapeloom_drive_state{drive=\"" << label(d.name) << "\",state=\"" << label(d.state)
              << "\"} 1\n";
}
void drive_health(std::ostream& o, const MetricsInput& in) {
    head(o, "tapeloom_drive_out_of_service", "gauge",
         "1 while a drive is out of service (a critical TapeAlert flag or an operator).");
    for (const auto& [drive, out] : in.drive_out_of_service)
        o << "tapeloom_drive_out_of_service{drive=\"" << label(drive) << "\"} " << (out ? 1 : 0)
          << "\n";
    head(o, "tapeloom_drive_tape_alerts_total", "counter",
         "TapeAlert flags the drive reported, by severity.");
    for (const auto& [key, n] : in.drive_alerts)
        o << "tapeloom_drive_tape_alerts_total{drive=\"" << label(key.first) << "\",severity=\""
          << label(key.second) << "\"} " << n << "\n";
}
} // namespace

std::string metrics_text(const MetricsInput& in) {
    std::ostringstream o;
    head(o, "tapeloom_jobs_running", "gauge", "Jobs the service runs now.");
    o << "tapeloom_jobs_running " << in.jobs_running << "\n";
    head(o, "tapeloom_queue_length", "gauge", "Queued runs waiting to start.");
    o << "tapeloom_queue_length " << in.queue_waiting << "\n";
    head(o, "tapeloom_api_streams", "gauge", "Event and live streams API clients follow now.");
    o << "tapeloom_api_streams " << in.streams << "\n";
    head(o, "tapeloom_volumes", "gauge", "Volumes in the catalog by state.");
    for (const auto& [state, n] : in.volumes_by_state)
        o << "tapeloom_volumes{state=\"" << label(state) << "\"} " << n << "\n";
    head(o, "tapeloom_catalog_bytes", "gauge", "Size of the catalog database and its WAL.");
    o << "tapeloom_catalog_bytes " << in.catalog.bytes << "\n";
    head(o, "tapeloom_catalog_jobs", "gauge", "Jobs in the job history.");
    o << "tapeloom_catalog_jobs " << in.catalog.jobs << "\n";
    job_counters(o, in.tally);
    client_metrics(o, in.clients);
    drive_health(o, in);
    live_metrics(o, in.live);
    return o.str();
}

} // namespace tl::service
