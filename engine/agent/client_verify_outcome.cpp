#include "agent/client_verify_outcome.h"

namespace tl::agent {

namespace {
template <class T> T outcome_field(const nlohmann::json& j, const char* key) {
    return j.contains(key) && !j[key].is_null() ? j[key].get<T>() : T{};
}

nlohmann::json differences_json(const std::vector<ClientFileDifference>& d) {
    auto out = nlohmann::json::array();
    for (const auto& x : d)
        out.push_back({{"client", x.client}, {"path", x.path}, {"why", x.why}});
    return out;
}

std::vector<ClientFileDifference> differences_from(const nlohmann::json& report, const char* key) {
    std::vector<ClientFileDifference> out;
    if (!report.contains(key) || !report[key].is_array()) return out;
    for (const auto& x : report[key])
        out.push_back({outcome_field<std::string>(x, "client"),
                       outcome_field<std::string>(x, "path"),
                       outcome_field<std::string>(x, "why")});
    return out;
}
} // namespace

nlohmann::json client_verify_outcome_json(const ClientVerifyResult& r) {
    return {{"verified_job", r.job_id},
            {"against_client", true},
            {"compared", r.compared},
            {"same", r.same},
            {"differing_count", r.differing_count},
            {"missing_count", r.missing_count},
            {"differing", differences_json(r.differing)},
            {"missing", differences_json(r.missing)},
            {"blocks_read", r.read.blocks_read}};
}

ClientVerifyResult client_verify_result_from_json(const nlohmann::json& report) {
    ClientVerifyResult r;
    r.job_id = outcome_field<std::int64_t>(report, "verified_job");
    r.verify_job_id = outcome_field<std::int64_t>(report, "job_id");
    r.status = outcome_field<std::string>(report, "status");
    r.error = outcome_field<std::string>(report, "error");
    r.compared = outcome_field<std::uint64_t>(report, "compared");
    r.same = outcome_field<std::uint64_t>(report, "same");
    r.differing_count = outcome_field<std::uint64_t>(report, "differing_count");
    r.missing_count = outcome_field<std::uint64_t>(report, "missing_count");
    r.differing = differences_from(report, "differing");
    r.missing = differences_from(report, "missing");
    r.read.blocks_read = outcome_field<std::uint64_t>(report, "blocks_read");
    return r;
}

} // namespace tl::agent
