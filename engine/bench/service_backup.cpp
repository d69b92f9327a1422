// bench service, backup: the same files backed up in process (bench backup's path) and through
// the service (POST /v1/backups, as the CLI submits a backup while a service runs), alternated.
#include <chrono>
#include <thread>

#include "bench/data_gen.h"
#include "bench/scratch_backup.h"
#include "bench/service_bench_parts.h"
#include "client/service_client.h"

namespace tl::bench {

namespace {
using Steady = std::chrono::steady_clock;

double rate_of(const nlohmann::json& report) {
    const double elapsed = report.value("elapsed_s", 0.0);
    return elapsed > 0 ? report.value("bytes", 0.0) / elapsed / 1e6 : 0.0;
}

Result<double> in_process(const ServiceBenchOptions& o, const DataSet& data, Clock& clock) {
    auto dir = make_scratch_dir(o.scratch);
    if (!dir) return dir.error();
    ScratchDir scratch(dir.value());
    ScratchBackup b;
    b.sources = data.sources;
    b.bytes = data.bytes;
    b.drives = o.drives;
    b.sessions_per_drive = o.sessions_per_drive;
    b.cancel = o.cancel;
    auto report = backup_to_scratch(b, scratch.path + "/home", clock);
    if (!report) return report.error();
    return rate_of(job::to_json(report.value()));
}

// The ended job's stored report, once its queue entry has ended.
Result<nlohmann::json> wait_for_report(client::ServiceClient& c, std::int64_t queue_id,
                                       const ServiceBenchOptions& o) {
    for (;;) {
        TL_TRY(cancelled_check(o.cancel));
        auto entry = c.queue_entry(queue_id);
        if (!entry) return entry.error();
        if (entry->state == "ended") {
            if (entry->status != "completed")
                return make_error(ErrorKind::Io, "the bench backup through the service ended " +
                                                     entry->status + ": " + entry->error);
            return c.job(entry->job);
        }
        // Every 50 ms: its end is seen soon enough for the submit-to-ended figure (the service
        // puts it in the queue within 100 ms), without calls that take CPU from the backup.
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

struct ServiceRun {
    double rate = 0, wall_rate = 0;
};

Result<ServiceRun> through_service(const ServiceBenchOptions& o, const DataSet& data,
                                   Clock& clock) {
    auto dir = make_scratch_dir(o.scratch);
    if (!dir) return dir.error();
    ScratchDir scratch(dir.value());
    const std::string home = scratch.path + "/home";
    TL_TRY(make_private_home(home));
    TL_TRY(add_library_before_service(home, o.drives, data.bytes, clock));
    auto svc = BenchService::start(o.start_service, home);
    if (!svc) return svc.error();
    client::ServiceClient c(home);
    const auto t0 = Steady::now();
    auto queue_id = c.submit_backup({{"sources", data.sources},
                                     {"library", "bench"},
                                     {"drives", o.drives},
                                     {"sessions_per_drive", o.sessions_per_drive},
                                     {"read_buffer", 2u << 20}});
    if (!queue_id) return queue_id.error();
    auto report = wait_for_report(c, queue_id.value(), o);
    const double wall = std::chrono::duration<double>(Steady::now() - t0).count();
    if (!report) return report.error();
    TL_TRY(svc->stop());
    return ServiceRun{rate_of(report.value()), static_cast<double>(data.bytes) / wall / 1e6};
}
} // namespace

Status compare_backups(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock) {
    auto dir = make_scratch_dir(o.scratch);
    if (!dir) return dir.error();
    ScratchDir scratch(dir.value());
    auto data = generate_random_files(scratch.path + "/data", o.files, o.size,
                                      o.drives * o.sessions_per_drive);
    if (!data) return data.error();
    r.backup.bytes = data->bytes;
    for (std::size_t i = 0; i < o.runs; ++i) {
        auto a = in_process(o, data.value(), clock);
        if (!a) return a.error();
        r.backup.in_process.push_back(a.value());
        auto b = through_service(o, data.value(), clock);
        if (!b) return b.error();
        r.backup.service.push_back(b->rate);
        r.backup.service_wall.push_back(b->wall_rate);
    }
    return {};
}

} // namespace tl::bench
