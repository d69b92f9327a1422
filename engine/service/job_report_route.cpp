// A finished job's report with its recorded series (docs/api.md "Resources"): GET
// /v1/jobs/{id}/report answers {"report": the report as stored ({} while the job has none),
// "time": [seconds since the job started...], "series": [{"name", "unit", "values"}...]} in
// the stored order, what `report --job ID` prints; 404 for an unknown job.
#include <httplib.h>

#include "catalog/job_store.h"
#include "catalog/series_store.h"
#include "service/api_context.h"

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
}

} // namespace tl::service
