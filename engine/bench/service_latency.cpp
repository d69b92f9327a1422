// bench service, latency: calls the CLI and the console make, timed from a client.
#include "bench/scratch_backup.h"
#include "bench/service_bench_parts.h"
#include "bench/service_calls.h"

namespace tl::bench {

namespace {
std::uint64_t rows_of(const nlohmann::json& j) {
    if (j.is_array()) return j.size();
    for (const char* key : {"jobs", "entries"})
        if (j.contains(key)) return j[key].size();
    return 0;
}

Status time_all(client::ServiceClient& c, const BenchCatalog& cat, const ServiceBenchOptions& o,
                ServiceBenchResult& r) {
    auto list = time_calls("jobs list (GET /v1/jobs, the whole history)", o.calls, &c,
                           [&] { return jobs_list_call(c); });
    if (!list) return list.error();
    r.calls.push_back(list.value());
    auto page = time_calls("jobs, first page (GET /v1/jobs?limit=100)", o.calls, &c,
                           [&]() -> Result<std::uint64_t> {
                               auto j = c.jobs(100, 0);
                               if (!j) return j.error();
                               return rows_of(j.value());
                           });
    if (!page) return page.error();
    r.calls.push_back(page.value());
    const std::map<std::string, std::string> params = {
        {"job", std::to_string(cat.full_job)}, {"dir", cat.leaf_dir}, {"limit", "1000"}};
    auto files = time_calls("directory page of 1000 (GET /v1/files, objects)", o.calls, &c,
                            [&]() -> Result<std::uint64_t> {
                                auto j = c.files(params);
                                if (!j) return j.error();
                                return rows_of(j.value());
                            });
    if (!files) return files.error();
    r.calls.push_back(files.value());
    // The same page in the compact shape `files ls` asks for (docs/api.md), read as it does.
    auto compact = time_calls("directory page of 1000 (GET /v1/files&compact=1, as files ls)",
                              o.calls, &c, [&]() -> Result<std::uint64_t> {
                                  auto p = c.file_page(params);
                                  if (!p) return p.error();
                                  return std::uint64_t{p->entries.size()};
                              });
    if (!compact) return compact.error();
    r.calls.push_back(compact.value());
    return {};
}
} // namespace

Status time_service_calls(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock) {
    auto dir = make_scratch_dir(o.scratch);
    if (!dir) return dir.error();
    ScratchDir scratch(dir.value());
    const std::string home = scratch.path + "/home";
    auto cat = seed_service_home(home, o.entries, 0, o.jobs, o.cancel, clock);
    if (!cat) return cat.error();
    r.entries = cat->entries;
    r.jobs = o.jobs + 2;
    auto svc = BenchService::start(o.start_service, home);
    if (!svc) return svc.error();
    client::ServiceClient c(home);
    TL_TRY(time_all(c, cat.value(), o, r));
    return svc->stop();
}

} // namespace tl::bench
