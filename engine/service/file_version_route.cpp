// GET /v1/files/versions?path=P: every backed-up version of the absolute path P and its
// deletion markers, oldest first, as `files versions P --json` prints them: [{"job", "started",
// "source", "size", "mtime_ns", "hash", "level", "deleted"}...] (an empty list when no backup
// holds it). A relative P is refused (400): the service does not run in its caller's directory.
#include "job/catalog_browser.h"
#include "service/api_context.h"
#include "shapes/file_version_json.h"

namespace tl::service {

namespace {
Result<nlohmann::json> versions_of(catalog::Db& db, const httplib::Request& req) {
    const std::string path = req.has_param("path") ? req.get_param_value("path") : "";
    if (path.empty() || path.front() != '/')
        return invalid_request("GET /v1/files/versions",
                               "?path= takes the absolute path of a file as it was backed up, "
                               "not '" +
                                   path + "'");
    auto versions = job::file_versions(db, path);
    if (!versions) return versions.error();
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& v : versions.value())
        arr.push_back(shapes::file_version_json(v));
    return arr;
}
} // namespace

void add_file_version_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/files/versions", [&ctx](const httplib::Request& req, httplib::Response& res) {
        answer_from_catalog(ctx, res, [&](catalog::Db& db) { return versions_of(db, req); });
    });
}

} // namespace tl::service
