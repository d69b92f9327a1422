#include "media/clone_job.h"

#include <unistd.h>

#include "catalog/clone_store.h"
#include "common/log.h"
#include "job/job_reservation.h"
#include "media/clone_plan.h"
#include "media/clone_session.h"

namespace tl::media {

namespace {
std::string host_name() {
    char buf[256] = {};
    gethostname(buf, sizeof buf - 1);
    return buf;
}

// A clone run: plan -> acquire -> run -> finish, each a step of its own so the job context
// the other jobs share can take these phases over as they are.
class CloneRun final {
public:
    CloneRun(Engine& engine, const CloneOptions& o, std::atomic<bool>* cancel)
        : engine_(engine), o_(o), cancel_(cancel) {}

    Status plan();
    Status acquire();
    Status run();
    Result<CloneResult> finish(const Status& outcome);
    bool acquired() const { return drives_ != nullptr; }

private:
    Engine& engine_;
    const CloneOptions& o_;
    std::atomic<bool>* cancel_;
    ClonePlan plan_;
    std::unique_ptr<job::JobDrives> drives_;
    std::vector<SessionToCopy> sessions_;
    CloneResult res_;
    Clock::Mono started_{};
    long long started_unix_ = 0;
};

Status CloneRun::plan() {
    auto p = plan_clone(engine_, o_);
    if (!p) return p.error();
    plan_ = std::move(p.value());
    res_.job_id = o_.job_id;
    res_.pool = plan_.pool.name;
    return {};
}

// Two drives (one reads, one writes) and the volumes of the original, or wait for them; the
// volumes the copy is written on are reserved as they are mounted. Reserved before the copies
// are looked at, so a clone of the same job that ran meanwhile is seen.
Status CloneRun::acquire() {
    job::JobNeeds needs;
    needs.job_name = "clone of job " + std::to_string(o_.job_id);
    needs.drives.count = 2;
    needs.volumes = plan_.original_volumes;
    needs.cancel = cancel_;
    auto reserved = job::reserve(engine_, *plan_.library, needs);
    if (!reserved) return reserved.error();
    drives_ = std::move(reserved.value());
    res_.drives = drives_->drives();
    started_ = engine_.clock().now();
    started_unix_ = to_unix_seconds(engine_.clock().wall());
    auto sessions = choose_sessions(engine_, plan_, o_);
    if (!sessions) return sessions.error();
    sessions_ = std::move(sessions.value());
    return {};
}

Status CloneRun::run() {
    auto& db = engine_.catalog();
    auto vmdb = catalog::Db::open(db.path(), false);
    if (!vmdb) return vmdb.error();
    auto writer = job::CatalogWriter::open(db.path());
    if (!writer) return writer.error();
    CopyTools tools{*plan_.library, drives_->drive(0), drives_->drive(1), drives_->grant(),
                    vmdb.value(),   *writer.value(),   host_name(),       cancel_};
    log::get("job")->info("clone of job {} to pool {}: {} session(s) on drives {}", o_.job_id,
                          plan_.pool.name, sessions_.size(),
                          job::describe_drives(drives_->drives()));
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

Result<CloneResult> CloneRun::finish(const Status& outcome) {
    if (acquired()) res_.elapsed = seconds_between(started_, engine_.clock().now());
    const std::string status = !outcome                ? "failed"
                               : res_.warnings.empty() ? "completed"
                                                       : "warnings";
    const std::string error = outcome ? std::string() : outcome.error().message;
    if (acquired()) {
        catalog::CloneReportRow row;
        row.job_id = o_.job_id;
        row.pool = res_.pool;
        row.started = started_unix_;
        row.ended = to_unix_seconds(engine_.clock().wall());
        row.status = status;
        row.report = clone_report_json(res_, status, error).dump();
        if (auto st = catalog::add_clone_report(engine_.catalog(), row); !st)
            log::get("job")->error("clone of job {}: its report could not be stored: {}", o_.job_id,
                                   st.error().message);
    }
    if (!outcome) {
        // Recorded here; the caller reports the returned error (once on a terminal).
        log::record_only("job")->error("clone of job {} failed: {}", o_.job_id, error);
        return outcome.error();
    }
    log::get("job")->info("clone of job {} to pool {}: {} save set(s), {} bytes in {:.1f} s",
                          o_.job_id, res_.pool, res_.savesets.size(), res_.stream_bytes,
                          res_.elapsed);
    return res_;
}
} // namespace

Result<CloneResult> clone_job(Engine& engine, const CloneOptions& o, std::atomic<bool>* cancel) {
    CloneRun run(engine, o, cancel);
    TL_TRY(run.plan()); // refusals before any drive is asked for: no report
    Status st = run.acquire();
    if (st) st = run.run();
    return run.finish(st);
}

nlohmann::json clone_report_json(const CloneResult& r, const std::string& status,
                                 const std::string& error) {
    nlohmann::json j = {{"kind", "clone"},
                        {"job_id", r.job_id},
                        {"pool", r.pool},
                        {"status", status},
                        {"error", error},
                        {"elapsed_s", r.elapsed},
                        {"files", r.files},
                        {"stream_bytes", r.stream_bytes},
                        {"bytes_read", r.bytes_read},
                        {"bytes_written", r.bytes_written},
                        {"drives", r.drives},
                        {"volumes_read", r.volumes_read},
                        {"volumes_written", r.volumes_written},
                        {"savesets", nlohmann::json::array()},
                        {"warnings", r.warnings}};
    for (const auto& s : r.savesets)
        j["savesets"].push_back({{"original", s.original},
                                 {"copy", s.copy},
                                 {"source", s.source},
                                 {"files", s.files},
                                 {"bytes", s.stream_bytes},
                                 {"keys", s.keys}});
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
