#include "bench/restore_bench.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench/bench_sources.h"
#include "bench/memory_warmup.h"
#include "bench/report_util.h"
#include "bench/scratch_backup.h"
#include "bench/tar_pass.h"
#include "common/units.h"
#include "context/engine.h"
#include "job/restore_job.h"

namespace tl::bench {

namespace {

// The process's peak resident set: reset (Linux: "5" to clear_refs), then read (VmHWM), so a
// phase's own peak is seen rather than the whole run's.
void reset_peak_rss() {
    std::ofstream("/proc/self/clear_refs") << "5";
}
std::uint64_t peak_rss() {
    std::ifstream in("/proc/self/status");
    std::string key;
    while (in >> key) {
        if (key == "VmHWM:") {
            std::uint64_t kib = 0;
            in >> kib;
            return kib * 1024;
        }
        in.ignore(1 << 12, '\n');
    }
    return 0;
}

PassResult pass_of(const job::JobReport& rep, std::uint64_t files, std::uint64_t bytes) {
    PassResult p;
    p.files = files;
    p.bytes = bytes;
    p.seconds = rep.elapsed;
    p.cpu_seconds = rep.cpu_seconds;
    return p;
}

Result<job::JobReport> restore_job(const std::string& home, std::int64_t job_id,
                                   const std::string& to, const RestoreBenchOptions& o,
                                   Clock& clock) {
    auto engine = open_bench_engine(home, clock);
    if (!engine) return engine.error();
    job::RestoreOptions ro;
    ro.what.job_id = job_id;
    ro.library = "bench"; // backup_to_scratch's library
    ro.to = to;
    ro.sync = o.sync;
    ro.writer_threads = o.writer_threads;
    auto res = job::run_restore(*engine.value(), ro, o.cancel);
    if (!res) return res.error();
    const auto& rep = res->report;
    if (rep.status == "cancelled")
        return make_error(ErrorKind::Cancelled, "bench cancelled; its temporary data is removed");
    if (rep.status != "completed")
        return make_error(
            ErrorKind::Io,
            "the bench restore ended " + rep.status + ": " +
                (rep.error.empty() && !rep.warnings.empty() ? rep.warnings.front() : rep.error));
    return rep;
}

nlohmann::json restore_pass_json(const PassResult& p) {
    return {{"files", p.files},       {"bytes", p.bytes},
            {"seconds", p.seconds},   {"files_per_s", p.files_rate()},
            {"mb_s", p.rate() / 1e6}, {"cpu_seconds", p.cpu_seconds}};
}
double ratio(double a, double b) {
    return b > 0 ? a / b : 0;
}

// The limit pass in a directory of its own on the restore's filesystem, removed after.
Result<LimitResult> limit_on(const std::string& to, const std::string& option, std::uint64_t bytes,
                             const std::function<void(const std::string&)>& note, Clock& clock) {
    auto dir = make_scratch_dir(to, option);
    if (!dir) return dir.error();
    ScratchDir limit_dir{dir.value()};
    note("limit: " + format_bytes(bytes) + " written with O_DIRECT (4 MiB writes) onto " +
         limit_dir.path + ", then read back");
    return limit_pass(limit_dir.path, bytes, clock);
}
} // namespace

double RestoreBenchResult::limit_ratio() const {
    return ratio(restore.rate(), limit.write.rate());
}

Result<RestoreBenchResult> run_restore_bench(const RestoreBenchOptions& o, Clock& clock) {
    auto note = [&](const std::string& s) {
        if (o.note) o.note(s);
    };
    RestoreBenchResult r;
    r.machine = read_machine_info(clock);
    r.options = recorded_options(o);
    if (std::error_code ec; !o.to.empty() && !std::filesystem::is_directory(o.to, ec))
        return make_error(ErrorKind::InvalidArgument,
                          "--to " + o.to +
                              " is not a directory; create it on the filesystem to measure "
                              "(a fresh one gives comparable figures) or leave --to out");
    auto stage = stage_bench(o.scratch, source_request(o, {}), clock, note);
    if (!stage) return stage.error();
    const ScratchDir& scratch = stage.value()->scratch;
    const BenchSources* prepared = &stage.value()->prepared;
    const std::vector<std::string>& sources = prepared->sources;
    r.generated = prepared->generated;
    r.sources = sources.size();
    r.files = prepared->warm.files;
    r.bytes = prepared->warm.bytes;
    TL_TRY(cancelled_check(o.cancel));

    const std::string archive = scratch.path + "/bench.tar";
    note("tar -c into " + archive);
    auto tc = tar_create_pass(sources, archive, r.files, r.bytes, clock);
    if (!tc) return tc.error();
    r.tar_create = tc.value();
    TL_TRY(cancelled_check(o.cancel));

    note("backup: " + std::to_string(o.drives) + " drive(s) x " +
         std::to_string(o.sessions_per_drive) + " session(s) to virtual drives under " +
         scratch.path + "/home");
    ScratchBackup sb;
    sb.sources = sources;
    sb.bytes = r.bytes;
    sb.drives = o.drives;
    sb.sessions_per_drive = o.sessions_per_drive;
    sb.block_size = o.block_size;
    sb.cancel = o.cancel;
    // Timed as tar -c is: the engine opened and closed, the job, the sync (scratch_backup.h).
    auto backup = timed_backup_to_scratch(sb, scratch.path + "/home", clock);
    if (!backup) return backup.error();
    r.backup_report = std::move(backup->report);
    r.backup = pass_of(r.backup_report, r.files, r.bytes);
    r.backup.seconds = backup->seconds;
    r.backup.cpu_seconds = backup->cpu_seconds;
    TL_TRY(cancelled_check(o.cancel));

    const std::string to = o.to.empty() ? scratch.path : o.to;
    {
        auto dir = make_scratch_dir(to, o.to.empty() ? "--scratch" : "--to");
        if (!dir) return dir.error();
        ScratchDir restored{dir.value()};
        note(std::string("restore to ") + restored.path + " (--sync " +
             job::sync_mode_name(o.sync) + ")");
        TL_TRY(warm_memory(2 * r.bytes));
        reset_peak_rss();
        // Timed as tar -x is, around all of it: the engine opened, the files selected from the
        // catalog and the plan made (before the job's own clock starts), the job, its sync.
        const PassTiming timing{clock};
        auto rep =
            restore_job(scratch.path + "/home", r.backup_report.job_id, restored.path, o, clock);
        if (!rep) return rep.error();
        r.restore_peak_rss = peak_rss();
        r.restore_report = rep.value();
        r.restore = pass_of(r.restore_report, r.files, r.bytes);
        timing.end(r.restore);
        note("removing the restored files");
    }
    (void)sync_filesystem(to); // the removal settles before tar's turn (untimed)
    TL_TRY(cancelled_check(o.cancel));
    auto limit = limit_on(to, o.to.empty() ? "--scratch" : "--to", r.bytes, note, clock);
    if (!limit) return limit.error();
    r.limit = limit.value();
    TL_TRY(cancelled_check(o.cancel));

    auto tdir = make_scratch_dir(o.tar_to.empty() ? to : o.tar_to);
    if (!tdir) return tdir.error();
    ScratchDir extracted{tdir.value()};
    note("tar -x into " + extracted.path);
    TL_TRY(warm_memory(2 * r.bytes));
    auto tx = tar_extract_pass(archive, extracted.path, o.sync != job::SyncMode::None, r.files,
                               r.bytes, clock);
    if (!tx) return tx.error();
    r.tar_extract = tx.value();
    return r;
}

nlohmann::json to_json(const RestoreBenchResult& r) {
    nlohmann::json j = {
        {"date", r.machine.date},
        {"machine", machine_json(r.machine)},
        {"data",
         {{"generated", r.generated},
          {"sources", r.sources},
          {"files", r.files},
          {"bytes", r.bytes}}},
        {"sync", job::sync_mode_name(r.options.sync)},
        {"tar_create", restore_pass_json(r.tar_create)},
        {"backup", restore_pass_json(r.backup)},
        {"restore", restore_pass_json(r.restore)},
        {"restore_sync_s", r.restore_report.sync_seconds},
        {"backup_job_seconds", r.backup_report.elapsed},
        {"backup_job_cpu_seconds", r.backup_report.cpu_seconds},
        {"restore_job_seconds", r.restore_report.elapsed},
        {"restore_job_cpu_seconds", r.restore_report.cpu_seconds},
        {"restore_peak_rss_bytes", r.restore_peak_rss},
        {"tar_extract", restore_pass_json(r.tar_extract)},
        {"ratio_backup_tar_files", ratio(r.backup.files_rate(), r.tar_create.files_rate())},
        {"ratio_backup_tar_mb", ratio(r.backup.rate(), r.tar_create.rate())},
        {"ratio_restore_tar_files", ratio(r.restore.files_rate(), r.tar_extract.files_rate())},
        {"ratio_restore_tar_mb", ratio(r.restore.rate(), r.tar_extract.rate())},
        {"ratio_restore_tar_cpu", ratio(r.restore.cpu_seconds, r.tar_extract.cpu_seconds)},
        {"ratio_restore_backup_mb", ratio(r.restore.rate(), r.backup.rate())},
        {"ratio_restore_limit", r.limit_ratio()},
    };
    add_limit_json(j, r.limit);
    return j;
}

std::string format_restore_bench(const RestoreBenchResult& r) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(1);
    const auto& m = r.machine;
    o << "Tapeloom bench restore, " << m.date << "\n"
      << "  machine : " << m.cpus << " CPUs (" << m.cpu_model << "), " << format_bytes(m.memory)
      << " RAM, load " << m.load_average << " at start\n"
      << "  checks  : " << m.checksums << "\n"
      << "  data    : " << r.files << " files, " << format_bytes(r.bytes) << " in " << r.sources
      << " source(s)" << (r.generated ? " (generated, incompressible)" : "") << "\n";
    auto line = [&](const char* what, const PassResult& p) {
        o << "  " << what << static_cast<long long>(p.files_rate()) << " files/s, "
          << format_rate(p.rate()) << ", " << p.seconds << " s, CPU " << p.cpu_seconds << " s\n";
    };
    line("tar -c (archive on scratch)    : ", r.tar_create);
    line("Tapeloom backup (virtual tape) : ", r.backup);
    line("Tapeloom restore               : ", r.restore);
    line("tar -x                         : ", r.tar_extract);
    o << "    the backup and tar -c each timed with the sync after them, the backup from the "
         "engine's opening (its job alone: "
      << r.backup_report.elapsed << " s, CPU " << r.backup_report.cpu_seconds << " s)\n";
    o << "    both restores end with a sync of their filesystem: "
      << job::sync_mode_name(r.options.sync) << " (Tapeloom's final sync "
      << r.restore_report.sync_seconds << " s); restore peak memory "
      << format_bytes(r.restore_peak_rss) << "\n"
      << "    the restore timed from the engine's opening, selection and plan included (its "
         "job alone: "
      << r.restore_report.elapsed << " s, CPU " << r.restore_report.cpu_seconds << " s)\n"
      << "  " << format_limit(r.limit) << ", on the restore's filesystem\n";
    o.precision(2);
    o << "  backup  / tar -c : " << ratio(r.backup.files_rate(), r.tar_create.files_rate())
      << " (files/s), " << ratio(r.backup.rate(), r.tar_create.rate()) << " (MB/s)\n"
      << "  restore / tar -x : " << ratio(r.restore.files_rate(), r.tar_extract.files_rate())
      << " (files/s), " << ratio(r.restore.rate(), r.tar_extract.rate()) << " (MB/s), "
      << ratio(r.restore.cpu_seconds, r.tar_extract.cpu_seconds) << " (CPU s)\n"
      << "  restore / backup : " << ratio(r.restore.rate(), r.backup.rate()) << " (MB/s)\n"
      << "  restore / limit write : " << r.limit_ratio() << " (MB/s)\n";
    return o.str();
}

} // namespace tl::bench
