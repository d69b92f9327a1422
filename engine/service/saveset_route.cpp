// GET /v1/savesets: the file-tree save sets a restore can browse (docs/api.md "Lists and
// queries"): every one of every backup, oldest job first, or with ?job=ID or ?source=S[&at=TIME]
// those of that view, as GET /v1/files chooses them (one per source: the save set whose chain
// the view merges). Each as {"id", "job", "source"}; a source that is no UTF-8 as {"hex"}. What
// the console's Restore page offers to restore from and shows as the top of its tree.
#include "catalog/saveset_store.h"
#include "common/path_json.h"
#include "job/catalog_browser.h"
#include "service/api_context.h"
#include "service/query_params.h"

namespace tl::service {

namespace {
nlohmann::json saveset_json(std::int64_t id, std::int64_t job, const std::string& source) {
    return {{"id", id}, {"job", job}, {"source", path_json(source)}};
}

Result<nlohmann::json> savesets_of(catalog::Db& db, const httplib::Request& req) {
    auto job_id = count_param(req, "job", 0);
    if (!job_id) return job_id.error();
    auto at = count_param(req, "at", 0);
    if (!at) return at.error();
    const std::string source = req.get_param_value("source");
    nlohmann::json list = nlohmann::json::array();
    if (!job_id.value() && source.empty()) {
        if (at.value()) return invalid_request("GET /v1/savesets", "?at= needs ?source=");
        auto all = catalog::file_tree_savesets(db);
        if (!all) return all.error();
        for (const auto& s : all.value())
            list.push_back(saveset_json(s.saveset_id, s.job_id, s.source));
    } else {
        auto roots = job::browse_roots(db, job_id.value(), source, at.value());
        if (!roots) return roots.error();
        for (const auto& r : roots.value())
            list.push_back(saveset_json(r.saveset_id, r.job_id, r.source));
    }
    return nlohmann::json{{"savesets", std::move(list)}};
}
} // namespace

void add_saveset_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/savesets", [&ctx](const httplib::Request& req, httplib::Response& res) {
        answer_from_catalog(ctx, res, [&](catalog::Db& db) { return savesets_of(db, req); });
    });
}

} // namespace tl::service
