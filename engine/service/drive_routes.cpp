// The drives as resources (docs/api.md "Devices"): GET /v1/drives, every configured drive's
// status with its newest 5 TapeAlert entries ({"drives": [...]}, as `drive status --json`),
// GET /v1/drives?usage=true the same with each drive's usage (drive_usage.h),
// GET /v1/drives/{name}[?alerts=N] one drive with at most N (default 50, as `drive show`), and
// PATCH /v1/drives/{name} {"in_service": true} returning a drive taken out of service by a
// TapeAlert fault to service (`drive clear`; scope operate), answered with the drive after it.
// A drive a job uses is not opened: its entry names the job (api/drive_report.h).
#include <httplib.h>

#include "api/drive_report.h"
#include "context/engine_catalog.h"
#include "device/drive_health.h"
#include "service/api_context.h"
#include "service/drive_usage.h"
#include "service/query_params.h"

namespace tl::service {

namespace {
constexpr std::int64_t kStatusAlerts = 5, kShowAlerts = 50, kMostAlerts = 1000;

Result<nlohmann::json> one_drive(const ApiContext& ctx, const std::string& name, int alerts) {
    auto report = device::drive_report(ctx.engine, name, alerts);
    if (!report) return report.error();
    return report.value()["drives"].front();
}

Result<nlohmann::json> drive_shown(const ApiContext& ctx, const httplib::Request& req) {
    auto alerts = count_param(req, "alerts", kShowAlerts);
    if (!alerts) return alerts.error();
    if (*alerts < 1 || *alerts > kMostAlerts)
        return invalid_request("GET /v1/drives/{name}",
                               "\"alerts\" takes 1.." + std::to_string(kMostAlerts));
    return one_drive(ctx, req.matches[1], static_cast<int>(*alerts));
}

Result<nlohmann::json> drive_returned(const ApiContext& ctx, const httplib::Request& req) {
    const std::string route = "PATCH /v1/drives/{name}";
    const auto body = request_json(req);
    if (!body.is_object() || body.size() != 1 || !body.contains("in_service") ||
        body["in_service"] != true)
        return invalid_request(route, "takes {\"in_service\": true} (a drive is taken out of "
                                      "service by its TapeAlert faults, not through the API)");
    const std::string name = req.matches[1];
    TL_TRY(device::return_drive_to_service(engine_catalog(ctx.engine), name));
    return one_drive(ctx, name, kStatusAlerts);
}

void answer_drive(httplib::Response& res, const Result<nlohmann::json>& drive) {
    if (!drive) return reply_error(res, drive.error());
    reply_json(res, 200, drive.value());
}
} // namespace

void add_drive_routes(httplib::Server& server, const ApiContext& ctx) {
    // ?usage=true: each drive with its "usage" (drive_usage.h).
    server.Get("/v1/drives", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto report = device::drive_report(ctx.engine, "", kStatusAlerts);
        if (report && req.get_param_value("usage") == "true")
            if (auto st = add_drive_usage(engine_catalog(ctx.engine), report.value()["drives"]);
                !st)
                return reply_error(res, st.error());
        answer_drive(res, report);
    });
    server.Get(R"(/v1/drives/([^/]+))",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   answer_drive(res, drive_shown(ctx, req));
               });
    server.Patch(R"(/v1/drives/([^/]+))",
                 [&ctx](const httplib::Request& req, httplib::Response& res) {
                     answer_drive(res, drive_returned(ctx, req));
                 });
}

} // namespace tl::service
