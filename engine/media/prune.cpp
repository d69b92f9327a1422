#include "media/prune.h"

#include <algorithm>
#include <map>
#include <set>

#include "catalog/job_writes.h"
#include "catalog/retention_store.h"
#include "common/log.h"
#include "media/pool.h"
#include "media/volume_catalog.h"

namespace tl::media {

namespace {
constexpr long long kDay = 86400;

struct JobRow {
    PrunedJob j;
    long long job_expiry = 0, file_expiry = 0;
    long long own_expiry = 0; // the job's own retention, before its copies' pools
    std::string copy_pool;    // the copy pool that set job_expiry ("" when its own did)
    bool has_files = false;
};

// The retention of a job's copies' pools lengthens its own where it is longer.
void extend_for_copies(JobRow& row, const catalog::CopyPool& c) {
    const long long job = row.j.started + c.retention_days * kDay;
    if (job > row.job_expiry) {
        row.job_expiry = job;
        row.copy_pool = c.pool;
    }
    row.file_expiry = std::max(row.file_expiry, row.j.started + c.file_retention_days * kDay);
}

// A job run from a definition with its own retention keeps that retention (for its entries
// too); the others keep their pool's. The definition is read as it is now, so editing it
// changes the retention of the jobs it already ran, as a pool edit does. The pools holding its
// copies keep it longer where their retention is longer.
Result<std::vector<JobRow>> backup_jobs(catalog::Db& db) {
    auto rows = catalog::finished_backups(db);
    if (!rows) return rows.error();
    auto copies = catalog::copy_pools(db);
    if (!copies) return copies.error();
    std::map<std::int64_t, std::vector<const catalog::CopyPool*>> copies_of;
    for (const auto& c : copies.value())
        copies_of[c.job_id].push_back(&c);
    std::vector<JobRow> out;
    for (const auto& r : rows.value()) {
        JobRow row;
        row.j = {r.id, r.name, r.level, r.pool, r.started, r.files};
        row.job_expiry = row.own_expiry = row.j.started + r.retention_days * kDay;
        row.file_expiry = row.j.started + r.file_retention_days * kDay;
        row.has_files = row.j.files > 0;
        for (const auto* c : copies_of[r.id])
            extend_for_copies(row, *c);
        out.push_back(row);
    }
    return out;
}

std::vector<std::int64_t> ids_of(const std::vector<PrunedJob>& jobs) {
    std::vector<std::int64_t> ids;
    for (const auto& j : jobs)
        ids.push_back(j.id);
    return ids;
}

// Adds to `needed` every job a kept job (or a job already needed) is based on, following
// savesets.base_id when the catalog has it.
Status chain_bases(catalog::Db& db, const std::vector<JobRow>& jobs, long long now,
                   std::map<std::int64_t, std::int64_t>& needed) {
    auto bases = catalog::BaseJobs::open(db);
    if (!bases) return bases.error();
    if (!bases->available()) return {};
    std::vector<std::pair<std::int64_t, std::int64_t>> work; // job, the kept job needing it
    for (const auto& r : jobs)
        if (r.job_expiry > now) work.emplace_back(r.j.id, r.j.id);
    for (const auto& [id, by] : needed)
        work.emplace_back(id, by);
    std::set<std::int64_t> seen;
    while (!work.empty()) {
        const auto [id, by] = work.back();
        work.pop_back();
        if (!seen.insert(id).second) continue;
        auto of = bases->of(id);
        if (!of) return of.error();
        for (const auto base : of.value()) {
            needed.try_emplace(base, by);
            work.emplace_back(base, by);
        }
    }
    return {};
}

// The finished backups with their retention, and which of them kept jobs depend on.
struct RetentionPlan {
    std::vector<JobRow> jobs;
    std::map<std::int64_t, std::int64_t> needed; // full (or base) id -> the kept job needing it
};

Result<RetentionPlan> plan_retention(catalog::Db& db, long long now) {
    RetentionPlan plan;
    auto jobs = backup_jobs(db);
    if (!jobs) return jobs.error();
    plan.jobs = std::move(jobs.value());
    // Which fulls kept incrementals/differentials depend on.
    for (const auto& r : plan.jobs) {
        if (r.job_expiry <= now) continue; // not kept itself
        if (r.j.level != "incr" && r.j.level != "diff") continue;
        const JobRow* base = nullptr;
        for (const auto& f : plan.jobs)
            if (f.j.level == "full" && f.j.name == r.j.name &&
                (f.j.started < r.j.started || (f.j.started == r.j.started && f.j.id < r.j.id)))
                base = &f; // ordered by start: the last one is the newest
        if (base) plan.needed[base->j.id] = r.j.id;
    }
    // Where the catalog records each save set's base (savesets.base_id, docs/levels.md), the
    // whole chain a kept job was compared against is kept too (I2 -> I1 -> F).
    TL_TRY(chain_bases(db, plan.jobs, now, plan.needed));
    return plan;
}
} // namespace

Result<PruneReport> prune(catalog::Db& db, long long now, bool dry_run) {
    PruneReport rep;
    rep.dry_run = dry_run;
    rep.now = now;
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    auto plan = plan_retention(db, now);
    if (!plan) return plan.error();
    auto& needed = plan->needed;
    const auto& jobs = plan->jobs;
    std::set<std::int64_t> expired;
    for (const auto& r : jobs) {
        const bool protected_full = needed.count(r.j.id) > 0;
        if (r.job_expiry <= now) {
            if (protected_full) {
                rep.kept_for_dependency.push_back({r.j.id, needed[r.j.id]});
                continue;
            }
            expired.insert(r.j.id);
            rep.jobs_expired.push_back(r.j);
        } else {
            if (r.own_expiry <= now)
                rep.kept_for_copies.push_back({r.j.id, r.copy_pool, r.job_expiry});
            if (r.file_expiry <= now && r.has_files && !protected_full)
                rep.files_expired.push_back(r.j);
        }
    }

    // Volumes whose every job goes: nothing on them is kept any more.
    auto vols = list_volumes(db);
    if (!vols) return vols.error();
    std::vector<std::pair<VolumeRecord, bool>> to_mark; // volume, auto recycle
    for (const auto& v : vols.value()) {
        if (!v.has_data()) continue;
        if (v.state != VolumeState::Full && v.state != VolumeState::Used &&
            v.state != VolumeState::Append)
            continue;
        auto on = jobs_on_volume(db, v.id);
        if (!on) return on.error();
        bool kept = false;
        for (auto id : on.value())
            kept |= !expired.count(id);
        if (kept) continue;
        auto pool = find_pool(db, v.pool_id);
        const bool auto_recycle = pool ? pool->auto_recycle : false;
        (auto_recycle ? rep.volumes_recyclable : rep.volumes_to_recycle).push_back(v.barcode);
        if (auto_recycle) to_mark.emplace_back(v, true);
    }
    if (dry_run) return rep; // the transaction rolls back: nothing written

    TL_TRY(catalog::delete_jobs(db, ids_of(rep.jobs_expired)));
    TL_TRY(catalog::delete_job_files(db, ids_of(rep.files_expired)));
    for (const auto& [v, _] : to_mark) {
        auto st = change_state(db, v, VolumeEvent::Expire,
                               "retention expired: no kept job on it (prune)", now);
        if (!st) return st.error();
    }
    TL_TRY(tx->commit());
    log::get("catalog")->info("prune: {} job(s) and the files of {} more expired, {} volume(s) "
                              "recyclable",
                              rep.jobs_expired.size(), rep.files_expired.size(),
                              rep.volumes_recyclable.size());
    return rep;
}

} // namespace tl::media

namespace tl::media {

Result<std::vector<KeptJob>> kept_jobs_on_volume(catalog::Db& db, std::int64_t volume_id,
                                                 long long now) {
    auto on = jobs_on_volume(db, volume_id);
    if (!on) return on.error();
    auto plan = plan_retention(db, now);
    if (!plan) return plan.error();
    std::vector<KeptJob> out;
    for (const auto id : on.value())
        for (const auto& r : plan->jobs)
            if (r.j.id == id && r.job_expiry > now) out.push_back({id, r.job_expiry});
    // A full past its retention is still kept when a kept incremental depends on it.
    for (const auto id : on.value())
        for (const auto& r : plan->jobs)
            if (r.j.id == id && r.job_expiry <= now && plan->needed.count(id))
                out.push_back({id, 0});
    return out;
}

} // namespace tl::media
