// POST /v1/volumes/{barcode}/adopt {"library": NAME}: records a cartridge that carries our own
// empty label but is not in the catalog (a labeling was interrupted) in the pool its label
// names, as `volume adopt` does; nothing is written on it. Answers the volume with "adopted":
// true. A cartridge the catalog knows, or one of ours holding backups (scan it), is refused.
// Scope operate.
#include "context/engine_catalog.h"
#include "device/library.h"
#include "job/label_job.h"
#include "service/api_context.h"
#include "shapes/volume_json.h"

namespace tl::service {

namespace {
Result<nlohmann::json> adopt_by_label(const ApiContext& ctx, const std::string& barcode,
                                      const nlohmann::json& body) {
    const std::string route = "POST /v1/volumes/{barcode}/adopt";
    if (!body.is_object()) return invalid_request(route, "takes {\"library\": NAME} or {}");
    std::string library;
    for (const auto& [key, value] : body.items()) {
        if (key != "library")
            return invalid_request(route, "unknown field \"" + key + "\"; it takes library");
        if (!value.is_string()) return invalid_request(route, "\"library\" takes a name");
        library = value.get<std::string>();
    }
    auto lib =
        device::open_library(engine_catalog(ctx.engine), ctx.home, library, ctx.engine.clock());
    if (!lib) return lib.error();
    auto r = media::adopt_reserved(ctx.engine, *lib.value(), barcode);
    if (!r) return r.error();
    auto j = shapes::volume_json(r->volume);
    j["adopted"] = true;
    return j;
}
} // namespace

void add_volume_adopt_route(httplib::Server& server, const ApiContext& ctx) {
    server.Post(R"(/v1/volumes/([^/]+)/adopt)",
                [&ctx](const httplib::Request& req, httplib::Response& res) {
                    auto adopted = adopt_by_label(ctx, req.matches[1], request_json(req));
                    if (!adopted) return reply_error(res, adopted.error());
                    reply_json(res, 200, adopted.value());
                });
}

} // namespace tl::service
