// The jobs the API starts as typed resources (docs/api.md "Resources", "Jobs"): POST /v1/restores
// answers 202 with the job's URL (a Location header and {"job": ID, "url": "/v1/jobs/ID"}) as
// soon as the restore has its job, whose status and report GET /v1/jobs/{id} gives; POST
// /v1/jobs/{id}/cancel asks such a job to stop. The restore runs job::run_restore (or, for a
// client's backup, agent::run_client_restore) on the service's engine.
#include "agent/client_restore.h"
#include "job/restore_job.h"
#include "service/api_context.h"
#include "service/body_fields.h"
#include "service/job_starts.h"
#include "service/restore_request.h"

namespace tl::service {

namespace {
Status run(const RestoreRequest& r, TaskIo& io) {
    auto done = r.client ? agent::run_client_restore(io.engine, *r.client, &io.cancel)
                         : job::run_restore(io.engine, r.local, &io.cancel);
    if (!done) return done.error();
    return {};
}
} // namespace

void add_job_start_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Post("/v1/restores", [&ctx](const httplib::Request& req, httplib::Response& res) {
        const auto body = nlohmann::json::parse(req.body.empty() ? "{}" : req.body, nullptr, false);
        auto r = restore_request(body, CatalogHandle(ctx.engine));
        if (!r) return reply_error(res, r.error());
        const std::string what = r->what;
        auto started =
            ctx.starts.start(what, [r = std::move(r.value())](TaskIo& io) { return run(r, io); });
        reply_job_started(res, started);
    });
    server.Post(R"(/v1/jobs/([^/]+)/cancel)",
                [&ctx](const httplib::Request& req, httplib::Response& res) {
                    auto id = id_in_path(req, "a job ID");
                    if (!id) return reply_error(res, id.error());
                    if (auto st = ctx.starts.cancel(id.value()); !st)
                        return reply_error(res, st.error());
                    reply_json(res, 200, {{"cancelled", id.value()}});
                });
}

} // namespace tl::service
