// tapeloom-cli events [--job ID] [--count N]: follows the service's event stream (or one job's
// live snapshots) and prints each event as it comes (docs/api.md "Streams"). It is a client of
// the service alone, so it starts the service when none runs (autostart) unless
// --no-autostart is given.
#include "client/service_client.h"
#include "commands/commands.h"
#include "exit_codes.h"
#include "number_option.h"

namespace tl::cli {

namespace {
int events(Context& ctx) {
    auto count = count_option(ctx.args(), "count", 1, 1000000000, 0);
    if (!count) return ctx.fail(count.error());
    std::string path = "/v1/events";
    if (ctx.args().has("job")) {
        auto job = parse_id("--job", ctx.args().get("job"));
        if (!job) return ctx.fail(job.error());
        path = "/v1/jobs/" + std::to_string(job.value()) + "/live";
    }
    auto c = connect_or_start(ctx);
    if (!c) return ctx.fail(c.error());
    long long seen = 0;
    bool overflow = false;
    auto st = c.value()->follow(path, [&](const client::StreamEvent& e) {
        if (ctx.json())
            ctx.out() << nlohmann::json{{"id", e.id}, {"type", e.type}, {"data", e.data}}.dump()
                      << "\n";
        else
            ctx.out() << e.id << " " << e.type << " " << e.data.dump() << "\n";
        ctx.out().flush();
        overflow = e.type == "overflow";
        return count.value() == 0 || ++seen < count.value();
    });
    if (!st) return ctx.fail(st.error());
    if (overflow)
        return ctx.fail(make_error(ErrorKind::Io, "the service ended the stream: this client "
                                                  "read too slowly"));
    return kOk;
}
} // namespace

void add_events_commands(Registry& r) {
    r.push_back({{"events"},
                 "[--job ID] [--count N] [--no-autostart]",
                 "follow the service's job events (queued, waiting, started, ended), or one "
                 "job's live snapshots; starts the service when none runs",
                 {"job", "count"},
                 {"no-autostart"},
                 events});
}

} // namespace tl::cli
