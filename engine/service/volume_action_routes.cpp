// Volume actions beside a volume's PATCH and label (docs/api.md "Resources"): POST
// /v1/volumes/{barcode}/recycle {"force": false} makes a volume recyclable (as `volume
// recycle`: refused without force while jobs on it are kept) and answers the volume after it;
// POST /v1/volumes/label-blank {"pool", "pattern", "library", "block_size"} labels every blank
// cartridge of the library (those whose barcode matches the glob `pattern`, any case) one after
// the other, as `volume label --all-blank` does, and answers {"library", "pool", "labeled":
// [barcode...], "skipped": [{"barcode", "why"}...]} once they are done. Scope operate.
#include <fnmatch.h>

#include "common/version.h"
#include "context/engine_catalog.h"
#include "device/library.h"
#include "format/block.h"
#include "job/label_job.h"
#include "media/volume_actions.h"
#include "media/volume_catalog.h"
#include "service/api_context.h"
#include "shapes/volume_json.h"

namespace tl::service {

namespace {
Result<nlohmann::json> recycle(const ApiContext& ctx, const std::string& barcode,
                               const nlohmann::json& body) {
    const std::string route = "POST /v1/volumes/{barcode}/recycle";
    if (!body.is_object()) return invalid_request(route, "takes {\"force\": true or false}");
    bool force = false;
    for (const auto& [key, value] : body.items()) {
        if (key != "force")
            return invalid_request(route, "unknown field \"" + key + "\"; it takes force");
        if (!value.is_boolean()) return invalid_request(route, "\"force\" takes true or false");
        force = value.get<bool>();
    }
    auto& db = engine_catalog(ctx.engine);
    auto r = media::recycle_volume(db, barcode, force,
                                   force ? "recycled with force through the API"
                                         : "recycled through the API",
                                   to_unix_seconds(ctx.engine.clock().wall()));
    if (!r) return r.error();
    auto v = media::find_volume(db, barcode);
    if (!v) return v.error();
    return shapes::volume_json(v.value());
}

struct BlankRequest {
    media::BlankLabelOptions options;
    std::string library, pattern;
};

Result<BlankRequest> blank_request(const nlohmann::json& body) {
    const std::string route = "POST /v1/volumes/label-blank";
    if (!body.is_object())
        return invalid_request(route, "takes {\"pool\": P[, \"pattern\": GLOB]}");
    BlankRequest r;
    for (const auto& [key, value] : body.items()) {
        if (key == "block_size") {
            if (!value.is_number_unsigned())
                return invalid_request(route, "\"block_size\" takes bytes");
            TL_TRY(format::check_block_size(value.get<std::size_t>()));
            r.options.block_size = value.get<std::uint32_t>();
            continue;
        }
        if (key != "pool" && key != "pattern" && key != "library")
            return invalid_request(route, "unknown field \"" + key +
                                              "\"; it takes pool, pattern, library and block_size");
        if (!value.is_string()) return invalid_request(route, "\"" + key + "\" takes a string");
        (key == "pool"      ? r.options.pool
         : key == "pattern" ? r.pattern
                            : r.library) = value.get<std::string>();
    }
    if (r.options.pool.empty())
        return invalid_request(route,
                               "\"pool\" is needed: the pool the cartridges are labeled into");
    if (!r.pattern.empty())
        r.options.accept = [pattern = r.pattern](const std::string& barcode) {
            return ::fnmatch(pattern.c_str(), barcode.c_str(), FNM_CASEFOLD) == 0;
        };
    r.options.reason = "labeled blank through the API";
    r.options.engine_version = engine_version();
    return r;
}

Result<nlohmann::json> label_blank(const ApiContext& ctx, const nlohmann::json& body) {
    auto r = blank_request(body);
    if (!r) return r.error();
    auto lib =
        device::open_library(engine_catalog(ctx.engine), ctx.home, r->library, ctx.engine.clock());
    if (!lib) return lib.error();
    auto report = media::label_all_blank_reserved(ctx.engine, *lib.value(), r->options);
    if (!report) return report.error();
    if (report->stopped) return *report->stopped;
    nlohmann::json labeled = nlohmann::json::array(), skipped = nlohmann::json::array();
    for (const auto& k : report->outcomes)
        if (k.error)
            skipped.push_back({{"barcode", k.barcode}, {"why", k.error->message}});
        else
            labeled.push_back(k.barcode);
    return nlohmann::json{{"library", lib.value()->name()},
                          {"pool", r->options.pool},
                          {"labeled", labeled},
                          {"skipped", skipped}};
}
} // namespace

void add_volume_action_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Post(R"(/v1/volumes/([^/]+)/recycle)",
                [&ctx](const httplib::Request& req, httplib::Response& res) {
                    auto v = recycle(ctx, req.matches[1], request_json(req));
                    if (!v) return reply_error(res, v.error());
                    reply_json(res, 200, v.value());
                });
    server.Post("/v1/volumes/label-blank",
                [&ctx](const httplib::Request& req, httplib::Response& res) {
                    auto done = label_blank(ctx, request_json(req));
                    if (!done) return reply_error(res, done.error());
                    reply_json(res, 200, done.value());
                });
}

} // namespace tl::service
