// GET /v1/wear[?barcode=B]: the cartridges' wear and retirement forecast (docs/media.md "Wear and
// retirement"), {"volumes": [...]} as `volume health [BARCODE] --json` prints it: every
// cartridge with recorded use, or the one named (404 when it was never used).
#include "common/clock.h"
#include "context/engine.h"
#include "media/volume_health.h"
#include "service/api_context.h"
#include "shapes/volume_health_json.h"

namespace tl::service {

void add_wear_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/v1/wear", [&ctx](const httplib::Request& req, httplib::Response& res) {
        const std::string barcode = req.has_param("barcode") ? req.get_param_value("barcode") : "";
        answer_from_catalog(ctx, res, [&](catalog::Db& db) -> Result<nlohmann::json> {
            auto rows =
                media::volume_health(db, barcode, to_unix_seconds(ctx.engine.clock().wall()));
            if (!rows) return rows.error();
            nlohmann::json arr = nlohmann::json::array();
            for (const auto& h : rows.value())
                arr.push_back(shapes::volume_health_json(h));
            return nlohmann::json{{"volumes", arr}};
        });
    });
}

} // namespace tl::service
