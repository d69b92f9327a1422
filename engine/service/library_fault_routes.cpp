// A virtual library's injected faults as a resource (docs/api.md "Resources", docs/devices.md
// "Injected faults"): GET /v1/libraries/{name}/faults gives the plan ({"version", "drives",
// "cartridges"}), PATCH /v1/libraries/{name}/faults changes it ({"clear": true}, or one drive's
// and one cartridge's faults: device/fault_change.h) and answers the plan after. A real
// library has none (501). The PATCH is configuration for tests and demos: scope admin.
#include "context/engine_catalog.h"
#include "device/device_registry.h"
#include "device/fault_change.h"
#include "service/api_context.h"

namespace tl::service {

namespace {
// The folder of virtual library `name`; Unsupported for a real one, NotFound for none.
Result<std::string> fault_library_dir(const ApiContext& ctx, const std::string& name) {
    auto lib = device::find_library(engine_catalog(ctx.engine), name);
    if (!lib) return lib.error();
    if (lib->kind != "virtual")
        return make_error(ErrorKind::Unsupported,
                          "library " + lib->name +
                              " is a real library: faults are injected into virtual libraries "
                              "only");
    return ctx.home + "/" + lib->device;
}

Result<nlohmann::json> faults_of(const ApiContext& ctx, const std::string& name,
                                 const nlohmann::json* body) {
    std::optional<device::FaultChange> change;
    if (body) {
        auto c = device::fault_change_from_json(*body, "PATCH /v1/libraries/{name}/faults");
        if (!c) return c.error();
        change = c.value();
    }
    auto dir = fault_library_dir(ctx, name);
    if (!dir) return dir.error();
    if (change && change->changes_anything())
        TL_TRY(device::change_fault_plan(dir.value(), [&](device::FaultPlan& p) {
            return device::apply_fault_change(p, *change);
        }));
    auto plan = device::read_fault_plan(dir.value());
    if (!plan) return plan.error();
    return device::fault_plan_json(plan.value());
}
} // namespace

void add_library_fault_routes(httplib::Server& server, const ApiContext& ctx) {
    server.Get(R"(/v1/libraries/([^/]+)/faults)",
               [&ctx](const httplib::Request& req, httplib::Response& res) {
                   auto plan = faults_of(ctx, req.matches[1], nullptr);
                   if (!plan) return reply_error(res, plan.error());
                   reply_json(res, 200, plan.value());
               });
    server.Patch(R"(/v1/libraries/([^/]+)/faults)",
                 [&ctx](const httplib::Request& req, httplib::Response& res) {
                     const auto body = request_json(req);
                     auto plan = faults_of(ctx, req.matches[1], &body);
                     if (!plan) return reply_error(res, plan.error());
                     reply_json(res, 200, plan.value());
                 });
}

} // namespace tl::service
