#include "shapes/job_json.h"

namespace tl::shapes {

nlohmann::json job_row_json(const catalog::JobRecord& j) {
    return {
        {"id", j.id},
        {"kind", j.kind},
        {"name", j.name},
        {"level", j.level},
        {"status", j.status},
        {"started", j.started},
        {"ended", j.ended},
        {"files", j.files},
        {"bytes", j.bytes},
        {"waiting_for", j.waiting_for.empty() ? nlohmann::json() : nlohmann::json(j.waiting_for)}};
}

nlohmann::json job_report_json(nlohmann::json report,
                               const std::vector<media::CopyListing>& copies) {
    if (copies.empty()) return report;
    report["copies"] = nlohmann::json::array();
    for (const auto& c : copies)
        report["copies"].push_back({{"saveset", c.original},
                                    {"copy", c.copy},
                                    {"source", c.source},
                                    {"pool", c.pool},
                                    {"volumes", c.volumes}});
    return report;
}

nlohmann::json job_without_report_json(std::int64_t job_id, const std::string& status,
                                       const std::string& waiting_for) {
    nlohmann::json j = {{"job_id", job_id}, {"status", status}};
    if (!waiting_for.empty()) j["waiting_for"] = waiting_for;
    return j;
}

} // namespace tl::shapes
