// Volumes by barcode (docs/api.md "Resources"): GET /v1/volumes/{barcode} (as in GET /v1/volumes),
// PATCH /v1/volumes/{barcode} (state and location, volume_change.h) answering the volume after
// the change, and POST /v1/volumes/{barcode}/label, which labels (or relabels) the cartridge
// into a pool and answers once it is labeled. They call the engine's volume operations on the
// request's own thread and catalog connection.
#include "common/version.h"
#include "context/engine_catalog.h"
#include "device/library.h"
#include "format/block.h"
#include "job/label_job.h"
#include "media/volume_actions.h"
#include "media/volume_catalog.h"
#include "media/volume_places.h"
#include "service/api_context.h"
#include "service/volume_change.h"
#include "shapes/volume_json.h"

namespace tl::service {

namespace {
Result<nlohmann::json> one_volume(const ApiContext& ctx, catalog::Db& db,
                                  const std::string& barcode) {
    auto v = media::find_volume(db, barcode);
    if (!v) return v.error();
    const auto in_drives = media::volumes_in_drives(db, ctx.home, ctx.engine.clock(), {v.value()});
    return shapes::volume_json(v.value(), in_drives);
}

Error bad_label(const std::string& message) {
    return make_error(ErrorKind::InvalidArgument, "POST /v1/volumes/{barcode}/label: " + message);
}

// {"pool": P, "library": NAME, "block_size": BYTES, "force": false, "relabel": false}
Result<media::LabelOptions> label_options(const nlohmann::json& body, const std::string& barcode,
                                          std::string& library) {
    if (!body.is_object()) return bad_label("takes a JSON object such as {\"pool\": \"Default\"}");
    media::LabelOptions o;
    o.barcode = barcode;
    for (const auto& [key, value] : body.items()) {
        if ((key == "pool" || key == "library") && !value.is_string())
            return bad_label("\"" + key + "\" takes a name");
        if ((key == "force" || key == "relabel") && !value.is_boolean())
            return bad_label("\"" + key + "\" takes true or false");
        if (key == "pool")
            o.pool = value.get<std::string>();
        else if (key == "library")
            library = value.get<std::string>();
        else if (key == "force")
            o.force = value.get<bool>();
        else if (key == "relabel")
            o.relabel = value.get<bool>();
        else if (key == "block_size") {
            if (!value.is_number_unsigned()) return bad_label("\"block_size\" takes bytes");
            TL_TRY(format::check_block_size(value.get<std::size_t>()));
            o.block_size = value.get<std::uint32_t>();
        } else {
            return bad_label("unknown field \"" + key +
                             "\"; it takes pool, library, block_size, force and relabel");
        }
    }
    if (!o.relabel && o.pool.empty())
        return bad_label("\"pool\" is needed: the pool the cartridge is labeled into");
    o.reason =
        o.relabel ? (o.force ? "relabeled with force through the API" : "relabeled through the API")
                  : "labeled through the API";
    o.recycle_reason = "relabel through the API: nothing on it is kept";
    o.engine_version = engine_version();
    return o;
}

Result<nlohmann::json> label(const ApiContext& ctx, const std::string& barcode,
                             const nlohmann::json& body) {
    std::string library;
    auto o = label_options(body, barcode, library);
    if (!o) return o.error();
    auto& db = engine_catalog(ctx.engine);
    auto plan = media::plan_label(db, o.value(), to_unix_seconds(ctx.engine.clock().wall()));
    if (!plan) return plan.error();
    auto lib = device::open_library(db, ctx.home, library, ctx.engine.clock());
    if (!lib) return lib.error();
    auto r = media::label_reserved(ctx.engine, *lib.value(), plan.value());
    if (!r) return r.error();
    auto j = shapes::volume_json(r->volume);
    j["jobs_purged"] = r->jobs_purged;
    j["adopted"] = r->adopted;
    return j;
}
} // namespace

void add_volume_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get(R"(/v1/volumes/([^/]+))",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   const std::string barcode = req.matches[1];
                   answer_from_catalog(
                       ctx, res, [&](catalog::Db& db) { return one_volume(ctx, db, barcode); });
               });
    server.Patch(R"(/v1/volumes/([^/]+))",
                 [&ctx](const httplib::Request& req, httplib::Response& res) {
                     const std::string barcode = req.matches[1];
                     auto change = volume_change(request_json(req));
                     if (!change) return reply_error(res, change.error());
                     if (auto st = apply_volume_change(ctx.engine, barcode, change.value()); !st)
                         return reply_error(res, st.error());
                     answer_from_catalog(ctx, res, [&](catalog::Db& db) -> Result<nlohmann::json> {
                         auto v = media::find_volume(db, barcode);
                         if (!v) return v.error();
                         return shapes::volume_json(v.value());
                     });
                 });
    server.Post(R"(/v1/volumes/([^/]+)/label)",
                [&ctx](const httplib::Request& req, httplib::Response& res) {
                    const std::string barcode = req.matches[1];
                    auto labeled = label(ctx, barcode, request_json(req));
                    if (!labeled) return reply_error(res, labeled.error());
                    reply_json(res, 200, labeled.value());
                });
}

} // namespace tl::service
