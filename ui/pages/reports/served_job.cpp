#include "pages/reports/served_job.h"

#include "models/job_history_model.h"

namespace tl::ui {

Result<ServedJob> readServedJob(const DoorAddress& door, qint64 id) {
    return readService<ServedJob>(
        door, "report --job " + std::to_string(id), [id](client::Api& api) -> Result<ServedJob> {
            auto job = api.job(id);
            if (!job) return job.error();
            auto report = api.job_report(id);
            if (!report) return report.error();
            auto log = api.job_log(id, 5000);
            if (!log) return log.error();
            return ServedJob{std::move(job.value()), std::move(report->series),
                             std::move(log.value())};
        });
}

job::JobRecord jobRecordOf(const JobRow& row, const ServedJob& served) {
    job::JobRecord r;
    r.id = row.id;
    r.kind = row.kind.toStdString();
    r.name = row.name.toStdString();
    r.level = row.level.toStdString();
    r.status = served.job.status;
    r.started = row.started.toSecsSinceEpoch();
    r.files = static_cast<std::uint64_t>(row.files);
    r.bytes = static_cast<std::uint64_t>(row.bytes);
    const bool running = r.status == "running" || r.status == "waiting";
    r.ended = running ? 0 : r.started + static_cast<long long>(row.seconds);
    if (served.job.report) {
        r.has_report = true;
        r.report = *served.job.report;
        if (r.report.started > 0) r.started = r.report.started;
        if (r.report.ended > 0) r.ended = r.report.ended;
    }
    return r;
}

} // namespace tl::ui
