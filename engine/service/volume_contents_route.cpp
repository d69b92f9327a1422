// A tape's contents read from the tape alone (docs/api.md "Resources"): GET
// /v1/volumes/{barcode}/contents[?library=NAME] mounts the cartridge in a drive of the library
// (the first configured one without `library`), reads it to its end and answers what `volume
// ls BARCODE --json` prints (api/volume_contents.h); 409 busy while a job uses the cartridge.
// A read: it changes nothing in the catalog.
#include <httplib.h>

#include "api/volume_contents.h"
#include "service/api_context.h"

namespace tl::service {

void add_volume_contents_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get(R"(/v1/volumes/([^/]+)/contents)",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   auto listing = job::volume_contents(ctx.engine, req.matches[1],
                                                       req.get_param_value("library"));
                   if (!listing) return reply_error(res, listing.error());
                   reply_json(res, 200, listing.value());
               });
}

} // namespace tl::service
