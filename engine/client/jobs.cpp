#include "client/jobs.h"

namespace tl::client {

Result<Job> job_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("job_id") || !j["job_id"].is_number_integer())
        return make_error(ErrorKind::Io, "the service's job document has no job_id");
    Job job;
    job.id = j["job_id"].get<std::int64_t>();
    job.status = j.value("status", std::string());
    job.waiting_for = j.value("waiting_for", std::string());
    // A job without a report is {"job_id", "status"[, "waiting_for"]}; a report has its kind.
    if (j.contains("kind")) job.report = job::report_from_json(j);
    job.document = j;
    return job;
}

Result<JobReportSeries> job_report_series_from_json(const nlohmann::json& j) {
    const auto bad = make_error(ErrorKind::Io, "the service's job report has no report and series");
    if (!j.is_object() || !j.contains("report") || !j["report"].is_object() ||
        !j.contains("time") || !j["time"].is_array() || !j.contains("series") ||
        !j["series"].is_array())
        return bad;
    JobReportSeries out;
    out.report = j["report"];
    try {
        out.series.times = j["time"].get<std::vector<double>>();
        for (const auto& s : j["series"])
            out.series.series.push_back({s.at("name").get<std::string>(),
                                         s.at("unit").get<std::string>(),
                                         s.at("values").get<std::vector<double>>()});
    } catch (const nlohmann::json::exception&) {
        return bad;
    }
    return out;
}

Result<JobStarted> job_started_from_json(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("job") || !j["job"].is_number_integer())
        return make_error(ErrorKind::Io, "the service's answer names no job");
    return JobStarted{j["job"].get<std::int64_t>(), j.value("url", std::string())};
}

} // namespace tl::client
