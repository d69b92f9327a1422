// bench service, during-backup (issue 15's figure): what a user's `jobs list` and
// `files ls DIR` cost while a 2-drive backup runs through the service, timed from a client
// and as tapeloom-cli processes (fork, exec, connect, answer, exit), as an administrator sees it.
#include <chrono>
#include <thread>

#include "bench/scratch_backup.h"
#include "bench/service_bench_parts.h"
#include "bench/service_calls.h"
#include "bench/tar_pass.h"

namespace tl::bench {

namespace {
constexpr std::size_t kDrives = 2, kSessionsPerDrive = 4;

// The backup the calls run beside, as the service runs it.
struct Backup {
    client::ServiceClient& c;
    std::int64_t queue_id = 0;
    std::int64_t job = 0;
};

// Fails unless the backup runs now: a figure taken once it ended is no figure under its load.
Status still_running(Backup& b, const std::string& when, DuringBackup& d) {
    auto entry = b.c.queue_entry(b.queue_id);
    if (!entry) return entry.error();
    if (entry->state != "running")
        return make_error(ErrorKind::Internal,
                          "the backup was " + entry->state +
                              (entry->status.empty() ? "" : " (" + entry->status + ")") + " " +
                              when +
                              "; no figure is reported for calls made without its load "
                              "(give a longer --backup-seconds)");
    ++d.checks;
    return {};
}

// One series of timed calls, with the backup running before its first call and after its last
// (so during every one of them).
template <class F> Status series(Backup& b, DuringBackup& d, const std::string& what, F timed) {
    TL_TRY(still_running(b, "before the calls of " + what, d));
    auto t = timed(what);
    if (!t) return t.error();
    TL_TRY(still_running(b, "after the calls of " + what, d));
    d.calls.push_back(std::move(t.value()));
    return {};
}

Result<std::uint64_t> expect_rows(Result<std::uint64_t> rows, std::uint64_t at_least,
                                  const std::string& what) {
    if (rows && rows.value() < at_least)
        return make_error(ErrorKind::Internal, what + " answered " + std::to_string(rows.value()) +
                                                   " rows, not the " + std::to_string(at_least) +
                                                   " the bench put there");
    return rows;
}

Status time_all(Backup& b, const BenchCatalog& cat, const ServiceBenchOptions& o,
                const std::string& home, DuringBackup& d) {
    auto& c = b.c;
    const std::uint64_t jobs = d.jobs, files = cat.leaf_files;
    TL_TRY(series(b, d, "jobs list (client, GET /v1/jobs)", [&](std::string what) {
        return time_calls(what, o.calls, &c,
                          [&] { return expect_rows(jobs_list_call(c), jobs, "jobs list"); });
    }));
    TL_TRY(series(b, d, "files ls DIR (client, every page of GET /v1/files)", [&](std::string w) {
        return time_calls(w, o.calls, &c, [&] {
            return expect_rows(files_ls_call(c, cat.full_job, cat.leaf_dir), files, "files ls");
        });
    }));
    const std::vector<std::string> cli = {o.source_program, "--home", home};
    auto process = [&](std::vector<std::string> words) {
        auto argv = cli;
        argv.insert(argv.end(), words.begin(), words.end());
        return [argv]() -> Result<std::uint64_t> {
            TL_TRY(run_program(argv));
            return std::uint64_t{0};
        };
    };
    TL_TRY(series(b, d, "tapeloom-cli jobs list (process)", [&](std::string what) {
        return time_calls(what, o.processes, nullptr, process({"jobs", "list"}), 1);
    }));
    TL_TRY(series(b, d, "tapeloom-cli files ls --job ID DIR (process)", [&](std::string what) {
        return time_calls(
            what, o.processes, nullptr,
            process({"files", "ls", "--job", std::to_string(cat.full_job), cat.leaf_dir}), 1);
    }));
    return {};
}

// The backup's figures once cancelled: what it read while the calls ran.
void read_backup_figures(Backup& b, DuringBackup& d) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
        auto entry = b.c.queue_entry(b.queue_id);
        if (!entry || entry->state == "ended") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (auto report = b.c.job(b.job)) {
        d.backup_bytes = report->value("bytes", std::uint64_t{0});
        d.backup_seconds = report->value("elapsed_s", 0.0);
    }
}

} // namespace

Status time_calls_during_backup(const ServiceBenchOptions& o, ServiceBenchResult& r, Clock& clock) {
    auto dir = make_scratch_dir(o.scratch);
    if (!dir) return dir.error();
    ScratchDir scratch(dir.value());
    const std::string home = scratch.path + "/home";
    // One leaf directory of dir_entries files (the tree's root, area and project above it), and
    // the history filled up to `history` jobs beside the tree's full and incremental backups.
    auto cat = seed_service_home(home, o.dir_entries + 4, 1, o.history > 2 ? o.history - 2 : 0,
                                 o.cancel, clock);
    if (!cat) return cat.error();
    DuringBackup& d = r.during;
    d.jobs = std::max<std::uint64_t>(o.history, 2);
    d.dir_entries = cat->leaf_files;
    d.drives = kDrives;
    d.sources = kDrives * kSessionsPerDrive;
    d.rate = o.backup_rate;
    const auto per_source = static_cast<std::uint64_t>(o.backup_rate * o.backup_seconds);
    TL_TRY(add_library_before_service(home, kDrives, per_source * d.sources, clock));
    auto svc = BenchService::start(o.start_service, home);
    if (!svc) return svc.error();
    client::ServiceClient c(home);
    auto queue_id = c.submit_backup(throttled_backup_request(
        o.source_program, kDrives, kSessionsPerDrive, per_source, o.backup_rate));
    if (!queue_id) return queue_id.error();
    auto job = running_job(c, queue_id.value(), "the backup the calls were to run beside");
    if (!job) return job.error();
    // Its drives label and mount their cartridges first; the calls run beside it streaming.
    std::this_thread::sleep_for(std::chrono::seconds(5));
    Backup b{c, queue_id.value(), job.value()};
    auto timed = time_all(b, cat.value(), o, home, d);
    auto cancelled = c.cancel(queue_id.value());
    if (timed && cancelled) read_backup_figures(b, d);
    auto stopped = svc->stop();
    TL_TRY(timed);
    TL_TRY(cancelled);
    return stopped;
}

} // namespace tl::bench
