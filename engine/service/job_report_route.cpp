// A finished job's report with its recorded series (docs/api.md "Resources"): GET
// /v1/jobs/{id}/report answers {"report": the report as stored ({} while the job has none),
// "time": [seconds since the job started...], "series": [{"name", "unit", "values"}...]} in
// the stored order, what `report --job ID` prints; 404 for an unknown job. GET
// /v1/jobs/{id}/log answers {"job": ID, "lines": [...]}: the job's lines of the data directory's
// log file (job_log.h; at most ?max= lines, the last ones, 5000 by default).
#include <httplib.h>

#include "catalog/job_store.h"
#include "catalog/series_store.h"
#include "service/api_context.h"
#include "service/job_log.h"
#include "service/query_params.h"

namespace tl::service {

namespace {
Result<nlohmann::json> report_with_series(catalog::Db& db, std::int64_t id) {
    auto stored = catalog::stored_report(db, id);
    if (!stored) return stored.error();
    if (!stored.value())
        return make_error(ErrorKind::NotFound,
                          "job " + std::to_string(id) + " does not exist; see GET /v1/jobs");
    auto report = nlohmann::json::parse(stored.value()->json.value_or(""), nullptr, false);
    if (report.is_discarded()) report = nlohmann::json::object();
    auto series = catalog::load_series(db, id);
    if (!series) return series.error();
    nlohmann::json named = nlohmann::json::array();
    for (const auto& s : series->series)
        named.push_back({{"name", s.name}, {"unit", s.unit}, {"values", s.values}});
    return nlohmann::json{{"report", report}, {"time", series->times}, {"series", named}};
}
constexpr std::size_t kLogLines = 5000;

Result<nlohmann::json> job_log(const ApiContext& ctx, catalog::Db& db, std::int64_t id,
                               std::size_t max_lines) {
    auto job = catalog::find_job(db, id);
    if (!job) return job.error();
    if (!job.value())
        return make_error(ErrorKind::NotFound,
                          "job " + std::to_string(id) + " does not exist; see GET /v1/jobs");
    const JobLogWindow window{id, job.value()->started, job.value()->ended,
                              to_unix_seconds(ctx.engine.clock().wall())};
    return nlohmann::json{{"job", id}, {"lines", job_log_lines(ctx.home, window, max_lines)}};
}

Result<std::size_t> max_lines_of(const httplib::Request& req) {
    auto n = count_param(req, "max", kLogLines);
    if (!n) return n.error();
    if (n.value() < 1 || n.value() > 100000)
        return invalid_request("GET /v1/jobs/{id}/log",
                               "?max= takes 1 to 100000 lines, not " + std::to_string(n.value()));
    return static_cast<std::size_t>(n.value());
}
} // namespace

void add_job_report_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get(R"(/v1/jobs/([^/]+)/report)",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   auto id = id_in_path(req, "a job ID");
                   if (!id) return reply_error(res, id.error());
                   answer_from_catalog(ctx, res, [&](catalog::Db& db) {
                       return report_with_series(db, id.value());
                   });
               });
    server.Get(R"(/v1/jobs/([^/]+)/log)",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   auto id = id_in_path(req, "a job ID");
                   if (!id) return reply_error(res, id.error());
                   auto max = max_lines_of(req);
                   if (!max) return reply_error(res, max.error());
                   answer_from_catalog(ctx, res, [&](catalog::Db& db) {
                       return job_log(ctx, db, id.value(), max.value());
                   });
               });
}

} // namespace tl::service
