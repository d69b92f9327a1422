#include "job/restore_outcome.h"

namespace tl::job {

namespace {
nlohmann::json problems_json(const std::vector<RestoreOutcome>& problems) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& p : problems) {
        if (arr.size() == kStoredProblems) break;
        arr.push_back({{"path", p.path}, {"status", p.status}, {"why", p.why}});
    }
    return arr;
}

template <class T> T field(const nlohmann::json& j, const char* key) {
    return j.contains(key) && !j[key].is_null() ? j[key].get<T>() : T{};
}
} // namespace

nlohmann::json bad_blocks_json(const std::vector<BadBlock>& blocks) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& b : blocks)
        arr.push_back({{"volume", b.volume},
                       {"tape_file", b.tape_file},
                       {"block", b.block},
                       {"message", b.message}});
    return arr;
}

nlohmann::json restore_outcome_json(const RestoreResult& r) {
    return {{"restored", r.restored},
            {"skipped", r.skipped},
            {"failed", r.failed},
            {"blocks_read", r.read.blocks_read},
            {"bytes_read", r.read.bytes_read},
            {"stream_bytes_read", r.read.stream_bytes},
            {"seeks", r.read.seeks},
            {"problems", problems_json(r.problems)},
            {"problems_total", r.problems.size()},
            {"bad_blocks", bad_blocks_json(r.bad_blocks)}};
}

RestoreResult restore_result_from_json(const nlohmann::json& report) {
    RestoreResult r;
    r.report = report_from_json(report);
    r.restored = field<std::uint64_t>(report, "restored");
    r.skipped = field<std::uint64_t>(report, "skipped");
    r.failed = field<std::uint64_t>(report, "failed");
    r.read.blocks_read = field<std::uint64_t>(report, "blocks_read");
    r.read.bytes_read = field<std::uint64_t>(report, "bytes_read");
    r.read.stream_bytes = field<std::uint64_t>(report, "stream_bytes_read");
    r.read.seeks = field<std::uint64_t>(report, "seeks");
    if (report.contains("problems") && report["problems"].is_array())
        for (const auto& p : report["problems"])
            r.problems.push_back({field<std::string>(p, "path"), field<std::string>(p, "status"),
                                  field<std::string>(p, "why")});
    if (report.contains("bad_blocks") && report["bad_blocks"].is_array())
        for (const auto& b : report["bad_blocks"])
            r.bad_blocks.push_back(
                {field<std::string>(b, "volume"), field<std::uint32_t>(b, "tape_file"),
                 field<std::uint32_t>(b, "block"), field<std::string>(b, "message")});
    return r;
}

} // namespace tl::job
