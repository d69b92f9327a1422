#include "bench/service_calls.h"

#include <algorithm>

#include "client/service_api.h"

namespace tl::bench {

Spread spread_of(std::vector<double> s) {
    if (s.empty()) return {};
    std::sort(s.begin(), s.end());
    return {s[s.size() / 2], s[std::min(s.size() - 1, (s.size() * 99 + 99) / 100 - 1)], s.back()};
}

Result<std::uint64_t> jobs_list_call(client::ServiceClient& c) {
    constexpr std::int64_t kPage = 10000; // as `jobs list` reads the history
    client::ServiceApi api(c);
    std::uint64_t rows = 0;
    for (std::int64_t offset = 0;; offset += kPage) {
        auto page = api.jobs(kPage, offset);
        if (!page) return page.error();
        rows += page->rows.size();
        if (page->rows.size() < static_cast<std::size_t>(kPage)) return rows;
    }
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
