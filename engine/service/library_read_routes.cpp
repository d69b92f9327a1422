// GET /v1/libraries: the configured libraries, {"libraries": [{"name", "kind", "device",
// "drives", "config"}...]} in creation order, as `library list --json` prints them
// (engine/shapes/library_json.h). A client that names no library takes the first one, as the
// engine does. GET /v1/libraries/{name}: its drives and slot counts, as `library status --json`;
// GET /v1/libraries/{name}/inventory: every element of its changer, as `library inventory
// --json` (api/library_report.h).
#include "api/library_report.h"
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
    server.Get(R"(/v1/libraries/([^/]+))",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   auto status = device::library_status_report(ctx.engine, req.matches[1]);
                   if (!status) return reply_error(res, status.error());
                   reply_json(res, 200, status.value());
               });
    server.Get(R"(/v1/libraries/([^/]+)/inventory)",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   auto inventory = device::library_inventory_report(ctx.engine, req.matches[1]);
                   if (!inventory) return reply_error(res, inventory.error());
                   reply_json(res, 200, inventory.value());
               });
}

} // namespace tl::service
