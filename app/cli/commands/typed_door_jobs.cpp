// `verify` and `clone` through the service's typed door (client/api.h, docs/api.md "Resources"):
// POST /v1/verifications and POST /v1/clones start the job, which is followed until it ended
// (Ctrl-C: POST /v1/jobs/{id}/cancel); its stored report is printed as the command run here
// prints its result, with the same exit code. A job that failed says its error (exit 1).
#include "client/service_api.h"
#include "commands/commands.h"
#include "number_option.h"

namespace tl::cli {

namespace {
// The ended job, or the refusal or loss of the service as the command's failure.
Result<client::Job> run_job(Context& ctx, client::ServiceClient& c, client::Api& api,
                            const Result<client::JobStarted>& started, const std::string& what) {
    if (!started) return started.error();
    auto ended = follow_job(api, started->job);
    if (!ended) return c.stopped(ended.error(), what + " job " + std::to_string(started->job));
    if (ended->status == "failed" && ended->report && !ended->report->error.empty() &&
        !ctx.args().has("against-client"))
        return make_error(ErrorKind::Io, ended->report->error);
    return ended;
}

int verify_through_service(Context& ctx, client::ServiceClient& c) {
    auto job = verify_job_option(ctx.args());
    if (!job) return ctx.fail(job.error());
    client::VerificationRequest request;
    request.job = job.value();
    request.library = ctx.args().get("library");
    request.pool = ctx.args().get("pool");
    request.against_client = ctx.args().has("against-client");
    client::ServiceApi api(c);
    auto ended = run_job(ctx, c, api, api.start_verification(request), "verify");
    if (!ended) return ctx.fail(ended.error());
    if (request.against_client) {
        auto r = client::client_verify_result(ended.value());
        if (!r) return ctx.fail(r.error());
        return print_client_verify(ctx, r.value());
    }
    auto r = client::verify_result(ended.value());
    if (!r) return ctx.fail(r.error());
    return print_verify(ctx, r.value());
}

int clone(Context& ctx, client::ServiceClient& c) {
    auto o = clone_options(ctx.args());
    if (!o) return ctx.fail(o.error());
    client::CloneRequest request;
    request.job = o->job_id;
    request.pool = o->pool;
    request.savesets = o->savesets;
    request.library = o->library;
    request.reencrypt = o->reencrypt;
    client::ServiceApi api(c);
    auto ended = run_job(ctx, c, api, api.start_clone(request), "clone");
    if (!ended) return ctx.fail(ended.error());
    auto r = client::clone_result(ended.value());
    if (!r) return ctx.fail(r.error());
    return print_clone(ctx, r.value(), ended->document);
}
} // namespace

std::optional<int> job_through_typed_door(Context& ctx, client::ServiceClient& c,
                                          const std::string& command) {
    if (command == "verify") return verify_through_service(ctx, c);
    if (command == "clone") return clone(ctx, c);
    return std::nullopt;
}

} // namespace tl::cli
