#include "bench/backup_bench.h"

#include <filesystem>
#include <sstream>

#include "bench/bench_sources.h"
#include "bench/job_phases.h"
#include "bench/report_util.h"
#include "bench/scratch_backup.h"
#include "bench/tar_pass.h"
#include "common/units.h"

namespace tl::bench {

namespace {

constexpr std::size_t kCatBuffer = 128u << 10; // cat's buffer when it cannot copy_file_range

double mb_s(double bytes_per_s) {
    return bytes_per_s / 1e6;
}

nlohmann::json pass_json(const PassResult& p) {
    return {{"bytes", p.bytes},
            {"files", p.files},
            {"seconds", p.seconds},
            {"mb_s", mb_s(p.rate())},
            {"files_per_s", p.files_rate()},
            {"cpu_seconds", p.cpu_seconds},
            {"cpu_s_per_gib", p.bytes ? p.cpu_seconds / (p.bytes / kGiB) : 0.0}};
}

} // namespace

double BackupBenchResult::backup_rate() const {
    return backup_seconds > 0 ? static_cast<double>(backup.bytes) / backup_seconds : 0;
}
double BackupBenchResult::backup_files_rate() const {
    return backup_seconds > 0 ? static_cast<double>(backup.files) / backup_seconds : 0;
}
double BackupBenchResult::tar_ratio() const {
    return backup_seconds > 0 ? tar.seconds / backup_seconds : 0;
}
double BackupBenchResult::limit_ratio() const {
    return limit.write.rate() > 0 ? backup_rate() / limit.write.rate() : 0;
}
double BackupBenchResult::cpu_per_gib() const {
    return backup.bytes ? backup_cpu_seconds / (static_cast<double>(backup.bytes) / kGiB) : 0;
}

Result<BackupBenchResult> run_backup_bench(const BackupBenchOptions& o, Clock& clock) {
    auto note = [&](const std::string& s) {
        if (o.note) o.note(s);
    };
    BackupBenchResult r;
    r.machine = read_machine_info(clock);
    r.options = recorded_options(o);
    auto stage = stage_bench(o.scratch, source_request(o, {}), clock, note);
    if (!stage) return stage.error();
    const ScratchDir& scratch = stage.value()->scratch;
    const BenchSources* prepared = &stage.value()->prepared;
    const std::vector<std::string>& sources = prepared->sources;
    const std::vector<std::string>& files = prepared->files;
    r.generated = prepared->generated;
    r.sources = sources.size();
    TL_TRY(cancelled_check(o.cancel));
    note("dd-like read (2 MiB reads, discarded)");
    auto dd = read_pass(files, kBenchReadBuffer, clock);
    if (!dd) return dd.error();
    r.dd = dd.value();
    TL_TRY(cancelled_check(o.cancel));
    // The copy runs twice and the second is timed: on a virtual machine the first write to
    // memory the guest never touched is several times slower (the hypervisor backs it on first
    // touch), which would charge cat for a cost the backup, running after it, does not pay.
    note("cat-like copy to " + scratch.path + "/cat.out (a warm-up copy, then the timed one)");
    auto warm_copy = copy_pass(files, scratch.path + "/cat.out", kCatBuffer, clock);
    if (!warm_copy) return warm_copy.error();
    TL_TRY(cancelled_check(o.cancel));
    auto cat = copy_pass(files, scratch.path + "/cat.out", kCatBuffer, clock);
    if (!cat) return cat.error();
    r.cat = cat.value();
    TL_TRY(cancelled_check(o.cancel));
    // GNU tar as a user runs it on the same sources: one archive on the scratch directory,
    // removed before the backup so both write into the same free memory.
    const std::string archive = scratch.path + "/bench.tar";
    note("tar -c into " + archive);
    auto tar = tar_create_pass(sources, archive, r.dd.files, r.dd.bytes, clock);
    if (!tar) return tar.error();
    r.tar = tar.value();
    std::error_code ec;
    std::filesystem::remove(archive, ec);
    TL_TRY(cancelled_check(o.cancel));

    note("backup: " + std::to_string(o.drives) + " drive(s) x " +
         std::to_string(o.sessions_per_drive) + " session(s) to " +
         (o.null_drives ? "null drives (data discarded), home under " : "virtual drives under ") +
         scratch.path + "/home" +
         (o.drive_rate > 0 ? ", drives throttled to " + format_rate(o.drive_rate) : ""));
    ScratchBackup sb;
    sb.sources = sources;
    sb.bytes = r.dd.bytes;
    sb.drives = o.drives;
    sb.sessions_per_drive = o.sessions_per_drive;
    sb.block_size = o.block_size;
    sb.null_drives = o.null_drives;
    sb.encryption = o.encryption;
    if (o.drive_rate > 0)
        sb.streaming = nlohmann::json{{"rate", o.drive_rate},
                                      {"buffer", kBenchDriveBuffer},
                                      {"start_fill", kBenchDriveStartFill},
                                      {"reposition_s", 3.0}};
    sb.cancel = o.cancel;
    auto rep = timed_backup_to_scratch(sb, scratch.path + "/home", clock);
    if (!rep) return rep.error();
    r.backup = std::move(rep->report); // failed and cancelled jobs are errors of the call
    r.backup_seconds = rep->seconds;
    r.backup_cpu_seconds = rep->cpu_seconds;
    r.tar.files = r.backup.files; // tar stores the same entries (directories too)
    if (o.null_drives) return r;
    TL_TRY(cancelled_check(o.cancel));
    note("limit: " + format_bytes(r.backup.tape_bytes) + " written with O_DIRECT (4 MiB writes) " +
         "onto " + scratch.path + ", then read back");
    auto limit = limit_pass(scratch.path, r.backup.tape_bytes, clock);
    if (!limit) return limit.error();
    r.limit = limit.value();
    r.limit_run = true;
    return r;
}

std::size_t BackupBenchResult::drives_written() const {
    std::size_t n = 0;
    for (const auto& d : backup.drives)
        n += d.blocks > 0 ? 1 : 0;
    return n;
}

double BackupBenchResult::drive_streaming_rate() const {
    double sum = 0;
    for (const auto& d : backup.drives)
        if (d.tape_seconds > 0) sum += static_cast<double>(d.bytes) / d.tape_seconds;
    return sum;
}

double BackupBenchResult::drives_rate() const {
    return options.drive_rate * static_cast<double>(options.drives);
}

std::uint64_t BackupBenchResult::repositions() const {
    std::uint64_t n = 0;
    for (const auto& d : backup.drives)
        n += d.shoeshine_events;
    return n;
}

namespace {
// What each drive of the job wrote and how often its (modelled) tape stopped and repositioned:
// shoe-shine (the buffer ran dry) and restarts after a synchronous filemark; with drives paced
// like tape, how long its tape moved writing and the drive's streaming rate (its bytes over
// that time: the tape's rate, not the job's).
nlohmann::json drives_json(const job::JobReport& b) {
    auto a = nlohmann::json::array();
    for (const auto& d : b.drives) {
        nlohmann::json x = {{"name", d.name},
                            {"bytes", d.bytes},
                            {"blocks", d.blocks},
                            {"repositions", d.shoeshine_events},
                            {"restarts", d.sync_restarts}};
        if (d.tape_seconds > 0) {
            x["tape_seconds"] = d.tape_seconds;
            x["streaming_mb_s"] = mb_s(static_cast<double>(d.bytes) / d.tape_seconds);
        }
        x["timeline"] = job::times_json(d.times);
        a.push_back(std::move(x));
    }
    return a;
}
} // namespace

nlohmann::json to_json(const BackupBenchResult& r) {
    const auto& b = r.backup;
    const double rate = r.backup_rate();
    nlohmann::json j = {
        {"date", r.machine.date},
        {"machine", machine_json(r.machine)},
        {"data",
         {{"generated", r.generated},
          {"sources", r.sources},
          {"files", r.dd.files},
          {"bytes", r.dd.bytes}}},
        {"dd", pass_json(r.dd)},
        {"cat", pass_json(r.cat)},
        {"tar_create", pass_json(r.tar)},
        {"backup",
         {{"job_status", b.status},
          {"drives", r.options.drives},
          {"sessions_per_drive", r.options.sessions_per_drive},
          {"drives_used", r.drives_written()},
          {"drive_reports", drives_json(b)},
          {"repositions", r.repositions()},
          {"drive_streaming_mb_s", mb_s(r.drive_streaming_rate())},
          {"sessions", b.sessions.size()},
          {"block_size", r.options.block_size},
          {"encryption", r.options.encryption},
          {"drive_rate_mb_s", mb_s(r.options.drive_rate)},
          {"bytes", b.bytes},
          {"files", b.files},
          {"seconds", r.backup_seconds},
          {"mb_s", mb_s(rate)},
          {"files_per_s", r.backup_files_rate()},
          {"job_seconds", b.elapsed},
          {"job_mb_s", mb_s(b.elapsed > 0 ? static_cast<double>(b.bytes) / b.elapsed : 0)},
          {"tape_mb_s", mb_s(b.wall_rate)},
          {"sustained_mb_s", mb_s(b.sustained_rate)},
          {"cpu_seconds", r.backup_cpu_seconds},
          {"job_cpu_seconds", b.cpu_seconds},
          {"cpu_s_per_gib", r.cpu_per_gib()},
          {"cpu_utilization_pct", b.cpu_utilization},
          {"peak_rss_bytes", b.peak_rss}}},
        {"phases", to_json(job_phases(b), r.drives_rate())},
        {"ratio_backup_dd", r.dd.rate() > 0 ? rate / r.dd.rate() : 0.0},
        {"ratio_backup_cat", r.cat.rate() > 0 ? rate / r.cat.rate() : 0.0},
        {"ratio_backup_tar_files", r.tar_ratio()},
    };
    if (r.limit_run) {
        add_limit_json(j, r.limit);
        j["ratio_backup_limit"] = r.limit_ratio();
    }
    return j;
}

std::string format_bench(const BackupBenchResult& r) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(1);
    const auto& m = r.machine;
    o << "Tapeloom bench backup, " << m.date << "\n"
      << "  machine : " << m.cpus << " CPUs (" << m.cpu_model << "), " << format_bytes(m.memory)
      << " RAM, load " << m.load_average << " at start\n"
      << "  checks  : " << m.checksums << "\n"
      << "  data    : " << r.dd.files << " files, " << format_bytes(r.dd.bytes) << " in "
      << r.sources << " source(s)" << (r.generated ? " (generated, incompressible)" : "") << "\n";
    auto line = [&](const char* what, double rate, double files_rate, double cpu_gib) {
        o << "  " << what << format_rate(rate) << ", " << static_cast<long long>(files_rate)
          << " files/s, ";
        o.precision(2);
        o << cpu_gib << " CPU s/GiB\n";
        o.precision(1);
    };
    auto cpu_gib = [](const PassResult& p) {
        return p.bytes ? p.cpu_seconds / (static_cast<double>(p.bytes) / kGiB) : 0;
    };
    line("dd  (2 MiB reads, discarded) : ", r.dd.rate(), r.dd.files_rate(), cpu_gib(r.dd));
    line("cat (copy to scratch file)   : ", r.cat.rate(), r.cat.files_rate(), cpu_gib(r.cat));
    line("tar -c (archive on scratch)  : ", r.tar.rate(), r.tar.files_rate(), cpu_gib(r.tar));
    line(r.options.null_drives      ? "backup to null drives        : "
         : r.options.drive_rate > 0 ? "backup to throttled drives   : "
                                    : "backup to virtual drives     : ",
         r.backup_rate(), r.backup_files_rate(), r.cpu_per_gib());
    const auto& b = r.backup;
    // What the job used: fewer sources than drives x sessions leave drives or sessions idle.
    o << "    job " << b.status << ", " << r.drives_written() << " drive(s) wrote data of "
      << r.options.drives << ", " << b.sessions.size() << " session(s) (up to "
      << r.options.sessions_per_drive << " per drive), " << format_bytes(r.options.block_size)
      << " blocks, " << (r.options.encryption == "none" ? "" : r.options.encryption + ", ")
      << (r.options.drive_rate > 0 ? "drives at " + format_rate(r.options.drive_rate) + ", " : "")
      << b.elapsed << " s (" << r.backup_seconds
      << " s timed as tar -c: the engine opened and closed, the sync); "
      << (r.options.drive_rate > 0
              ? std::to_string(r.repositions()) + " reposition(s), drives " +
                    format_rate(r.drive_streaming_rate()) + " while their tape moved; "
              : "")
      << "sustained " << format_rate(b.sustained_rate) << " on tape; CPU " << b.cpu_utilization
      << " % of the machine; peak RSS " << format_bytes(b.peak_rss) << "\n";
    if (!r.options.null_drives) {
        o << format_phases(job_phases(b), r.drives_rate(), b.wall_rate);
        o << format_drive_times(b);
    }
    if (r.limit_run) o << "  " << format_limit(r.limit) << "\n";
    o.precision(2);
    o << "  backup / dd  : " << (r.dd.rate() > 0 ? r.backup_rate() / r.dd.rate() : 0) << "\n"
      << "  backup / cat : " << (r.cat.rate() > 0 ? r.backup_rate() / r.cat.rate() : 0) << "\n"
      << "  backup / tar -c (files/s) : " << r.tar_ratio() << "\n";
    if (r.limit_run) o << "  backup / limit write : " << r.limit_ratio() << "\n";
    return o.str();
}

} // namespace tl::bench
