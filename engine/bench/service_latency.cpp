// bench service, latency: calls the CLI and the console make, timed from a client.
#include <algorithm>
#include <chrono>

#include "bench/scratch_backup.h"
#include "bench/service_bench_parts.h"
#include "catalog/db.h"
#include "catalog/job_writer.h"
#include "client/service_client.h"

namespace tl::bench {

namespace {
using Steady = std::chrono::steady_clock;

// `jobs` more finished backups in the history, one an hour back from now.
Status add_history(const std::string& path, std::uint64_t jobs, Clock& clock) {
    auto db = catalog::Db::open(path, true);
    if (!db) return db.error();
    auto tx = catalog::Transaction::begin(db.value());
    if (!tx) return tx.error();
    const long long now = to_unix_seconds(clock.wall());
    for (std::uint64_t i = 0; i < jobs; ++i) {
        catalog::NewJob job;
        job.kind = "backup";
        job.name = "history";
        job.level = i % 7 ? "incr" : "full";
        job.pool_id = 1;
        job.started = now - static_cast<long long>((jobs - i) * 3600);
        auto id = catalog::add_job(db.value(), job);
        if (!id) return id.error();
        catalog::JobUpdate end;
        end.status = "completed";
        end.ended = job.started + 600;
        end.files = 1000 + i;
        end.bytes = (1000 + i) * 65536;
        TL_TRY(catalog::update_job(db.value(), id.value(), end));
    }
    return tx->commit();
}

std::uint64_t rows_of(const nlohmann::json& j) {
    if (j.is_array()) return j.size();
    for (const char* key : {"jobs", "entries"})
        if (j.contains(key)) return j[key].size();
    return 0;
}

// `calls` calls of `fn` (which returns the rows of its answer), after 5 untimed ones.
template <class F> Result<CallTiming> time_calls(std::string what, std::size_t calls, F fn) {
    CallTiming t{std::move(what), calls, 0, 0, 0, 0};
    for (int i = 0; i < 5; ++i)
        if (auto n = fn(); !n) return n.error();
    std::vector<double> s;
    for (std::size_t i = 0; i < calls; ++i) {
        const auto t0 = Steady::now();
        auto n = fn();
        s.push_back(std::chrono::duration<double>(Steady::now() - t0).count());
        if (!n) return n.error();
        t.rows = n.value();
    }
    std::sort(s.begin(), s.end());
    t.median = s[s.size() / 2];
    t.p99 = s[std::min(s.size() - 1, (s.size() * 99 + 99) / 100 - 1)];
    t.worst = s.back();
    return t;
}

Status time_all(client::ServiceClient& c, const BenchCatalog& cat, const ServiceBenchOptions& o,
                ServiceBenchResult& r) {
    auto list = time_calls("jobs list (POST /v1/queries)", o.calls, [&]() -> Result<std::uint64_t> {
        auto q = c.query("jobs list", {{"arguments", nlohmann::json::array()},
                                       {"options", nlohmann::json::object()}});
        if (!q) return q.error();
        if (q->exit_code != 0)
            return make_error(ErrorKind::Internal, "jobs list through the service: " + q->err);
        return static_cast<std::uint64_t>(std::count(q->out.begin(), q->out.end(), '\n') - 1);
    });
    if (!list) return list.error();
    r.calls.push_back(list.value());
    auto page = time_calls("jobs, first page (GET /v1/jobs?limit=100)", o.calls,
                           [&]() -> Result<std::uint64_t> {
                               auto j = c.jobs(100, 0);
                               if (!j) return j.error();
                               return rows_of(j.value());
                           });
    if (!page) return page.error();
    r.calls.push_back(page.value());
    const std::map<std::string, std::string> params = {
        {"job", std::to_string(cat.full_job)}, {"dir", cat.leaf_dir}, {"limit", "1000"}};
    auto files = time_calls("directory page of 1000 (GET /v1/files)", o.calls,
                            [&]() -> Result<std::uint64_t> {
                                auto j = c.files(params);
                                if (!j) return j.error();
                                return rows_of(j.value());
                            });
    if (!files) return files.error();
    r.calls.push_back(files.value());
    return {};
}
} // namespace

Status time_service_calls(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock) {
    auto dir = make_scratch_dir(o.scratch);
    if (!dir) return dir.error();
    ScratchDir scratch(dir.value());
    const std::string home = scratch.path + "/home";
    TL_TRY(make_private_home(home));
    CatalogBenchOptions co;
    co.entries = o.entries;
    co.cancel = o.cancel;
    auto cat = write_bench_catalog(home + "/catalog.db", co, clock);
    if (!cat) return cat.error();
    TL_TRY(add_history(home + "/catalog.db", o.jobs, clock));
    r.entries = cat->entries;
    r.jobs = o.jobs + 2;
    TL_TRY(cancelled_check(o.cancel));
    auto svc = BenchService::start(o.start_service, home);
    if (!svc) return svc.error();
    client::ServiceClient c(home);
    TL_TRY(time_all(c, cat.value(), o, r));
    return svc->stop();
}

} // namespace tl::bench
