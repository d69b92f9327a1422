// POST /v1/backups, /v1/queue/{id}/cancel, /v1/service/stop: actions answer at once; a backup
// runs through the service's scheduler queue as `serve` runs definitions.
#include <algorithm>

#include "common/log.h"
#include "crypto/key_store.h"
#include "schedule/job_definition.h"
#include "service/api_context.h"

namespace tl::service {

namespace {
const char* const kLevels[] = {"full", "diff", "incr"};

// {"definition": NAME, "level": L} or an ad-hoc definition's fields ({"sources": [...],
// "pool": P, "drives": N, "name": N, ...}, as `job export` writes one) with "level".
Result<schedule::BackupSubmission> submission_from(const std::string& body) {
    auto j = nlohmann::json::parse(body, nullptr, false);
    if (!j.is_object())
        return make_error(ErrorKind::InvalidArgument,
                          "POST /v1/backups takes a JSON object: {\"definition\": NAME} or "
                          "{\"sources\": [...], \"pool\": P, \"drives\": N}");
    schedule::BackupSubmission s;
    if (j.contains("level")) {
        if (!j["level"].is_string())
            return make_error(ErrorKind::InvalidArgument, "\"level\" must be a string");
        s.level = j["level"].get<std::string>();
        j.erase("level");
    }
    if (std::find(std::begin(kLevels), std::end(kLevels), s.level) == std::end(kLevels))
        return make_error(ErrorKind::InvalidArgument,
                          "\"level\" is full, diff or incr, not '" + s.level + "'");
    if (j.contains("definition")) {
        if (!j["definition"].is_string() || j.size() != 1)
            return make_error(ErrorKind::InvalidArgument,
                              "\"definition\" takes a job definition's name, and only \"level\" "
                              "beside it");
        s.definition = j["definition"].get<std::string>();
        return s;
    }
    if (!j.contains("sources") || !j["sources"].is_array() || j["sources"].empty())
        return make_error(ErrorKind::InvalidArgument,
                          "POST /v1/backups needs \"definition\" or a non-empty \"sources\" list");
    // Without a "name" the service derives one from the sources (schedule/ad_hoc_name.h).
    auto d = schedule::definition_from_json(j);
    if (!d) return d.error();
    s.ad_hoc = std::move(d.value());
    return s;
}

// A key the ad-hoc backup names must be in the key store before anything is queued: the job
// would fail at its start otherwise (NotFound names the key).
Status check_named_key(const ApiContext& ctx, const schedule::BackupSubmission& s) {
    if (!s.ad_hoc || s.ad_hoc->key.empty()) return {};
    auto k = crypto::KeyStore::in_home(ctx.home).info(s.ad_hoc->key);
    if (!k) return k.error();
    return {};
}
} // namespace

void add_action_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Post("/v1/backups", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto s = submission_from(req.body);
        if (!s) return reply_error(res, s.error());
        if (auto st = check_named_key(ctx, s.value()); !st) return reply_error(res, st.error());
        const std::string what = s->ad_hoc ? "an ad-hoc backup" : "'" + s->definition + "'";
        auto id = ctx.inbox.submit(std::move(s.value()));
        if (!id) return reply_error(res, id.error());
        log::get("service")->info("queued {} as queue entry {} (API)", what, id.value());
        reply_json(res, 202, {{"queue", id.value()}});
    });
    server.Post(R"(/v1/queue/([^/]+)/cancel)",
                [&ctx](const httplib::Request& req, httplib::Response& res) {
                    auto id = id_in_path(req, "a queue entry ID");
                    if (!id) return reply_error(res, id.error());
                    if (auto st = ctx.inbox.cancel(id.value()); !st)
                        return reply_error(res, st.error());
                    log::get("service")->info("cancelled queue entry {} (API)", id.value());
                    reply_json(res, 200, {{"cancelled", id.value()}, {"service_pid", ctx.pid}});
                });
    server.Post("/v1/service/stop", [&ctx](const httplib::Request&, httplib::Response& res) {
        log::get("service")->info("stop requested through the API");
        ctx.stop = true;
        reply_json(res, 202, {{"stopping", true}, {"pid", ctx.pid}});
    });
}

} // namespace tl::service
