// GET /metrics (no version prefix: Prometheus scrapers send no Tapeloom-API header).
#include "catalog/client_store.h"
#include "catalog/drive_alert_store.h"
#include "context/engine_catalog.h"
#include "device/device_registry.h"
#include "metrics/live_board.h"
#include "schedule/queue_store.h"
#include "service/api_context.h"
#include "service/metrics_text.h"

namespace tl::service {

namespace {
// Every configured drive with whether it is out of service; the alerts each reported.
Status gather_drive_health(catalog::Db& db, MetricsInput& in) {
    auto drives = device::list_drives(db);
    if (!drives) return drives.error();
    for (const auto& d : drives.value())
        in.drive_out_of_service[d.name] = false;
    auto out = catalog::drives_out_of_service(db);
    if (!out) return out.error();
    for (const auto& d : out.value())
        in.drive_out_of_service[d.drive] = true;
    auto alerts = catalog::drive_alert_counts(db);
    if (!alerts) return alerts.error();
    in.drive_alerts = std::move(alerts.value());
    return {};
}

Result<MetricsInput> gather(const ApiContext& ctx, catalog::Db& db) {
    MetricsInput in;
    auto entries = schedule::QueueStore(db).list();
    if (!entries) return entries.error();
    for (const auto& e : entries.value())
        (e.state == schedule::QueueEntry::State::Running ? in.jobs_running : in.queue_waiting)++;
    auto vols = read_volumes_by_state(db);
    if (!vols) return vols.error();
    in.volumes_by_state = std::move(vols.value());
    in.streams = ctx.events.streams();
    auto size = read_catalog_size(db);
    if (!size) return size.error();
    in.catalog = size.value();
    auto tally = ctx.tally.refresh(db);
    if (!tally) return tally.error();
    in.tally = std::move(tally.value());
    auto clients = catalog::list_clients(db);
    if (!clients) return clients.error();
    in.clients = std::move(clients.value());
    TL_TRY(gather_drive_health(db, in));
    auto live = metrics::LiveBoard(ctx.home).read();
    if (live)
        for (auto& s : live.value())
            if (!s.ended) in.live.push_back(std::move(s));
    return in;
}
} // namespace

void add_metrics_route(httplib::Server& server, const ApiContext& ctx) {
    server.Get("/metrics", [&ctx](const httplib::Request&, httplib::Response& res) {
        auto in = gather(ctx, engine_catalog(ctx.engine));
        if (!in) return reply_error(res, in.error());
        res.set_content(metrics_text(in.value()), "text/plain; version=0.0.4; charset=utf-8");
    });
}

} // namespace tl::service
