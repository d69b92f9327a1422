#include "media/prune.h"

#include <map>
#include <set>

#include "common/log.h"
#include "media/pool.h"
#include "media/volume_catalog.h"

namespace tl::media {

namespace {
constexpr long long kDay = 86400;

struct JobRow {
    PrunedJob j;
    long long job_expiry = 0, file_expiry = 0;
    bool has_files = false;
};

// A job run from a definition with its own retention (`job define --retention-days N`) keeps
// that retention, for its entries too; the others keep their pool's. The definition is read as
// it is now, so editing it changes the retention of the jobs it already ran, as a pool edit does.
Result<std::vector<JobRow>> backup_jobs(catalog::Db& db) {
    auto q = db.prepare(
        "SELECT j.id, j.name, j.level, coalesce(p.name,''), j.started, "
        "coalesce(d.days, p.retention_days, 30), "
        "coalesce(d.days, p.file_retention_days, p.retention_days, 30), "
        "(SELECT count(*) FROM files f JOIN savesets s ON s.id=f.saveset_id WHERE s.job_id=j.id) "
        "FROM jobs j LEFT JOIN pools p ON p.id=j.pool_id LEFT JOIN (SELECT name, "
        "json_extract(spec, '$.retention_days') AS days FROM job_definitions WHERE "
        "json_extract(spec, '$.retention_days') > 0) d ON d.name=j.name "
        "WHERE j.kind='backup' AND j.status NOT IN ('running','waiting') ORDER BY j.started, j.id");
    if (!q) return q.error();
    std::vector<JobRow> out;
    for (;;) {
        auto r = q->step();
        if (!r) return r.error();
        if (!r.value()) break;
        JobRow row;
        row.j = {q->i64(0), q->text(1), q->text(2), q->text(3), q->i64(4), q->i64(7)};
        row.job_expiry = row.j.started + q->i64(5) * kDay;
        row.file_expiry = row.j.started + q->i64(6) * kDay;
        row.has_files = row.j.files > 0;
        out.push_back(row);
    }
    return out;
}
bool has_column(catalog::Db& db, const char* table, const char* column) {
    auto n = db.scalar(std::string("SELECT count(*) FROM pragma_table_info('") + table +
                       "') WHERE name='" + column + "'");
    return n && n.value() > 0;
}

// Adds to `needed` every job a kept job (or a job already needed) is based on, following
// savesets.base_id when the catalog has it.
Status chain_bases(catalog::Db& db, const std::vector<JobRow>& jobs, long long now,
                   std::map<std::int64_t, std::int64_t>& needed) {
    if (!has_column(db, "savesets", "base_id")) return {};
    auto q = db.prepare("SELECT DISTINCT b.job_id FROM savesets s JOIN savesets b ON "
                        "b.id=s.base_id WHERE s.job_id=? AND b.job_id<>s.job_id");
    if (!q) return q.error();
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
        q->reset();
        q->bind(1, id);
        for (;;) {
            auto row = q->step();
            if (!row) return row.error();
            if (!row.value()) break;
            const auto base = q->i64(0);
            needed.try_emplace(base, by);
            work.emplace_back(base, by);
        }
    }
    return {};
}
} // namespace

Result<PruneReport> prune(catalog::Db& db, long long now, bool dry_run) {
    PruneReport rep;
    rep.dry_run = dry_run;
    rep.now = now;
    auto tx = catalog::Transaction::begin(db);
    if (!tx) return tx.error();
    auto jobs = backup_jobs(db);
    if (!jobs) return jobs.error();

    // Which fulls kept incrementals/differentials depend on.
    std::map<std::int64_t, std::int64_t> needed; // full id -> newest dependent
    for (const auto& r : jobs.value()) {
        if (r.job_expiry <= now) continue; // not kept itself
        if (r.j.level != "incr" && r.j.level != "diff") continue;
        const JobRow* base = nullptr;
        for (const auto& f : jobs.value())
            if (f.j.level == "full" && f.j.name == r.j.name &&
                (f.j.started < r.j.started || (f.j.started == r.j.started && f.j.id < r.j.id)))
                base = &f; // ordered by start: the last one is the newest
        if (base) needed[base->j.id] = r.j.id;
    }
    // Where the catalog records each save set's base (savesets.base_id, docs/levels.md), the
    // whole chain a kept job was compared against is kept too (I2 -> I1 -> F).
    auto chained = chain_bases(db, jobs.value(), now, needed);
    if (!chained) return chained.error();
    std::set<std::int64_t> expired;
    for (const auto& r : jobs.value()) {
        const bool protected_full = needed.count(r.j.id) > 0;
        if (r.job_expiry <= now) {
            if (protected_full) {
                rep.kept_for_dependency.push_back({r.j.id, needed[r.j.id]});
                continue;
            }
            expired.insert(r.j.id);
            rep.jobs_expired.push_back(r.j);
        } else if (r.file_expiry <= now && r.has_files && !protected_full) {
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

    auto del_job = db.prepare("DELETE FROM jobs WHERE id=?");
    if (!del_job) return del_job.error();
    for (const auto& j : rep.jobs_expired)
        TL_TRY(del_job->bind(1, j.id).run());
    auto del_files = db.prepare(
        "DELETE FROM files WHERE saveset_id IN (SELECT id FROM savesets WHERE job_id=?)");
    if (!del_files) return del_files.error();
    for (const auto& j : rep.files_expired)
        TL_TRY(del_files->bind(1, j.id).run());
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
    auto all = backup_jobs(db);
    if (!all) return all.error();
    std::vector<KeptJob> out;
    for (const auto id : on.value())
        for (const auto& r : all.value())
            if (r.j.id == id && r.job_expiry > now) out.push_back({id, r.job_expiry});
    // A full past its retention is still kept when a kept incremental depends on it.
    auto plan = prune(db, now, true);
    if (!plan) return plan.error();
    for (const auto& k : plan->kept_for_dependency)
        for (const auto id : on.value())
            if (id == k.id) out.push_back({id, 0});
    return out;
}

} // namespace tl::media
