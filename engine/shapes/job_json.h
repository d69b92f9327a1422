#pragma once
// The JSON shapes of the job history, as `tapeloom-cli jobs list --json` and `jobs show --json`
// print them and the service's GET /v1/jobs and GET /v1/jobs/{id} return them (docs/api.md).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog/job_store.h"
#include "job/clone_job.h"

namespace tl::shapes {

// One row of `jobs list --json` ("waiting_for": why a waiting job waits, else null).
nlohmann::json job_row_json(const catalog::JobRecord& j);

// GET /v1/jobs's page as JSON text: {"jobs": [rows], "limit", "offset", "total"}, each row as
// job_row_json() and, `with_rates`, its "elapsed_s", "wall_rate_Bps" and "sustained_rate_Bps";
// the bytes dump() of that document gives, written without building it (a whole history of
// thousands of rows is the API's largest answer). `compact` (?compact=1, what the typed door
// asks for): each row an array of the page's "columns" instead, the keys said once a page.
struct JobPageShape {
    std::int64_t total = 0, limit = 0, offset = 0;
    bool with_rates = false;
    bool compact = false;
};
std::string job_page_text(const std::vector<catalog::JobRecord>& rows, const JobPageShape& shape);

// `jobs show --json`: the stored report, with the copies made by `clone` when there are any.
nlohmann::json job_report_json(nlohmann::json report,
                               const std::vector<media::CopyListing>& copies);

// `jobs show --json` of a job that has no report yet (it runs, or it was interrupted).
// A waiting job also says what it waits for ("waiting_for").
nlohmann::json job_without_report_json(std::int64_t job_id, const std::string& status,
                                       const std::string& waiting_for = "");

} // namespace tl::shapes
