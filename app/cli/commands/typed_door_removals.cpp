// The removals and the recycle that go to the service through its typed door (client/api.h,
// docs/api.md "Resources") rather than as a task running the command there: `schedule remove`
// (DELETE /v1/schedules/{id}), `job remove` (DELETE /v1/definitions/{name}), `pool remove`
// (DELETE /v1/pools/{name}), `client remove` (DELETE /v1/clients/{name}) and `volume recycle`
// (POST /v1/volumes/{barcode}/recycle), the same methods the console calls. Text, --json and
// exit codes are those of the command run here.
#include <cstdlib>

#include "client/service_api.h"
#include "commands/commands.h"

namespace tl::cli {

namespace {
Error bad(const std::string& message) {
    return make_error(ErrorKind::InvalidArgument, message);
}

int removed(Context& ctx, const nlohmann::json& what, const std::string& text) {
    if (ctx.json())
        ctx.print_json({{"removed", what}});
    else
        ctx.out() << text << "\n";
    return 0;
}

int schedule_remove(Context& ctx, client::Api& api) {
    const auto& w = ctx.args().words();
    if (w.empty())
        return ctx.fail(bad("schedule remove needs a schedule ID; see tapeloom-cli schedule list"));
    char* end = nullptr;
    const long long n = std::strtoll(w.front().c_str(), &end, 10);
    if (w.front().empty() || *end || n <= 0)
        return ctx.fail(
            bad("schedule remove takes a schedule ID (a number), not '" + w.front() + "'"));
    if (auto st = api.remove_schedule(n); !st) return ctx.fail(st.error());
    return removed(ctx, n, "Schedule " + std::to_string(n) + " removed.");
}

int job_remove(Context& ctx, client::Api& api) {
    const auto& w = ctx.args().words();
    if (w.empty())
        return ctx.fail(bad("job remove needs a job definition NAME; see tapeloom-cli job list"));
    if (auto st = api.remove_definition(w.front()); !st) return ctx.fail(st.error());
    return removed(ctx, w.front(),
                   "Job definition '" + w.front() +
                       "' and its schedules removed (its job history stays).");
}

int pool_remove(Context& ctx, client::Api& api) {
    const auto& w = ctx.args().words();
    if (w.empty() || w.front().empty()) return ctx.fail(bad("pool remove needs a NAME"));
    if (auto st = api.remove_pool(w.front()); !st) return ctx.fail(st.error());
    return removed(ctx, w.front(), "pool " + w.front() + " removed");
}

int client_remove(Context& ctx, client::Api& api) {
    const auto& w = ctx.args().words();
    if (w.size() != 1) return ctx.fail(bad("client remove takes one NAME"));
    if (auto st = api.remove_client(w.front()); !st) return ctx.fail(st.error());
    return removed(ctx, w.front(), "client " + w.front() + " removed");
}

int volume_recycle(Context& ctx, client::Api& api) {
    const auto& w = ctx.args().words();
    const std::string bc = !w.empty() ? w.front() : ctx.args().get("barcode");
    if (bc.empty()) return ctx.fail(bad("volume recycle needs a BARCODE"));
    auto v = api.recycle_volume(bc, ctx.args().has("force"));
    if (!v) return ctx.fail(v.error());
    if (ctx.json())
        ctx.print_json({{"barcode", bc}, {"state", v->state}});
    else
        ctx.out() << "volume " << bc << " is recyclable: the next backup of pool " << v->pool
                  << " relabels it\n";
    return 0;
}
} // namespace

std::optional<int> removal_through_typed_door(Context& ctx, client::ServiceClient& c,
                                              const std::string& command) {
    static const ApiCommand kCalls[] = {{"schedule remove", schedule_remove},
                                        {"job remove", job_remove},
                                        {"pool remove", pool_remove},
                                        {"client remove", client_remove},
                                        {"volume recycle", volume_recycle}};
    return call_api_command(ctx, c, command, kCalls);
}

} // namespace tl::cli
