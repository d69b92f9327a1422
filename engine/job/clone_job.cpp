#include "job/clone_job.h"

#include <unistd.h>

#include "catalog/clone_store.h"
#include "common/log.h"
#include "context/engine_catalog.h"
#include "job/clone_plan.h"
#include "job/clone_session.h"
#include "job/job_context.h"
#include "job/job_reservation.h"

namespace tl::media {

namespace {
std::string local_host_name() {
    char buf[256] = {};
    gethostname(buf, sizeof buf - 1);
    return buf;
}

// A clone run in its job context: plan -> acquire -> run -> finish (docs/jobs.md).
class CloneRun final {
public:
    CloneRun(Engine& engine, const CloneOptions& o, std::atomic<bool>* cancel)
        : engine_(engine), o_(o), ctx_(engine, cancel) {}

    Status plan();
    Status acquire();
    Status run();
    Result<CloneResult> finish(const Status& outcome);

private:
    Status copy_sessions();
    metrics::LiveSnapshot collect() const;
    void fill_report(job::JobReport& rep, const Status& outcome) const;
    device::TapeDrive& drive(std::size_t i) const { return plan_.library->drive(res_.drives[i]); }

    Engine& engine_;
    const CloneOptions& o_;
    job::JobContext ctx_;
    bool opened_ = false;
    ClonePlan plan_;
    std::vector<SessionToCopy> sessions_;
    CloneResult res_;
    // The drives' counters when the copy started (the live figures are the differences).
    std::uint64_t read_first_ = 0, written_first_ = 0;
    std::uint64_t blocks_read_first_ = 0, blocks_written_first_ = 0;
    std::atomic<bool> copying_{false};
};

Status CloneRun::plan() {
    auto p = plan_clone(engine_, o_);
    if (!p) return p.error();
    plan_ = std::move(p.value());
    res_.job_id = o_.job_id;
    res_.pool = plan_.pool.name;
    return {};
}

// The clone's row, then two drives (one reads, one writes) and the volumes of the original, or
// wait for them, the row saying why; the volumes the copy is written on are reserved as they
// are mounted. Reserved before the copies are looked at, so a clone of the same job that ran
// meanwhile is seen.
Status CloneRun::acquire() {
    TL_TRY(
        ctx_.open({"clone", "clone of job " + std::to_string(o_.job_id) + " to " + plan_.pool.name,
                   "", plan_.pool.id}));
    opened_ = true;
    res_.clone_job_id = ctx_.id();
    job::JobNeeds needs;
    needs.job_name = "clone of job " + std::to_string(o_.job_id);
    needs.drives.count = 2;
    needs.volumes = plan_.original_volumes;
    auto reserved = ctx_.acquire(*plan_.library, needs);
    if (!reserved) return reserved.error();
    res_.drives = reserved.value()->drives();
    auto sessions = choose_sessions(engine_, plan_, o_);
    if (!sessions) return sessions.error();
    sessions_ = std::move(sessions.value());
    return {};
}

// Per drive, the bytes it read or wrote for this clone (the drives' own counters: safe to read
// while the copy runs).
metrics::LiveSnapshot CloneRun::collect() const {
    metrics::LiveSnapshot live;
    const char* state = copying_.load() ? "reading" : "done";
    for (std::size_t i = 0; i < 2; ++i) {
        auto& d = drive(i);
        metrics::LiveDrive x;
        x.name = d.name();
        x.state = i == 0 ? state : (copying_.load() ? "writing" : "done");
        x.bytes = i == 0 ? d.counters().bytes_read.load() - read_first_
                         : d.counters().bytes_written.load() - written_first_;
        live.drives.push_back(std::move(x));
    }
    for (const auto& s : sessions_)
        for (const auto& o : s.originals)
            live.total_bytes += o.stored;
    return live;
}

Status CloneRun::run() {
    read_first_ = drive(0).counters().bytes_read.load();
    written_first_ = drive(1).counters().bytes_written.load();
    blocks_read_first_ = drive(0).counters().blocks_read.load();
    blocks_written_first_ = drive(1).counters().blocks_written.load();
    copying_ = true;
    ctx_.start_monitor([this] { return collect(); });
    Status st = copy_sessions();
    copying_ = false;
    ctx_.stop_monitor();
    return st;
}

Status CloneRun::copy_sessions() {
    auto& db = engine_catalog(engine_);
    auto vmdb = catalog::Db::open(db.path(), false);
    if (!vmdb) return vmdb.error();
    auto writer = job::CatalogWriter::open(db.path());
    if (!writer) return writer.error();
    auto* reserved = ctx_.reserved();
    CopyTools tools{*plan_.library, reserved->drive(0), reserved->drive(1), reserved->grant(),
                    vmdb.value(),   *writer.value(),    local_host_name(),  ctx_.cancel_flag()};
    log::get("job")->info("clone job {}: job {} to pool {}: {} session(s) on drives {}", ctx_.id(),
                          o_.job_id, plan_.pool.name, sessions_.size(),
                          job::describe_drives(res_.drives));
    for (const auto& s : sessions_) {
        SessionCopy copy;
        Status st = copy_session(engine_, plan_, s, tools, copy);
        res_.bytes_read += copy.bytes_read;
        res_.bytes_written += copy.bytes_written;
        res_.volumes_read.insert(res_.volumes_read.end(), copy.volumes_read.begin(),
                                 copy.volumes_read.end());
        res_.volumes_written.insert(res_.volumes_written.end(), copy.volumes_written.begin(),
                                    copy.volumes_written.end());
        res_.warnings.insert(res_.warnings.end(), copy.warnings.begin(), copy.warnings.end());
        for (auto& c : copy.copies) {
            res_.stream_bytes += c.stream_bytes;
            res_.files += c.files;
            res_.savesets.push_back(std::move(c));
        }
        TL_TRY(st);
    }
    return {};
}

// The figures every job's report has, for a clone: files and save-set bytes copied, block
// bytes written (tape_bytes), the read and the write drive, the volumes written.
void CloneRun::fill_report(job::JobReport& rep, const Status& outcome) const {
    rep.files = res_.files;
    rep.bytes = res_.stream_bytes;
    rep.stored = res_.stream_bytes;
    rep.tape_bytes = res_.bytes_written;
    rep.volumes = res_.volumes_written;
    rep.warnings = res_.warnings;
    if (res_.drives.size() == 2) {
        job::DriveReport read;
        read.name = drive(0).name();
        read.bytes = res_.bytes_read;
        read.blocks = drive(0).counters().blocks_read.load() - blocks_read_first_;
        read.volumes = res_.volumes_read;
        job::DriveReport write;
        write.name = drive(1).name();
        write.bytes = res_.bytes_written;
        write.blocks = drive(1).counters().blocks_written.load() - blocks_written_first_;
        write.volumes = res_.volumes_written;
        rep.drives = {read, write};
    }
    rep.wall_rate = job::rate_over_work(rep, rep.tape_bytes);
    if (!outcome) return; // fail() sets the status and the error
    rep.status = ctx_.cancelled() ? "cancelled" : res_.warnings.empty() ? "completed" : "warnings";
}

Result<CloneResult> CloneRun::finish(const Status& outcome) {
    if (!opened_) return outcome.error(); // its row could not be added: nothing recorded
    ctx_.stamp_end();
    res_.elapsed = ctx_.report().elapsed;
    fill_report(ctx_.report(), outcome);
    res_.report = ctx_.report();
    if (!outcome) {
        ctx_.fail(outcome.error(), clone_report_extra(res_));
        // Recorded here; the caller reports the returned error (once on a terminal).
        log::record_only("job")->error("clone job {} (job {}) failed: {}", ctx_.id(), o_.job_id,
                                       outcome.error().message);
        return outcome.error();
    }
    TL_TRY(ctx_.finish(clone_report_extra(res_)));
    res_.report = ctx_.report();
    log::get("job")->info(
        "clone job {} {}: job {} to pool {}: {} save set(s), {} bytes in {:.1f} s", ctx_.id(),
        res_.report.status, o_.job_id, res_.pool, res_.savesets.size(), res_.stream_bytes,
        res_.elapsed);
    return res_;
}
} // namespace

Result<CloneResult> clone_job(Engine& engine, const CloneOptions& o, std::atomic<bool>* cancel) {
    CloneRun run(engine, o, cancel);
    TL_TRY(run.plan()); // refusals before the row and the drives: nothing recorded
    Status st = run.acquire();
    if (st) st = run.run();
    return run.finish(st);
}

nlohmann::json clone_report_extra(const CloneResult& r) {
    nlohmann::json j = {{"cloned_job", r.job_id},
                        {"pool", r.pool},
                        {"stream_bytes", r.stream_bytes},
                        {"bytes_read", r.bytes_read},
                        {"bytes_written", r.bytes_written},
                        {"volumes_read", r.volumes_read},
                        {"volumes_written", r.volumes_written},
                        {"savesets", nlohmann::json::array()}};
    for (const auto& s : r.savesets)
        j["savesets"].push_back({{"original", s.original},
                                 {"copy", s.copy},
                                 {"source", s.source},
                                 {"files", s.files},
                                 {"bytes", s.stream_bytes},
                                 {"keys", s.keys}});
    return j;
}

nlohmann::json clone_report_json(const CloneResult& r) {
    auto j = job::to_json(r.report);
    const auto extra = clone_report_extra(r);
    for (auto it = extra.begin(); it != extra.end(); ++it)
        j[it.key()] = it.value();
    return j;
}

Result<std::vector<CopyListing>> list_copies(catalog::Db& db, std::int64_t job_id) {
    auto rows = catalog::finished_copies(db, job_id);
    if (!rows) return rows.error();
    std::vector<CopyListing> out;
    for (const auto& r : rows.value()) {
        CopyListing c{r.original, r.copy, r.source, "", {}};
        auto vols = catalog::saveset_volumes(db, c.copy);
        if (!vols) return vols.error();
        for (const auto& v : vols.value()) {
            c.volumes.push_back(v.barcode);
            if (c.pool.empty()) c.pool = v.pool;
        }
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace tl::media
