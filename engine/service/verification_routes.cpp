// Verifications and clones as typed resources (docs/api.md "Resources"): POST /v1/verifications
// {"job", "library", "pool", "against_client"} and POST /v1/clones {"job", "pool", "savesets",
// "library", "reencrypt"} answer 202 with the job's URL (a Location header and {"job", "url"})
// as soon as the verify or clone has its job, as POST /v1/restores does; the job's stored
// report holds what it found (GET /v1/jobs/{id}). A refusal before the job (no such backup, a
// pool holding a copy already) is the error answer. Scope operate.
#include "agent/client_verify.h"
#include "job/clone_job.h"
#include "job/verify_job.h"
#include "service/api_context.h"
#include "service/body_fields.h"
#include "service/job_starts.h"

namespace tl::service {

namespace {
// The backup job of the body's "job": InvalidArgument naming the route otherwise.
Result<std::int64_t> backup_job(const nlohmann::json& body, const std::string& route) {
    if (!body.is_object() || !body.contains("job") || !body["job"].is_number_integer() ||
        body["job"].get<std::int64_t>() <= 0)
        return invalid_request(route, "needs \"job\": a backup job's ID (GET /v1/jobs)");
    return body["job"].get<std::int64_t>();
}

Result<StartedJob> start_verification(const ApiContext& ctx, const nlohmann::json& body) {
    const std::string route = "POST /v1/verifications";
    auto job = backup_job(body, route);
    if (!job) return job.error();
    TL_TRY(known_fields(body, {"job", "library", "pool", "against_client"}, route));
    auto library = optional_text(body, "library", route);
    if (!library) return library.error();
    auto pool = optional_text(body, "pool", route);
    if (!pool) return pool.error();
    auto against = optional_flag(body, "against_client", route);
    if (!against) return against.error();
    if (*against && !pool->empty())
        return invalid_request(route, "\"pool\" reads copies from tape; \"against_client\" "
                                      "compares the catalog with the clients: give one of them");
    job::VerifyOptions o;
    o.job_id = *job;
    o.library = *library;
    o.pool = *pool;
    return ctx.starts.start(
        "verify of job " + std::to_string(o.job_id), [o, against = *against](TaskIo& io) -> Status {
            if (against) {
                auto r = agent::run_client_verify(io.engine, o.job_id, o.library, &io.cancel);
                if (!r) return r.error();
                return {};
            }
            auto r = job::run_verify(io.engine, o);
            if (!r) return r.error();
            return {};
        });
}

Result<media::CloneOptions> clone_options(const nlohmann::json& body, const std::string& route) {
    auto job = backup_job(body, route);
    if (!job) return job.error();
    TL_TRY(known_fields(body, {"job", "pool", "savesets", "library", "reencrypt"}, route));
    media::CloneOptions o;
    o.job_id = *job;
    auto pool = optional_text(body, "pool", route);
    if (!pool) return pool.error();
    if (pool->empty()) return invalid_request(route, "needs \"pool\": the pool of the copies");
    o.pool = *pool;
    auto library = optional_text(body, "library", route);
    if (!library) return library.error();
    o.library = *library;
    auto reencrypt = optional_flag(body, "reencrypt", route);
    if (!reencrypt) return reencrypt.error();
    o.reencrypt = *reencrypt;
    if (body.contains("savesets")) {
        if (!body["savesets"].is_array())
            return invalid_request(route, "\"savesets\" is a list of save set IDs");
        for (const auto& s : body["savesets"]) {
            if (!s.is_number_integer() || s.get<std::int64_t>() <= 0)
                return invalid_request(route, "\"savesets\" is a list of save set IDs");
            o.savesets.push_back(s.get<std::int64_t>());
        }
    }
    return o;
}
} // namespace

void add_verification_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Post("/v1/verifications", [&ctx](const httplib::Request& req, httplib::Response& res) {
        reply_job_started(res, start_verification(ctx, request_json(req)));
    });
    server.Post("/v1/clones", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto o = clone_options(request_json(req), "POST /v1/clones");
        if (!o) return reply_error(res, o.error());
        reply_job_started(res, ctx.starts.start("clone of job " + std::to_string(o->job_id),
                                                [o = o.value()](TaskIo& io) -> Status {
                                                    auto r =
                                                        media::clone_job(io.engine, o, &io.cancel);
                                                    if (!r) return r.error();
                                                    return {};
                                                }));
    });
}

} // namespace tl::service
