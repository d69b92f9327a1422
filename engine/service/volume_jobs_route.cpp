// GET /v1/volumes/{barcode}/jobs: the backup jobs with data on a volume, by id, as the console's
// Media page lists them under the volume: {"barcode", "jobs": [{"id", "name", "level",
// "status", "started", "bytes"}...]}. 404 naming an unknown barcode.
#include "catalog/job_store.h"
#include "media/volume_catalog.h"
#include "service/api_context.h"

namespace tl::service {

namespace {
Result<nlohmann::json> jobs_of(catalog::Db& db, const std::string& barcode) {
    auto v = media::find_volume(db, barcode);
    if (!v) return v.error();
    auto ids = media::jobs_on_volume(db, v->id);
    if (!ids) return ids.error();
    nlohmann::json arr = nlohmann::json::array();
    for (auto id : ids.value()) {
        auto job = catalog::find_job(db, id);
        if (!job) return job.error();
        if (!job.value()) continue; // purged meanwhile
        const auto& j = *job.value();
        arr.push_back({{"id", id},
                       {"name", j.name},
                       {"level", j.level},
                       {"status", j.status},
                       {"started", j.started},
                       {"bytes", j.bytes}});
    }
    return nlohmann::json{{"barcode", v->barcode}, {"jobs", arr}};
}
} // namespace

void add_volume_jobs_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get(
        R"(/v1/volumes/([^/]+)/jobs)", [&ctx](const httplib::Request& req, httplib::Response& res) {
            const std::string barcode = req.matches[1];
            answer_from_catalog(ctx, res, [&](catalog::Db& db) { return jobs_of(db, barcode); });
        });
}

} // namespace tl::service
