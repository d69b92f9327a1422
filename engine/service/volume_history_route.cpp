// GET /v1/volumes/{barcode}/history: a volume's state changes, oldest first, as `volume history
// --json` prints them, with the volume's state now: {"barcode", "state", "history": [{"time",
// "from" (null when it entered the catalog), "to", "reason"}...]}. 404 naming an unknown
// barcode.
#include "media/volume_catalog.h"
#include "service/api_context.h"

namespace tl::service {

namespace {
Result<nlohmann::json> history_of(catalog::Db& db, const std::string& barcode) {
    auto v = media::find_volume(db, barcode);
    if (!v) return v.error();
    auto h = media::volume_history(db, v->id);
    if (!h) return h.error();
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& e : h.value())
        arr.push_back({{"time", e.time},
                       {"from", e.from.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.from)},
                       {"to", e.to},
                       {"reason", e.reason}});
    return nlohmann::json{
        {"barcode", v->barcode}, {"state", media::to_string(v->state)}, {"history", arr}};
}
} // namespace

void add_volume_history_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get(R"(/v1/volumes/([^/]+)/history)", [&ctx](const httplib::Request& req,
                                                        httplib::Response& res) {
        const std::string barcode = req.matches[1];
        answer_from_catalog(ctx, res, [&](catalog::Db& db) { return history_of(db, barcode); });
    });
}

} // namespace tl::service
