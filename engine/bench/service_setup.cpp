// What the parts of bench service share: a seeded data directory for timed reads, and the job
// a backup submitted to the service became.
#include <chrono>
#include <thread>

#include "bench/scratch_backup.h"
#include "bench/service_bench_parts.h"
#include "bench/throttled_source.h"
#include "catalog/db.h"
#include "catalog/job_writer.h"

namespace tl::bench {

namespace {
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
} // namespace

Result<BenchCatalog> seed_service_home(const std::string& home, std::uint64_t entries,
                                       std::uint64_t dirs, std::uint64_t jobs,
                                       std::atomic<bool>* cancel, Clock& clock) {
    TL_TRY(make_private_home(home));
    CatalogBenchOptions co;
    co.entries = entries;
    co.dirs = dirs;
    co.cancel = cancel;
    auto cat = write_bench_catalog(home + "/catalog.db", co, clock);
    if (!cat) return cat.error();
    TL_TRY(add_history(home + "/catalog.db", jobs, clock));
    TL_TRY(cancelled_check(cancel));
    return cat;
}

Status add_library_before_service(const std::string& home, std::size_t drives, std::uint64_t bytes,
                                  Clock& clock) {
    auto engine = open_bench_engine(home, clock);
    if (!engine) return engine.error();
    return add_bench_library(*engine.value(), drives, bytes, {});
}

nlohmann::json throttled_backup_request(const std::string& program, std::size_t drives,
                                        std::size_t sessions, std::uint64_t per_source,
                                        double rate) {
    nlohmann::json request = {{"library", "bench"},
                              {"drives", drives},
                              {"sessions_per_drive", sessions},
                              {"sources", nlohmann::json::array()}};
    for (std::size_t i = 0; i < drives * sessions; ++i)
        request["sources"].push_back(throttled_source_spec(program, per_source, rate, i + 1));
    return request;
}

Result<std::int64_t> running_job(client::ServiceClient& c, std::int64_t queue_id,
                                 const std::string& what) {
    using Steady = std::chrono::steady_clock;
    const auto deadline = Steady::now() + std::chrono::minutes(1);
    while (Steady::now() < deadline) {
        auto entry = c.queue_entry(queue_id);
        if (!entry) return entry.error();
        if (entry->state == "ended")
            return make_error(ErrorKind::Internal,
                              what + " ended early (" + entry->status + ": " + entry->error + ")");
        // The newest jobs: the history is listed oldest first.
        auto first = c.jobs(1, 0);
        if (!first) return first.error();
        const auto total = first->value("total", std::int64_t{0});
        auto jobs = c.jobs(5, std::max<std::int64_t>(0, total - 5));
        if (!jobs) return jobs.error();
        for (const auto& j : (*jobs)["jobs"])
            if (j.value("status", "") == "running") return j.value("id", std::int64_t{0});
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    return make_error(ErrorKind::Internal, what + " did not start in a minute");
}

} // namespace tl::bench
