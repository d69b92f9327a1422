#pragma once
// GET /metrics: the service's figures in the Prometheus text exposition format (version
// 0.0.4): counters of ended jobs and per drive bytes, mounts and failed sessions (job_tally.h),
// the last successful backup per definition and client, per client its last backup and
// whether it answered at the last contact, running jobs and queue length, volumes by state,
// catalog size, and per running job its rate and per drive its bytes and state (from the
// LiveBoard snapshots), and drive health: drives out of service, TapeAlert flags by severity.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "catalog/client_store.h"
#include "metrics/live_snapshot.h"
#include "service/catalog_reads.h"
#include "service/job_tally.h"

namespace tl::service {

struct MetricsInput {
    std::int64_t jobs_running = 0;
    std::int64_t queue_waiting = 0;
    std::size_t streams = 0; // open event and live streams of API clients
    std::map<std::string, std::int64_t> volumes_by_state;
    CatalogSize catalog;
    std::vector<metrics::LiveSnapshot> live; // running jobs only
    TallyFigures tally;
    std::vector<catalog::ClientRow> clients; // the added clients (docs/agent.md)
    // Drive health (issue 39): every configured drive, true when out of service; the TapeAlert
    // flags each drive reported, by severity (info | warning | critical).
    std::map<std::string, bool> drive_out_of_service;
    std::map<std::pair<std::string, std::string>, std::int64_t> drive_alerts;
};

std::string metrics_text(const MetricsInput& in);

} // namespace tl::service
