// The catalog's maintenance as typed resources (docs/api.md "Resources"): POST /v1/prunes
// {"dry_run"} expires what is past its pool's retention and answers the prune's report (scope
// admin); POST /v1/catalog/backups {"pool", "library"} starts the catalog's backup as a job and
// answers 202 with its URL as POST /v1/restores does (scope admin); POST /v1/scans {"barcodes":
// [...], "all", "library"} rebuilds the catalog from volumes, which makes no job: it answers 202
// with {"scan": ID, "url": "/v1/scans/ID"} at once, and GET /v1/scans/{id} its state, then its
// report or its error (scope operate); POST /v1/restore-plans takes a restore's body ("target"
// optional) and answers what it would read, from which volumes and how long (a read).
#include "api/job_ops.h"
#include "common/log.h"
#include "context/engine_catalog.h"
#include "job/catalog_backup.h"
#include "job/scan_job.h"
#include "media/prune.h"
#include "service/api_context.h"
#include "service/api_protocol.h"
#include "service/body_fields.h"
#include "service/restore_request.h"
#include "shapes/maintenance_json.h"

namespace tl::service {

namespace {
constexpr const char* kScanTask = "scan";

Result<nlohmann::json> prune_catalog(const ApiContext& ctx, const nlohmann::json& body) {
    const std::string route = "POST /v1/prunes";
    TL_TRY(known_fields(body, {"dry_run"}, route));
    auto dry = optional_flag(body, "dry_run", route);
    if (!dry) return dry.error();
    auto r = media::prune(engine_catalog(ctx.engine), to_unix_seconds(ctx.engine.clock().wall()),
                          dry.value());
    if (!r) return r.error();
    log::get("service")->info("prune{} (API): {} job(s) expired", dry.value() ? " dry run" : "",
                              r->jobs_expired.size());
    return shapes::prune_report_json(r.value());
}

Result<StartedJob> start_catalog_backup_job(const ApiContext& ctx, const nlohmann::json& body) {
    const std::string route = "POST /v1/catalog/backups";
    TL_TRY(known_fields(body, {"pool", "library"}, route));
    media::CatalogBackupOptions o;
    auto pool = optional_text(body, "pool", route);
    if (!pool) return pool.error();
    if (!pool->empty()) o.pool = pool.value();
    auto library = optional_text(body, "library", route);
    if (!library) return library.error();
    o.library = library.value();
    return ctx.starts.start("catalog backup to pool " + o.pool, [o](TaskIo& io) -> Status {
        auto r = media::backup_catalog(io.engine, o);
        if (!r) return r.error();
        return {};
    });
}

struct ScanOrder {
    std::vector<std::string> barcodes;
    bool all = false;
    std::string library;
};

Result<ScanOrder> scan_order(const nlohmann::json& body) {
    const std::string route = "POST /v1/scans";
    TL_TRY(known_fields(body, {"barcodes", "all", "library"}, route));
    ScanOrder r;
    if (body.contains("barcodes")) {
        if (!body["barcodes"].is_array())
            return invalid_request(route, "\"barcodes\" takes a list of barcodes");
        for (const auto& b : body["barcodes"]) {
            if (!b.is_string() || b.get<std::string>().empty())
                return invalid_request(route, "\"barcodes\" takes a list of barcodes");
            r.barcodes.push_back(b.get<std::string>());
        }
    }
    auto all = optional_flag(body, "all", route);
    if (!all) return all.error();
    r.all = all.value();
    auto library = optional_text(body, "library", route);
    if (!library) return library.error();
    r.library = library.value();
    return r;
}

// The scan runs as a task of the service: its report (or its error) is the task's output.
Result<std::int64_t> start_scan_task(const ApiContext& ctx, const nlohmann::json& body) {
    auto r = scan_order(body);
    if (!r) return r.error();
    auto work = [r = r.value()](const nlohmann::json&, TaskIo& io) {
        auto s = job::scan_volumes(io.engine, r.barcodes, r.all, r.library);
        if (!s) {
            io.err << error_json(s.error()).dump();
            return 1;
        }
        io.out << shapes::scan_report_json(s.value()).dump();
        return 0;
    };
    return ctx.tasks.start_work(kScanTask, work, nlohmann::json::object());
}

Result<nlohmann::json> scan_answer(const ApiContext& ctx, std::int64_t id) {
    auto v = ctx.tasks.view(id, 0, 0);
    if (!v || v->command != kScanTask)
        return make_error(ErrorKind::NotFound,
                          "scan " + std::to_string(id) +
                              " is not known to this service (it forgets scans some time after "
                              "they ended); start one with POST /v1/scans");
    nlohmann::json j = {{"id", id}, {"state", v->ended ? "ended" : "running"}};
    if (!v->ended) return j;
    if (v->exit_code == 0) {
        j["report"] = nlohmann::json::parse(v->out, nullptr, false);
    } else {
        auto e = nlohmann::json::parse(v->err, nullptr, false);
        j["error"] = e.is_object() && e.contains("error")
                         ? e["error"]
                         : error_json(make_error(ErrorKind::Internal, v->err))["error"];
    }
    return j;
}

// {"report_missing_keys": true}: the keys the chosen save sets need and the key store lacks,
// named in the plan (a plan of them may not be computable without them: then empty) instead of
// the restore's KeyMissing error.
Result<nlohmann::json> planned_restore(const ApiContext& ctx, nlohmann::json body) {
    if (body.is_object() && !body.contains("target")) body["target"] = "/";
    bool report_keys = false;
    if (body.is_object() && body.contains("report_missing_keys")) {
        if (!body["report_missing_keys"].is_boolean())
            return invalid_request("POST /v1/restore-plans",
                                   "\"report_missing_keys\" is true or false");
        report_keys = body["report_missing_keys"].get<bool>();
        body.erase("report_missing_keys");
    }
    CatalogHandle db(ctx.engine);
    auto r = restore_request(body, db, false);
    if (!r) {
        auto e = r.error();
        const std::string from = "POST /v1/restores", to = "POST /v1/restore-plans";
        if (e.message.rfind(from, 0) == 0) e.message = to + e.message.substr(from.size());
        return e;
    }
    std::vector<std::string> keys;
    const auto& what = r->local.what;
    if (report_keys && (what.saveset_id || what.job_id)) {
        auto missing = job::missing_keys(db, ctx.home, what.saveset_id, what.job_id);
        if (!missing) return missing.error();
        keys = std::move(missing.value());
    }
    auto plan = job::plan_restore(ctx.engine, r->local);
    if (!plan && (keys.empty() || plan.error().kind != ErrorKind::KeyMissing)) return plan.error();
    job::RestorePlan p = plan ? std::move(plan.value()) : job::RestorePlan{};
    p.missing_keys = std::move(keys);
    return shapes::restore_plan_json(p);
}
} // namespace

void add_maintenance_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Post("/v1/prunes", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto done = prune_catalog(ctx, request_json(req));
        if (!done) return reply_error(res, done.error());
        reply_json(res, 200, done.value());
    });
    server.Post("/v1/catalog/backups", [&ctx](const httplib::Request& req, httplib::Response& res) {
        reply_job_started(res, start_catalog_backup_job(ctx, request_json(req)));
    });
    server.Post("/v1/scans", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto id = start_scan_task(ctx, request_json(req));
        if (!id) return reply_error(res, id.error());
        const std::string url = "/v1/scans/" + std::to_string(id.value());
        res.set_header("Location", url);
        reply_json(res, 202, {{"scan", id.value()}, {"url", url}});
    });
    server.Get(R"(/v1/scans/([^/]+))", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto id = id_in_path(req, "a scan ID");
        if (!id) return reply_error(res, id.error());
        auto state = scan_answer(ctx, id.value());
        if (!state) return reply_error(res, state.error());
        reply_json(res, 200, state.value());
    });
    server.Post("/v1/restore-plans", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto plan = planned_restore(ctx, request_json(req));
        if (!plan) return reply_error(res, plan.error());
        reply_json(res, 200, plan.value());
    });
}

} // namespace tl::service
