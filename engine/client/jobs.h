#pragma once
// The typed door's jobs (api.h): a job as a client follows it, from the moment an action made it
// (JobStarted) to its stored report.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "job/job_report.h"
#include "metrics/series.h"

namespace tl::client {

// What an action that runs as a job answers at once (HTTP 202): the job and its resource.
struct JobStarted {
    std::int64_t job = 0;
    std::string url; // "/v1/jobs/ID"
};

// POST /v1/backups with a stored definition: queued in the service's scheduler queue.
struct QueueBackupRequest {
    std::string definition;
    std::string level = "incr"; // full | diff | incr
};

struct Job {
    std::int64_t id = 0;
    // waiting | running while it has no report; then its report's status (completed, warnings,
    // partial, failed, cancelled)
    std::string status;
    std::string waiting_for; // what a waiting job waits for
    // The stored report once the job ended; `document` is that report as the service sent it
    // (`jobs show --json`), with the fields of its kind (a restore's outcome: restores.h).
    std::optional<job::JobReport> report;
    nlohmann::json document;

    bool ended() const { return report.has_value(); }
};

// A row of the job history (`jobs list --json`).
struct JobRow {
    std::int64_t id = 0;
    std::string kind, name, level, status;
    long long started = 0, ended = 0;
    std::uint64_t files = 0, bytes = 0;
    std::string waiting_for; // why a waiting job waits
    // From its report, in a page asked with rates (Api::job_history); 0 without a report.
    double elapsed_s = 0, wall_rate_Bps = 0, sustained_rate_Bps = 0;
};

struct JobPage {
    std::vector<JobRow> rows; // oldest first
    std::int64_t total = 0;   // rows in the whole history
};

// GET /v1/jobs/{id}/report: the job's report as stored ({} while it has none) and the series
// recorded while it ran, in their stored order (`report --job ID`).
struct JobReportSeries {
    nlohmann::json report;
    metrics::SeriesSet series;
};

// GET /v1/jobs's answer (job_page_parse.cpp); Io when it is not JSON or has no "jobs".
Result<JobPage> job_page_from_text(std::string_view text);
// Io when the answer has no "report" or its series are not lists of numbers.
Result<JobReportSeries> job_report_series_from_json(const nlohmann::json& j);

// A job from GET /v1/jobs/{id}'s answer; Io naming the job when the answer has no job_id.
Result<Job> job_from_json(const nlohmann::json& j);
Result<JobStarted> job_started_from_json(const nlohmann::json& j);

} // namespace tl::client
