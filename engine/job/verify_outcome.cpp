#include "job/verify_outcome.h"

#include "job/restore_outcome.h"

namespace tl::job {

namespace {
template <class T> T verify_field(const nlohmann::json& j, const char* key) {
    return j.contains(key) && !j[key].is_null() ? j[key].get<T>() : T{};
}
} // namespace

nlohmann::json verify_outcome_json(const VerifyReport& v) {
    nlohmann::json problems = nlohmann::json::array();
    for (const auto& p : v.problems) {
        if (problems.size() == kStoredProblems) break;
        problems.push_back({{"source", p.source}, {"path", p.path}, {"why", p.why}});
    }
    nlohmann::json j = {{"verified_job", v.job_id},
                        {"files_ok", v.files_ok},
                        {"files_failed", v.files_failed},
                        {"files_unchecked", v.files_unchecked},
                        {"key_missing", v.key_missing},
                        {"blocks_read", v.stats.blocks_read},
                        {"bytes_read", v.stats.bytes_read},
                        {"verify_problems", problems},
                        {"bad_blocks", bad_blocks_json(v.bad_blocks)}};
    if (!v.pool.empty()) j["pool"] = v.pool; // the copies read (a clone's "pool" is its copies')
    return j;
}

VerifyReport verify_report_from_json(const nlohmann::json& report) {
    VerifyReport v;
    v.job_id = verify_field<std::int64_t>(report, "verified_job");
    v.verify_job_id = verify_field<std::int64_t>(report, "job_id");
    v.status = verify_field<std::string>(report, "status");
    v.elapsed = verify_field<double>(report, "elapsed_s");
    v.files_ok = verify_field<std::uint64_t>(report, "files_ok");
    v.files_failed = verify_field<std::uint64_t>(report, "files_failed");
    v.files_unchecked = verify_field<std::uint64_t>(report, "files_unchecked");
    v.key_missing = verify_field<std::string>(report, "key_missing");
    v.stats.blocks_read = verify_field<std::uint64_t>(report, "blocks_read");
    v.stats.bytes_read = verify_field<std::uint64_t>(report, "bytes_read");
    v.stats.volumes = verify_field<std::vector<std::string>>(report, "volumes");
    v.pool = verify_field<std::string>(report, "pool");
    if (report.contains("verify_problems") && report["verify_problems"].is_array())
        for (const auto& p : report["verify_problems"])
            v.problems.push_back({verify_field<std::string>(p, "source"),
                                  verify_field<std::string>(p, "path"),
                                  verify_field<std::string>(p, "why")});
    if (report.contains("bad_blocks") && report["bad_blocks"].is_array())
        for (const auto& b : report["bad_blocks"])
            v.bad_blocks.push_back({verify_field<std::string>(b, "volume"),
                                    verify_field<std::uint32_t>(b, "tape_file"),
                                    verify_field<std::uint32_t>(b, "block"),
                                    verify_field<std::string>(b, "message")});
    return v;
}

} // namespace tl::job
