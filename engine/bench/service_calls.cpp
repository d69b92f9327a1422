#include "bench/service_calls.h"

#include <algorithm>

namespace tl::bench {

Spread spread_of(std::vector<double> s) {
    if (s.empty()) return {};
    std::sort(s.begin(), s.end());
    return {s[s.size() / 2], s[std::min(s.size() - 1, (s.size() * 99 + 99) / 100 - 1)], s.back()};
}

Result<std::uint64_t> jobs_list_call(client::ServiceClient& c) {
    auto q = c.query("jobs list", {{"arguments", nlohmann::json::array()},
                                   {"options", nlohmann::json::object()}});
    if (!q) return q.error();
    if (q->exit_code != 0)
        return make_error(ErrorKind::Internal, "jobs list through the service: " + q->err);
    // The table's heading line is no job.
    return static_cast<std::uint64_t>(std::count(q->out.begin(), q->out.end(), '\n') - 1);
}

Result<std::uint64_t> files_ls_call(client::ServiceClient& c, std::int64_t job,
                                    const std::string& dir) {
    std::map<std::string, std::string> params = {
        {"job", std::to_string(job)}, {"dir", dir}, {"limit", "1000"}};
    std::uint64_t rows = 0;
    for (;;) {
        auto page = c.file_page(params);
        if (!page) return page.error();
        rows += page->entries.size();
        if (page->next.empty()) return rows;
        params.insert_or_assign("after", page->next);
    }
}

} // namespace tl::bench
