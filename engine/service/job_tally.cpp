#include "service/job_tally.h"

#include <algorithm>
#include <limits>

#include <nlohmann/json.hpp>

#include "agent/client_registry.h"

namespace tl::service {

namespace {
constexpr const char* kKinds[] = {"backup", "restore", "verify", "scan", "clone"};
constexpr const char* kEndStatuses[] = {"completed", "warnings", "partial", "failed", "cancelled"};

bool still_running(const catalog::TalliedJob& job) {
    return job.status == "running" || job.status == "waiting";
}

// A backup that wrote what it was asked to: completed, or completed with warnings (a file
// that vanished or could not be read is named in the report).
bool successful_backup(const catalog::TalliedJob& job) {
    return job.kind == "backup" && (job.status == "completed" || job.status == "warnings");
}

// Per drive of the report: $.drives[] {name, bytes, volumes[]}; failed $.sessions[] {drive}.
void add_drive_figures(const catalog::TalliedJob& job, std::map<std::string, DriveTotals>& out) {
    if (!job.report) return;
    const auto report = nlohmann::json::parse(*job.report, nullptr, false);
    if (!report.is_object()) return;
    if (auto d = report.find("drives"); d != report.end() && d->is_array())
        for (const auto& drive : *d) {
            if (!drive.is_object()) continue;
            auto& t = out[drive.value("name", std::string())];
            const auto bytes = drive.value("bytes", std::uint64_t{0});
            (job.kind == "backup" ? t.written_bytes : t.read_bytes) += bytes;
            if (auto v = drive.find("volumes"); v != drive.end() && v->is_array())
                t.mounts += static_cast<std::int64_t>(v->size());
        }
    if (auto s = report.find("sessions"); s != report.end() && s->is_array())
        for (const auto& session : *s)
            if (session.is_object() && session.value("status", std::string()) == "failed")
                out[session.value("drive", std::string())].failed_sessions++;
}

// The machines a backup read, from its report's $.sessions[].source: the client of a
// "client:NAME:PATH" source, "local" for any other.
std::set<std::string> clients_read(const catalog::TalliedJob& job) {
    std::set<std::string> out;
    const auto report =
        job.report ? nlohmann::json::parse(*job.report, nullptr, false) : nlohmann::json();
    if (auto s = report.is_object() ? report.find("sessions") : report.end();
        report.is_object() && s != report.end() && s->is_array())
        for (const auto& session : *s) {
            const auto source = session.is_object() ? session.find("source") : session.end();
            if (!session.is_object() || source == session.end() || !source->is_string()) continue;
            const auto client = agent::split_client_source(source->get<std::string>());
            out.insert(client ? client->first : std::string("local"));
        }
    if (out.empty()) out.insert("local");
    return out;
}
} // namespace

JobTally::JobTally() {
    // Every series a job can end in is there from the start, at 0, so that the first failure
    // is an increase Prometheus sees.
    for (const char* kind : kKinds)
        for (const char* status : kEndStatuses)
            figures_.jobs[{kind, status}] = 0;
}

void JobTally::count(const catalog::TalliedJob& job) {
    figures_.jobs[{job.kind, job.status}]++;
    add_drive_figures(job, figures_.drives);
    if (!successful_backup(job)) return;
    for (const auto& client : clients_read(job)) {
        auto& last = figures_.last_success[{job.name, client}];
        last = std::max(last, job.ended);
    }
}

Result<TallyFigures> JobTally::refresh(catalog::Db& db) {
    std::lock_guard lock(mu_);
    auto jobs = catalog::jobs_from(db, floor_);
    if (!jobs) return jobs.error();
    // The newest job is read again next time: a job id freed by a delete is used again.
    std::int64_t floor = jobs->empty() ? floor_ : jobs->back().id;
    for (const auto& job : jobs.value()) {
        if (still_running(job)) {
            floor = std::min(floor, job.id);
            continue;
        }
        if (counted_.insert({job.id, job.started}).second) count(job);
    }
    floor_ = floor;
    counted_.erase(counted_.begin(),
                   counted_.lower_bound({floor_, std::numeric_limits<long long>::min()}));
    return figures_;
}

} // namespace tl::service
