// GET /v1/libraries: the configured libraries, {"libraries": [{"name", "kind", "device",
// "drives", "config"}...]} in creation order, as `library list --json` prints them
// (engine/shapes/library_json.h). A client that names no library takes the first one, as the
// engine does.
#include "device/device_registry.h"
#include "service/api_context.h"
#include "shapes/library_json.h"

namespace tl::service {

namespace {
Result<nlohmann::json> configured_libraries(catalog::Db& db) {
    auto libs = device::list_libraries(db);
    if (!libs) return libs.error();
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& l : libs.value()) {
        auto drives = device::list_drives(db, l.name);
        if (!drives) return drives.error();
        arr.push_back(shapes::library_json(l, drives->size()));
    }
    return nlohmann::json{{"libraries", arr}};
}
} // namespace

void add_library_read_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/libraries", [&ctx](const httplib::Request&, httplib::Response& res) {
        answer_from_catalog(ctx, res, configured_libraries);
    });
}

} // namespace tl::service
