// GET /v1/live[?ended=true]: the live snapshots of the jobs running on the service's data
// directory (metrics/live_board.h): the service's own and those of another process on it, each
// with its pid, so a client tells them apart by `service_pid`. A remote console's Running tab,
// Queue tab and operator requests read them here instead of the data directory's files.
#include "metrics/live_board.h"
#include "service/api_context.h"

namespace tl::service {

namespace {
Result<nlohmann::json> live_jobs(const ApiContext& ctx, const httplib::Request& req) {
    const std::string ended = req.get_param_value("ended");
    if (!ended.empty() && ended != "true" && ended != "false")
        return make_error(ErrorKind::InvalidArgument,
                          "?ended= takes true or false, not '" + ended + "'");
    auto all = metrics::LiveBoard(ctx.home).read();
    if (!all) return all.error();
    nlohmann::json jobs = nlohmann::json::array();
    for (const auto& s : all.value())
        if (!s.ended || ended == "true") jobs.push_back(metrics::to_json(s));
    return nlohmann::json{{"service_pid", ctx.pid}, {"jobs", std::move(jobs)}};
}
} // namespace

void add_live_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/live", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto body = live_jobs(ctx, req);
        if (!body) return reply_error(res, body.error());
        reply_json(res, 200, body.value());
    });
}

} // namespace tl::service
