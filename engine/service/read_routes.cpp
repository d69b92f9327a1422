// GET /v1/service (who serves), /v1/status, /v1/jobs, /v1/jobs/{id}, /v1/volumes[?library=],
// /v1/pools,
// /v1/queue, /v1/queue/{id}: the CLI's --json shapes (engine/shapes), read on the request's own
// catalog connection.
#include <optional>

#include "catalog/volume_store.h"
#include "common/clock.h"
#include "common/log.h"
#include "common/version.h"
#include "context/engine.h"
#include "media/pool.h"
#include "media/volume_catalog.h"
#include "media/volume_places.h"
#include "metrics/cpu_stat.h"
#include "metrics/process_stat.h"
#include "schedule/queue_store.h"
#include "service/api_context.h"
#include "service/api_protocol.h"
#include "service/catalog_reads.h"
#include "service/server_timing.h"
#include "service/volume_usage.h"
#include "shapes/job_json.h"
#include "shapes/pool_json.h"
#include "shapes/queue_json.h"
#include "shapes/status_json.h"
#include "shapes/volume_json.h"

#include "service/query_params.h"

namespace tl::service {

namespace {
constexpr std::int64_t kDefaultPage = 100, kMaxPage = 10000;

long long wall_seconds(const ApiContext& ctx) {
    return to_unix_seconds(ctx.engine.clock().wall());
}

// The page as JSON text (shapes::job_page_text): a whole history is the API's largest answer.
Result<std::string> jobs_page(catalog::Db& db, const httplib::Request& req) {
    auto limit = count_param(req, "limit", kDefaultPage);
    if (!limit) return limit.error();
    auto offset = count_param(req, "offset", 0);
    if (!offset) return offset.error();
    if (limit.value() == 0 || limit.value() > kMaxPage)
        return make_error(ErrorKind::InvalidArgument,
                          "?limit= takes 1.." + std::to_string(kMaxPage) + " jobs a page, not " +
                              std::to_string(limit.value()));
    // ?rates=true: each row with its elapsed time and rates from its report (the console's
    // history).
    const std::string rates = req.get_param_value("rates");
    if (!rates.empty() && rates != "true" && rates != "false")
        return make_error(ErrorKind::InvalidArgument,
                          "?rates= takes true or false, not '" + rates + "'");
    // ?compact=1: rows as arrays of the page's columns (what the typed door reads).
    const std::string compact = req.get_param_value("compact");
    if (!compact.empty() && compact != "1")
        return make_error(ErrorKind::InvalidArgument, "?compact= takes 1, not '" + compact + "'");
    auto page = read_job_page(db, limit.value(), offset.value(), rates == "true");
    if (!page) return page.error();
    return shapes::job_page_text(
        page->rows, {page->total, limit.value(), offset.value(), rates == "true", compact == "1"});
}

std::optional<nlohmann::json> ended_entry(const ApiContext& ctx, std::int64_t id) {
    auto r = ctx.tracker.ended(id);
    if (!r) return std::nullopt;
    return nlohmann::json{{"id", id},
                          {"state", "ended"},
                          {"status", r->status},
                          {"job", r->job_id},
                          {"error", r->error}};
}

Result<nlohmann::json> queue_entry(const ApiContext& ctx, catalog::Db& db, std::int64_t id) {
    // How a run ended, from this service's memory first: the queue in the catalog is its mirror,
    // which lags a tick behind, or cannot be written at all on a full disk (issue 42 item 5: the
    // client that waits for "ended" never got it).
    if (auto e = ended_entry(ctx, id)) return *e;
    auto entries = schedule::QueueStore(db).list();
    if (!entries) return entries.error();
    for (const auto& e : entries.value())
        if (e.id == id) return shapes::queue_entry_json(e);
    // The run may have ended between the two looks: the tracker learns of it before the queue
    // in the catalog loses the entry, so a second look at the tracker finds it.
    if (auto e = ended_entry(ctx, id)) return *e;
    return make_error(ErrorKind::NotFound, "queue entry " + std::to_string(id) +
                                               " is neither queued, running nor ended under "
                                               "this service; see GET /v1/queue");
}
} // namespace

void add_read_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/service", [&ctx](const httplib::Request&, httplib::Response& res) {
        reply_json(res, 200,
                   {{"pid", ctx.pid},
                    {"home", ctx.home},
                    {"version", engine_version()},
                    {"api", kApiMajor}});
    });
    server.Get("/v1/status", [&ctx](const httplib::Request&, httplib::Response& res) {
        answer_from_catalog(ctx, res, [&](catalog::Db& db) -> Result<nlohmann::json> {
            auto s = read_status(db, ctx.home);
            if (!s) return s.error();
            auto cpu = metrics::read_proc_stat();
            return shapes::status_json(s.value(), cpu ? cpu->per_cpu.size() : 0,
                                       metrics::read_process_stat().rss_bytes);
        });
    });
    server.Get("/v1/jobs", [&ctx](const httplib::Request& req, httplib::Response& res) {
        const HandlingTimer timer;
        answer_text_from_catalog(ctx, res, [&](catalog::Db& db) { return jobs_page(db, req); });
        timer.stamp(res);
    });
    server.Get(R"(/v1/jobs/([^/]+))", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto id = id_in_path(req, "a job ID");
        if (!id) return reply_error(res, id.error());
        answer_from_catalog(ctx, res, [&](catalog::Db& db) { return read_job(db, id.value()); });
    });
    // ?library=NAME: the volumes whose library column names it (`volume list --library`);
    // ?usage=true: each with its "usage" (volume_usage.h).
    server.Get("/v1/volumes", [&ctx](const httplib::Request& req, httplib::Response& res) {
        media::VolumeFilter f;
        f.library = req.get_param_value("library");
        const bool usage = req.get_param_value("usage") == "true";
        answer_from_catalog(ctx, res, [&](catalog::Db& db) -> Result<nlohmann::json> {
            auto vols = media::list_volumes(db, f);
            if (!vols) return vols.error();
            const auto in_drives =
                media::volumes_in_drives(db, ctx.home, ctx.engine.clock(), vols.value());
            nlohmann::json arr = nlohmann::json::array();
            for (const auto& v : vols.value())
                arr.push_back(shapes::volume_json(v, in_drives));
            if (usage)
                if (auto st = add_volume_usage(db, vols.value(), wall_seconds(ctx), arr); !st)
                    return st.error();
            return arr;
        });
    });
    server.Get("/v1/pools", [&ctx](const httplib::Request&, httplib::Response& res) {
        answer_from_catalog(ctx, res, [](catalog::Db& db) -> Result<nlohmann::json> {
            auto pools = media::list_pools(db);
            if (!pools) return pools.error();
            nlohmann::json arr = nlohmann::json::array();
            for (const auto& p : pools.value()) {
                // The one rule of which volumes a pool can write (catalog::usable_volumes).
                auto own = catalog::writable_volumes_in_library(db, p.id);
                if (!own) return own.error();
                auto lent = catalog::scratch_volumes_in_library(db, p.id);
                if (!lent) return lent.error();
                arr.push_back(shapes::pool_json(p));
                arr.back().update(
                    {{"writable_in_library", own.value()}, {"scratch_in_library", lent.value()}});
            }
            return arr;
        });
    });
    server.Get("/v1/queue", [&ctx](const httplib::Request&, httplib::Response& res) {
        answer_from_catalog(ctx, res, [&](catalog::Db& db) -> Result<nlohmann::json> {
            auto entries = schedule::QueueStore(db).list();
            if (!entries) return entries.error();
            return shapes::queue_json(ctx.pid, entries.value());
        });
    });
    server.Get(R"(/v1/queue/([^/]+))", [&ctx](const httplib::Request& req, httplib::Response& res) {
        auto id = id_in_path(req, "a queue entry ID");
        if (!id) return reply_error(res, id.error());
        answer_from_catalog(ctx, res,
                            [&](catalog::Db& db) { return queue_entry(ctx, db, id.value()); });
    });
}

} // namespace tl::service
